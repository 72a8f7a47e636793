import type { ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { ThemeProvider as ColorModeProvider } from 'next-themes';
import { system } from './system.ts';

/**
 * Chakra v3 reads the color mode from a `light`/`dark` class on <html>; next-themes sets that class and
 * remembers the choice in localStorage.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <ColorModeProvider
        attribute="class"
        defaultTheme="light"
        enableSystem={false}
        disableTransitionOnChange
        // next-themes renders an inline script meant for server rendering; this app renders on the
        // client only, where React 19 warns about it. A data-block type keeps it inert and quiet.
        scriptProps={{ type: 'application/json' }}
      >
        {children}
      </ColorModeProvider>
    </ChakraProvider>
  );
}
