import type { MessageLevel } from '../definitions/types.ts';

/**
 * Everything a renderer needs to draw one field, computed in the engine so components only paint
 * (the JSON Forms habit of `mapStateToControlProps`).
 */
export interface FieldState {
  path: string;
  label: string;
  visible: boolean;
  required: boolean;
  enabled: boolean;
  /** Messages set by rules that are not errors (warnings, information). */
  notes: { text: string; level: MessageLevel }[];
}

export interface SectionState {
  id: string;
  title?: string;
  description?: string;
  visible: boolean;
  fields: string[];
}
