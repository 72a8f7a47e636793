import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { ThemeProvider } from '../theme/ThemeProvider.tsx';
import { RegistryGate } from '../definitions/RegistryGate.tsx';
import { AppShell } from './AppShell.tsx';
import { GalleryIndex } from '../gallery/GalleryIndex.tsx';
import { GalleryItem } from '../gallery/GalleryItem.tsx';
import { NotFound } from './NotFound.tsx';

export function App() {
  return (
    <ThemeProvider>
      <BrowserRouter>
        <Routes>
          <Route element={<AppShell />}>
            {/* Sign-in comes with a later issue; until then the gallery is the front page. */}
            <Route index element={<Navigate to="/gallery" replace />} />
            <Route path="gallery" element={<RegistryGate><GalleryIndex /></RegistryGate>} />
            <Route path="gallery/:id" element={<RegistryGate><GalleryItem /></RegistryGate>} />
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </ThemeProvider>
  );
}
