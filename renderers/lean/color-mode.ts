import { useSyncExternalStore } from 'react';

export type ColorMode = 'light' | 'dark';

/**
 * The light/dark choice without next-themes, for the pages drawn before the app loads: the same
 * localStorage key and <html> class next-themes uses (renderers/theme/theme-provider.tsx), so the app
 * picks up what was chosen here, and this page shows what was chosen in the app.
 */
const STORAGE_KEY = 'theme';
const listeners = new Set<() => void>();

function storedMode(): ColorMode {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

/** Puts the stored mode on <html>, as next-themes does when the app starts. */
export function applyStoredColorMode(): void {
  const mode = storedMode();
  document.documentElement.classList.remove('light', 'dark');
  document.documentElement.classList.add(mode);
  document.documentElement.style.colorScheme = mode;
}

export function setColorMode(mode: ColorMode): void {
  try {
    localStorage.setItem(STORAGE_KEY, mode);
  } catch {
    // Storage refused (private mode): the choice lasts for this page.
  }
  document.documentElement.classList.remove('light', 'dark');
  document.documentElement.classList.add(mode);
  document.documentElement.style.colorScheme = mode;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const currentMode = (): ColorMode => (document.documentElement.classList.contains('dark') ? 'dark' : 'light');

export function useLeanColorMode(): ColorMode {
  return useSyncExternalStore(subscribe, currentMode);
}
