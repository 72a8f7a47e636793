import { useState } from 'react';
import { Badge, Button, HStack, Text } from '@chakra-ui/react';
import { runNamed } from '../../api/run.ts';
import type { FormDefinition } from '../../engine/index.ts';
import { RecordDialog, type RecordDialogRequest } from '../page/record-dialog.tsx';
import { run } from '../session/run.ts';
import { APPLICATION_TEXTS } from './quote-texts.ts';
import { QuoteStepSection } from './quote-step-section.tsx';
import { useAnswer } from './use-answer.ts';

/**
 * The additional-info step (spec 002 section 2): the underwriting application the product asks for (its
 * questionnaire.application: the cyber or the tech E&O questionnaire), saved on the account and shared by
 * every quote of it. It can be answered here or on the account page; an application not answered yet does
 * not stop a quote, and underwriting asks for it before binding.
 */
export function ApplicationStep({ accountId, form }: { accountId: string; form: FormDefinition }) {
  const [version, setVersion] = useState(0);
  const [open, setOpen] = useState(false);
  const load = form.binding?.load;
  const answers = useAnswer(`${form.id}:${accountId}:${version}`, (signal) =>
    load ? (runNamed(run, load, { params: { accountId }, signal }) as Promise<Record<string, unknown>>) : Promise.resolve({}));
  if (!load || !form.binding?.update) return null;
  const answered = answers.status === 'ready' && Object.keys(answers.value).length > 0;
  const request: RecordDialogRequest = {
    key: version,
    action: { id: 'application', label: form.title ?? APPLICATION_TEXTS.title, dialog: form.id, success: APPLICATION_TEXTS.saved, failure: APPLICATION_TEXTS.failed },
    form,
    mode: 'edit',
    params: { accountId },
    query: {},
    scope: { route: { accountId } },
  };
  return (
    <QuoteStepSection id="additional-info" title={form.title ?? APPLICATION_TEXTS.title}>
      <HStack justify="space-between" wrap="wrap" gap="3" data-testid="quote-application">
        <HStack gap="2">
          <Badge colorPalette={answered ? 'green' : 'gray'}>{answered ? APPLICATION_TEXTS.answered : APPLICATION_TEXTS.notAnswered}</Badge>
          {!answered && <Text fontSize="sm" color="fg.muted">{APPLICATION_TEXTS.notAnsweredNote}</Text>}
        </HStack>
        <Button variant="outline" size="sm" disabled={answers.status === 'loading'} onClick={() => setOpen(true)}>
          {answered ? APPLICATION_TEXTS.edit : APPLICATION_TEXTS.answer}
        </Button>
      </HStack>
      {open && (
        <RecordDialog
          request={request}
          onClose={() => setOpen(false)}
          onSaved={() => {
            setOpen(false);
            setVersion((value) => value + 1);
          }}
        />
      )}
    </QuoteStepSection>
  );
}
