import { Route, Routes } from 'react-router';
import { StudioList } from './studio-list.tsx';
import { StudioDocumentPage } from './studio-document-page.tsx';
import { StudioHistoryPage } from './studio-history-page.tsx';
import { StudioNotFound } from './studio-not-found.tsx';

/**
 * The definition studio, mounted by the signed-in shell at /admin/studio/* for staff with
 * definitions:write: the list of documents, one document's editor with its live preview, and its
 * version history with diffs and restore.
 */
export function StudioRoutes() {
  return (
    <Routes>
      <Route index element={<StudioList />} />
      <Route path=":key" element={<StudioDocumentPage />} />
      <Route path=":key/history" element={<StudioHistoryPage />} />
      <Route path="*" element={<StudioNotFound />} />
    </Routes>
  );
}
