import { useState } from 'react';
import { Text } from '@chakra-ui/react';
import { useLocation } from 'react-router';
import { api } from '../session/api.ts';
import { AuthCard, PageLink } from './auth-card.tsx';
import { FormAlert } from '../form/form-alert.tsx';
import { StandaloneForm } from '../form/standalone-form.tsx';
import { useDefinitionForm } from '../form/use-definition-form.ts';

export const VALIDATION_SENT = 'A validation email has been sent to your email address';

/** /resend-validation: always answers the same, so the page never says whether an address has a user. */
export function ResendValidationPage() {
  const email = (useLocation().state as { email?: string } | null)?.email;
  const form = useDefinitionForm('resend-validation', { initialData: email ? { email } : undefined });
  const [sent, setSent] = useState(false);
  const submit = async (payload: Record<string, unknown>) => {
    try {
      await api.POST('/api/auth/v1/resendValidationEmail/{email}', { params: { path: { email: String(payload.email) } } });
    } catch {
      // Whatever the outcome, the same words (spec 000 section 2).
    }
    setSent(true);
  };
  return (
    <AuthCard title="Resend Validation Email">
      {sent ? (
        <FormAlert status="success" title={VALIDATION_SENT} testId="validation-sent" />
      ) : (
        <>
          <Text color="fg.muted">Enter the email address you signed up with and we will send the validation link again.</Text>
          <StandaloneForm form={form} onSubmit={submit} />
        </>
      )}
      <PageLink to="/login">Back to sign in</PageLink>
    </AuthCard>
  );
}
