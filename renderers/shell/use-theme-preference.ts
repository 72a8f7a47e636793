import { useEffect } from 'react';
import { useTheme } from 'next-themes';
import { useMyPreferences } from '../session/use-session.ts';

/**
 * The signed-in user's saved theme, applied when it is read (after sign-in, on another browser): the theme
 * follows the user, not the device. Until the user has chosen one, the browser's own stays.
 */
export function useThemePreference(): void {
  const saved = useMyPreferences().data?.theme;
  const { resolvedTheme, setTheme } = useTheme();
  useEffect(() => {
    if (saved && saved !== resolvedTheme) setTheme(saved);
    // Only a newly read preference applies; the user's own toggling is saved before it is read back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved]);
}
