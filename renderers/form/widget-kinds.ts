import type { RJSFSchema, UiSchema } from '@rjsf/utils';

/** The ui:widget a field renders with, defaulted the way rjsf picks one from the schema. */
export function widgetNameOf(schema: RJSFSchema, uiSchema: UiSchema | undefined): string {
  const named = uiSchema?.['ui:widget'];
  if (typeof named === 'string') return named;
  if (schema.type === 'boolean') return 'checkbox';
  if (schema.type === 'array') return 'multiSelect';
  if (schema.oneOf || schema.enum) return 'select';
  return 'text';
}

/** Widgets that are a group of controls: labelled with aria-labelledby instead of <label for>. */
const GROUP_WIDGETS = new Set(['radio', 'RadioWidget', 'checkboxes', 'CheckboxesWidget']);
/** Widgets that carry their own label beside the control. */
const SELF_LABELLED_WIDGETS = new Set(['checkbox', 'CheckboxWidget']);
/** Widgets that take the full width of a section's grid. */
const WIDE_WIDGETS = new Set(['textarea', 'TextareaWidget', 'checkboxes', 'CheckboxesWidget', 'multiSelect']);

export const isGroupWidget = (name: string) => GROUP_WIDGETS.has(name);
export const isSelfLabelledWidget = (name: string) => SELF_LABELLED_WIDGETS.has(name);
export const isWideWidget = (name: string) => WIDE_WIDGETS.has(name);
