import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Dialog, Skeleton, Stack } from '@chakra-ui/react';
import type { Edition, FormDefinition, RuleContext } from '../../engine/index.ts';
import { DefinitionForm } from '../form/definition-form.tsx';
import { focusField } from '../form/field-ids.ts';
import { fieldErrorsOf } from './field-errors.ts';
import { submitSession } from '../form/submit-session.ts';
import { useFormSession } from '../form/use-form-session.ts';
import { SubmitButton } from './submit-button.tsx';
import { EmptySourceNotice, useOptionSources } from './option-sources.tsx';
import { SubmitCancelled } from './submit-cancelled.ts';

/** The dialog's id prefix, so its fields never share ids with a form on the page behind it. */
export const DIALOG_ID_PREFIX = 'dialog';

interface DialogFormProps {
  definition: FormDefinition;
  edition: Edition;
  context: RuleContext;
  initialData?: Record<string, unknown>;
  onClose: () => void;
  onSubmit: (payload: Record<string, unknown>) => Promise<unknown>;
  /** Told whenever the form comes to hold changes or stops holding them (a dialog asks before closing with changes). */
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * The dialog's body and footer. Fields whose choices come from the server (`x-options`) are read first; a source
 * with nothing to offer says so above the form, with its link.
 */
export function DialogForm(props: DialogFormProps) {
  const sourced = useOptionSources(props.definition, props.initialData);
  if (sourced.status === 'ready') {
    return <DialogFormBody {...props} definition={sourced.definition} notices={sourced.empty.map((empty, index) => <EmptySourceNotice key={index} empty={empty} />)} />;
  }
  return (
    <>
      <Dialog.Body>
        {sourced.status === 'error' ? (
          <Alert.Root status="error" data-testid="dialog-error">
            <Alert.Indicator />
            <Alert.Title>{sourced.message}</Alert.Title>
          </Alert.Root>
        ) : (
          <Stack gap="3" role="status" aria-label="Loading">
            <Skeleton height="9" />
            <Skeleton height="9" />
          </Stack>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">{props.definition.actions?.cancelLabel ?? 'Cancel'}</Button>
        </Dialog.ActionTrigger>
      </Dialog.Footer>
    </>
  );
}

/**
 * The dialog's body and footer: the form, a failed submit's message, and the two buttons. Only the
 * submit button follows the session per keystroke; this component re-renders on submit state alone.
 */
function DialogFormBody({ definition, edition, context, initialData, onClose, onSubmit, onDirtyChange, notices }: DialogFormProps & { notices: ReactNode[] }) {
  const session = useFormSession(definition, context, initialData);
  // Only a change of dirtiness is reported, not every keystroke.
  useEffect(() => {
    if (!onDirtyChange) return undefined;
    let dirty = session.getSnapshot().dirty;
    onDirtyChange(dirty);
    return session.subscribe(() => {
      const now = session.getSnapshot().dirty;
      if (now !== dirty) onDirtyChange((dirty = now));
    });
  }, [session, onDirtyChange]);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string>();
  const actions = definition.actions ?? {};
  // The latest callbacks without making `submit` change identity (the form is memoised on its props).
  const latest = useRef({ onSubmit, onClose });
  useLayoutEffect(() => {
    latest.current = { onSubmit, onClose };
  });

  const submit = useCallback(async () => {
    const payload = submitSession(session, DIALOG_ID_PREFIX);
    if (!payload) return;
    setSubmitting(true);
    setFailure(undefined);
    try {
      await latest.current.onSubmit(payload);
      latest.current.onClose();
    } catch (error) {
      // Called off by the user (a confirmation answered no): the form stays as it was.
      if (error instanceof SubmitCancelled) return;
      // The data stays in the session: the user fixes the cause and sends again, nothing retyped.
      setFailure(error instanceof Error ? error.message : String(error));
      const fieldErrors = fieldErrorsOf(error);
      if (fieldErrors.length > 0) {
        session.setServerErrors(fieldErrors);
        const path = session.firstServerErrorPath();
        if (path) requestAnimationFrame(() => focusField(DIALOG_ID_PREFIX, path));
      }
    } finally {
      setSubmitting(false);
    }
  }, [session]);
  const submitFromForm = useCallback(() => void submit(), [submit]);

  return (
    <>
      <Dialog.Body>
        {notices}
        {failure && (
          <Alert.Root status="error" mb="4" data-testid="dialog-error">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        )}
        <DefinitionForm
          session={session}
          edition={edition}
          today={context.today}
          idPrefix={DIALOG_ID_PREFIX}
          columns={actions.size === 'xl' ? 2 : 1}
          onSubmit={submitFromForm}
        />
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline" disabled={submitting}>
            {actions.cancelLabel ?? 'Cancel'}
          </Button>
        </Dialog.ActionTrigger>
        <SubmitButton session={session} actions={actions} submitting={submitting} onClick={submitFromForm} />
      </Dialog.Footer>
    </>
  );
}
