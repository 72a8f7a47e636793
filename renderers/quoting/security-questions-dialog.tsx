import { useMemo } from 'react';
import type { Edition, FormDefinition, RuleContext } from '../../engine/index.ts';
import { DefinitionDialog } from '../dialog/definition-dialog.tsx';
import { FOLLOW_UP_LABELS, type FollowUp } from './quote-texts.ts';

interface SecurityQuestionsDialogProps {
  definition: FormDefinition;
  edition: Edition;
  context: RuleContext;
  answers: Record<string, unknown> | undefined;
  /** The action that waits on the answers: the submit button says it (Quote Now, View List, Add to List); Save otherwise. */
  followUp?: FollowUp;
  onClose: () => void;
  onSubmit: (answers: Record<string, unknown>) => Promise<unknown>;
}

/**
 * The security questions (definitions/forms/p250-security-questions.json, three sections) as a dialog.
 * Its buttons are Save or the follow-up action's label, and Cancel (spec 002 section 2).
 */
export function SecurityQuestionsDialog({ definition, edition, context, answers, followUp, onClose, onSubmit }: SecurityQuestionsDialogProps) {
  const labelled = useMemo<FormDefinition>(
    () => (followUp ? { ...definition, actions: { ...definition.actions, submitLabel: FOLLOW_UP_LABELS[followUp] } } : definition),
    [definition, followUp],
  );
  const initial = useMemo(() => ({ ...(answers ?? {}) }), [answers]);
  return <DefinitionDialog definition={labelled} edition={edition} context={context} initialData={initial} open onClose={onClose} onSubmit={onSubmit} />;
}
