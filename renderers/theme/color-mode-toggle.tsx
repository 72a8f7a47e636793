import { IconButton } from '@chakra-ui/react';
import { LuMoon, LuSun } from 'react-icons/lu';
import { useColorMode, type ColorMode } from './use-color-mode.ts';

/** The light/dark switch; `onToggled` hears the mode chosen (the signed-in header keeps it for the user). */
export function ColorModeToggle({ onToggled }: { onToggled?: (mode: ColorMode) => void }) {
  const { colorMode, toggleColorMode } = useColorMode();
  const label = colorMode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
  return (
    <IconButton aria-label={label} title={label} variant="ghost" size="sm" onClick={() => {
        toggleColorMode();
        onToggled?.(colorMode === 'dark' ? 'light' : 'dark');
      }} data-testid="color-mode-toggle">
      {colorMode === 'dark' ? <LuSun /> : <LuMoon />}
    </IconButton>
  );
}
