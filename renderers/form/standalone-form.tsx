import { useCallback, useLayoutEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Box, Button, Stack } from '@chakra-ui/react';
import { errorMessage } from '../../api/api-error.ts';
import { DefinitionForm } from './definition-form.tsx';
import { useSessionSnapshot } from './use-form-session.ts';
import { submitBlocked } from '../dialog/submit-blocked.ts';
import type { DefinitionFormModel } from './use-definition-form.ts';
import { FormAlert } from './form-alert.tsx';

export interface StandaloneFormProps {
  form: DefinitionFormModel;
  /** Sends the payload. A rejection's message shows above the button; the data stays. */
  onSubmit: (payload: Record<string, unknown>) => Promise<void>;
  /** Keeps the button disabled while true (a page's own condition, e.g. the live password checks). */
  blocked?: (data: Record<string, unknown>) => boolean;
  submitLabel?: string;
  /** Shown between the fields and the button (a checklist, a notice). */
  children?: ReactNode;
  /** Shown under the button (links). */
  footer?: ReactNode;
  idPrefix?: string;
}

/**
 * A public page's form definition drawn by DefinitionForm, with one full-width submit button: disabled
 * as the definition's actions and the page say, and while the request runs (spec 000 section 5: 'submit
 * disabled during the request').
 */
export function StandaloneForm({ form, onSubmit, blocked, submitLabel, children, footer, idPrefix = 'root' }: StandaloneFormProps) {
  const { session, edition, context, definition } = form;
  const snapshot = useSessionSnapshot(session);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string>();
  const latest = useRef(onSubmit);
  useLayoutEffect(() => {
    latest.current = onSubmit;
  });
  const submit = useCallback(async (payload: Record<string, unknown>) => {
    setSubmitting(true);
    setFailure(undefined);
    try {
      await latest.current(payload);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  }, []);
  const onFormSubmit = useCallback((payload: Record<string, unknown>) => void submit(payload), [submit]);
  const disabled = submitting || submitBlocked(definition.actions ?? {}, snapshot) || (blocked?.(snapshot.state.data) ?? false);
  return (
    <Stack gap="4">
      {failure && <FormAlert title={failure} testId="form-error" />}
      <DefinitionForm session={session} edition={edition} today={context.today} columns={1} idPrefix={idPrefix} onSubmit={onFormSubmit}>
        <Stack gap="4" mt="4">
          {children}
          <Button type="submit" colorPalette="blue" width="full" loading={submitting} disabled={disabled}>
            {submitLabel ?? definition.actions?.submitLabel ?? 'Submit'}
          </Button>
          {/*
            A press on a link or button here must not blur the field first: the blur reveals that
            field's messages, the layout shifts, and the release would land beside the link.
          */}
          {footer && <Box onMouseDown={keepFocus}>{footer}</Box>}
        </Stack>
      </DefinitionForm>
    </Stack>
  );
}

function keepFocus(event: MouseEvent<HTMLDivElement>) {
  if ((event.target as HTMLElement).closest('a, button')) event.preventDefault();
}
