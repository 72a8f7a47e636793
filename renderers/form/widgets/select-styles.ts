import type { ChakraStylesConfig } from 'chakra-react-select';
import type { Choice } from './enum-options.ts';

/**
 * How a select that cannot be changed shows its value. The library fades the whole control to half strength,
 * below the contrast a value must have (WCAG 1.4.3): read-only shows it at full strength, as a read-only text
 * input does; disabled stays visibly fainter, at the least strength that still reads (4.5:1 on the surface).
 */
export const READ_ONLY_STYLES: ChakraStylesConfig<Choice, boolean> = { control: (base) => ({ ...base, opacity: 1 }) };
export const DISABLED_STYLES: ChakraStylesConfig<Choice, boolean> = { control: (base) => ({ ...base, opacity: 0.62 }) };

/** The styles for a select's state, if it has one. */
export function selectStylesFor(flags: { readOnly: boolean; disabled: boolean }): ChakraStylesConfig<Choice, boolean> | undefined {
  if (flags.disabled) return DISABLED_STYLES;
  return flags.readOnly ? READ_ONLY_STYLES : undefined;
}
