import { useTheme } from 'next-themes';

export type ColorMode = 'light' | 'dark';

/** The current color mode and a toggle, over next-themes (so the shell never touches <html> itself). */
export function useColorMode(): { colorMode: ColorMode; toggleColorMode: () => void } {
  const { resolvedTheme, setTheme } = useTheme();
  const colorMode: ColorMode = resolvedTheme === 'dark' ? 'dark' : 'light';
  return { colorMode, toggleColorMode: () => setTheme(colorMode === 'dark' ? 'light' : 'dark') };
}
