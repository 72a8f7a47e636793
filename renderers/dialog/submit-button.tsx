import { Button } from '@chakra-ui/react';
import type { FormActions } from '../../engine/index.ts';
import type { FormSession } from '../form/form-session.ts';
import { useSessionSnapshot } from '../form/use-form-session.ts';
import { submitBlocked } from './submit-blocked.ts';

/** The dialog's submit: its label from the actions, disabled as they say and while the submit runs. */
export function SubmitButton({ session, actions, submitting, onClick }: {
  session: FormSession;
  actions: FormActions;
  submitting: boolean;
  onClick: () => void;
}) {
  const snapshot = useSessionSnapshot(session);
  return (
    <Button
      colorPalette="blue"
      loading={submitting}
      disabled={submitBlocked(actions, snapshot) || submitting}
      onClick={onClick}
      data-testid="dialog-submit"
    >
      {actions.submitLabel ?? 'Save'}
    </Button>
  );
}
