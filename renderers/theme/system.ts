import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/**
 * The console's design tokens on top of Chakra's defaults. Kept small on purpose: components use
 * Chakra's semantic tokens (bg, fg, border, colorPalette) so light and dark modes come for free.
 */
const config = defineConfig({
  globalCss: {
    'html, body': { minHeight: '100%' },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
        body: { value: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
        mono: { value: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
      },
    },
    semanticTokens: {
      colors: {
        // The app's accent, used for primary buttons and active states.
        accent: { value: { _light: '{colors.blue.600}', _dark: '{colors.blue.300}' } },
        required: { value: { _light: '{colors.red.600}', _dark: '{colors.red.300}' } },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
