import { Route, Routes } from 'react-router';
import { GalleryIndex } from './gallery-index.tsx';
import { GalleryItem } from './gallery-item.tsx';

/** The gallery's own routes under its page: the index, and one definition by id. */
export function DefinitionGallery() {
  return (
    <Routes>
      <Route index element={<GalleryIndex />} />
      <Route path=":id" element={<GalleryItem />} />
    </Routes>
  );
}
