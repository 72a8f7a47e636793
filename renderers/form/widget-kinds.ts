import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { widgetDescriptor } from './widgets/index.ts';

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
export const isGroupWidget = (name: string) => widgetDescriptor(name)?.label === 'group';
/** Widgets that carry their own label beside the control. */
export const isSelfLabelledWidget = (name: string) => widgetDescriptor(name)?.label === 'self';
/** Widgets that take the full width of a section's grid. */
export const isWideWidget = (name: string) => widgetDescriptor(name)?.wide === true;
