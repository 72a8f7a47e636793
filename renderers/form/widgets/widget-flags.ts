import type { WidgetProps } from '@rjsf/utils';
import { messagesIdOf } from '../field-ids.ts';
import { useFieldView } from '../use-field-view.ts';
import type { DefinitionFormContext } from '../form-context.ts';

/**
 * What every widget takes from the engine rather than from rjsf: disabled (rules can disable),
 * required and invalid for assistive technology, and the id of the messages that describe it.
 */
export function useWidgetFlags(props: WidgetProps) {
  const view = useFieldView();
  const shownErrors = view?.errors.length ?? 0;
  const notes = view?.notes.length ?? 0;
  return {
    disabled: Boolean(props.disabled) || view?.state?.enabled === false,
    readOnly: Boolean(props.readonly),
    invalid: shownErrors > 0,
    required: view?.state?.required ?? false,
    describedBy: shownErrors + notes > 0 ? messagesIdOf(props.id) : undefined,
  };
}

/** The aria attributes a single-input widget puts on its input. */
export function inputAria(flags: ReturnType<typeof useWidgetFlags>) {
  return {
    'aria-invalid': flags.invalid || undefined,
    'aria-required': flags.required || undefined,
    'aria-describedby': flags.describedBy,
  };
}

export function formContextOf(props: WidgetProps): DefinitionFormContext {
  return props.registry.formContext as DefinitionFormContext;
}
