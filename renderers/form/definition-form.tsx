import { memo, useCallback, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { Edition } from '../../engine/index.ts';
import type { FormSession } from './form-session.ts';
import type { DefinitionFormContext } from './form-context.ts';
import { submitSession } from './submit-session.ts';
import { TEMPLATES } from './templates.ts';
import { WIDGETS } from './widgets/index.ts';
import { DEFAULT_FORM_STATE_BEHAVIOR } from './default-form-state.ts';
import { RemoteChecks } from './remote-checks.tsx';
import { RemoteValues } from './remote-values.tsx';

export interface DefinitionFormProps {
  session: FormSession;
  edition: Edition;
  /** The user's today (YYYY-MM-DD) for date bounds; the rules get it through the session's context. */
  /** Every edition, so a record of another one (its own `currency`) reads its phones as that one writes them. */
  editions?: readonly Edition[];
  today: string;
  /** rjsf's id prefix: 'root' gives ids such as root_zipCode; a dialog over a page uses another. */
  idPrefix?: string;
  /** Field columns per section on wide screens (2 by default; narrow dialogs use 1). */
  columns?: 1 | 2;
  /** Buttons under the fields; none by default (dialogs draw their own footer). */
  children?: ReactNode;
  /** Called with the payload when a submit (Enter, or a submit button among the children) passes. */
  onSubmit?: (payload: Record<string, unknown>) => void;
  /** Every field is shown but cannot be changed (a record the user may read, not edit). */
  readOnly?: boolean;
}

/**
 * A form definition drawn by rjsf, with the engine as the only validator: every change goes through
 * the session's FormRuntime, whose data (after set and clear effects) flows back into rjsf, and whose
 * field states reach the templates through the session (rjsf's own validation is off). A keystroke
 * re-renders rjsf's edited field and the templates whose FieldView changed, not this component.
 */
export const DefinitionForm = memo(DefinitionFormView);

function DefinitionFormView({ session, edition, editions, today, idPrefix = 'root', columns = 2, children, onSubmit, readOnly = false }: DefinitionFormProps) {
  // Re-render when data arrives from outside rjsf (rules, start), and then hand rjsf the latest data.
  useSyncExternalStore(session.subscribe, session.pushedData);
  const data = session.getSnapshot().state.data;
  const formContext = useMemo<DefinitionFormContext>(
    () => ({ session, edition, editions, today, columns }),
    [session, edition, editions, today, columns],
  );
  const onChange = useCallback((event: IChangeEvent) => session.update((event.formData ?? {}) as Record<string, unknown>), [session]);
  const onBlur = useCallback((id: string) => session.touchId(id), [session]);
  const handleSubmit = useCallback(() => {
    session.handOverTyped();
    const payload = submitSession(session, idPrefix);
    if (payload) onSubmit?.(payload);
  }, [session, idPrefix, onSubmit]);
  const { definition } = session;
  return (
    <>
      {!readOnly && <RemoteChecks session={session} />}
      {!readOnly && <RemoteValues session={session} />}
      <Form
        schema={definition.schema as RJSFSchema}
        uiSchema={(definition.uiSchema ?? EMPTY_UI) as UiSchema}
        formData={data}
        formContext={formContext}
        validator={validator}
        widgets={WIDGETS}
        templates={TEMPLATES}
        idPrefix={idPrefix}
        experimental_defaultFormStateBehavior={DEFAULT_FORM_STATE_BEHAVIOR}
        disabled={readOnly}
        noValidate
        noHtml5Validate
        showErrorList={false}
        onChange={onChange}
        onBlur={onBlur}
        onSubmit={handleSubmit}
      >
        {children ?? <></>}
      </Form>
    </>
  );
}

const EMPTY_UI = {};
