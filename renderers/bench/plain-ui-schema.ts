import type { UiSchema } from '@rjsf/utils';

/** rjsf's own widget names; our named widgets (money, phone, multiSelect, ...) fall back to rjsf's defaults. */
const RJSF_WIDGETS = new Set(['text', 'textarea', 'email', 'radio', 'select', 'checkboxes', 'checkbox', 'date', 'hidden', 'password']);

/** The definition's UI schema as plain rjsf can draw it: same layout hints, rjsf widgets only. */
export function plainUiSchema(uiSchema: Record<string, unknown> = {}): UiSchema {
  return Object.fromEntries(
    Object.entries(uiSchema).map(([field, options]) => {
      if (!options || typeof options !== 'object') return [field, options];
      const { 'ui:widget': widget, ...rest } = options as Record<string, unknown>;
      return [field, typeof widget === 'string' && RJSF_WIDGETS.has(widget) ? { ...rest, 'ui:widget': widget } : rest];
    }),
  );
}
