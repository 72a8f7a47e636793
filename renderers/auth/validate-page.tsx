import { useEffect, useState } from 'react';
import { HStack, IconButton, Text } from '@chakra-ui/react';
import { LuMail, LuMessageSquare } from 'react-icons/lu';
import { useNavigate, useParams } from 'react-router';
import type { components } from '../../api/schema.d.ts';
import { ApiError, isApiError } from '../../api/api-error.ts';
import { WORKFLOW_ERRORS } from '../../api/error-catalogue.ts';
import { api } from '../session/api.ts';
import { completeSignIn } from '../session/sign-in.ts';
import { AuthCard, Waiting } from './auth-card.tsx';
import { FormAlert } from '../form/form-alert.tsx';
import { StandaloneForm } from '../form/standalone-form.tsx';
import { safeInternalPath } from './redirects.ts';
import { SupportContact } from './support-contact.tsx';
import { useDefinitionForm } from '../form/use-definition-form.ts';

type Workflow = components['schemas']['Workflow'];

/** The heading by flow (spec 000 section 2: E_PAY access; SURPLUS_NOTICE review and sign; otherwise the quote). */
const HEADINGS: Record<string, string> = {
  E_PAY: 'Access your payment page',
  SURPLUS_NOTICE: 'Review and sign the surplus lines notice',
};
const DEFAULT_HEADING = 'Access your quote';

function workflowFailure(error: unknown): ApiError {
  if (!isApiError(error)) return new ApiError(WORKFLOW_ERRORS.notAuthenticated, 0);
  if (error.status === 500 || error.status === 502) return new ApiError(WORKFLOW_ERRORS.maintenance, error.status);
  return error.body ? error : new ApiError(WORKFLOW_ERRORS.notAuthenticated, error.status);
}

/** /validate/{workflowId}: a one-time code by e-mail or text opens the page the workflow leads to. */
export function ValidatePage() {
  const { workflowId = '' } = useParams();
  const navigate = useNavigate();
  const [workflow, setWorkflow] = useState<Workflow | { failure: string }>();
  const [sentNote, setSentNote] = useState<string>();
  const form = useDefinitionForm('one-time-code');

  useEffect(() => {
    let live = true;
    api
      .GET('/api/auth/v1/wf/{id}', { params: { path: { id: workflowId } } })
      .then(({ data }) => live && setWorkflow(data!))
      .catch((error: unknown) => live && setWorkflow({ failure: workflowFailure(error).message }));
    return () => {
      live = false;
    };
  }, [workflowId]);

  const send = async (channel: 'email' | 'text') => {
    setSentNote(undefined);
    try {
      const { data } =
        channel === 'email'
          ? await api.GET('/api/auth/v1/wf/access/{id}', { params: { path: { id: workflowId } } })
          : await api.GET('/api/auth/v1/wf/access/phone/{id}', { params: { path: { id: workflowId } } });
      setSentNote(data?.message ?? 'A code has been sent.');
    } catch (error) {
      setSentNote(workflowFailure(error).message);
    }
  };

  const submit = async (payload: Record<string, unknown>) => {
    let session;
    try {
      session = (await api.POST('/api/auth/v1/wf/token', { body: { id: workflowId, code: String(payload.code) } })).data!;
    } catch (error) {
      throw workflowFailure(error);
    }
    completeSignIn(session);
    const target = safeInternalPath(session.redirectURL) ?? '/loading';
    // Agency users get the account name in an agency query parameter.
    if (session.accountType === 'AGENCY' && session.accountName) {
      const url = new URL(target, window.location.origin);
      url.searchParams.set('agency', session.accountName);
      void navigate(`${url.pathname}${url.search}${url.hash}`, { replace: true });
    } else {
      void navigate(target, { replace: true });
    }
  };

  if (!workflow) {
    return (
      <AuthCard title={DEFAULT_HEADING}>
        <Waiting text="Loading…" />
      </AuthCard>
    );
  }
  if ('failure' in workflow) {
    return (
      <AuthCard title={DEFAULT_HEADING}>
        <FormAlert title={workflow.failure} testId="workflow-failure" />
        <SupportContact />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={HEADINGS[workflow.flow] ?? DEFAULT_HEADING} testId="validate-page">
      <Text>Enter the 6-digit code we send you. Choose where to receive it:</Text>
      <HStack gap="3">
        <IconButton aria-label={`Send the code by email to ${workflow.sendCodeTo}`} title={`Email ${workflow.sendCodeTo}`} variant="outline" onClick={() => void send('email')}>
          <LuMail />
        </IconButton>
        <IconButton
          aria-label={workflow.flowUserPhone ? `Send the code by text to ${workflow.flowUserPhone}` : 'Send the code by text (no phone number on file)'}
          title={workflow.flowUserPhone ? `Text ${workflow.flowUserPhone}` : 'No phone number on file'}
          variant="outline"
          disabled={!workflow.flowUserPhone}
          onClick={() => void send('text')}
        >
          <LuMessageSquare />
        </IconButton>
        {sentNote && (
          <Text fontSize="sm" color="fg.muted" role="status">
            {sentNote}
          </Text>
        )}
      </HStack>
      <StandaloneForm form={form} onSubmit={submit} />
      <SupportContact />
    </AuthCard>
  );
}
