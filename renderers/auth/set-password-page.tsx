import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Grid, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { formatMessage, TOKEN_LINK_ERRORS } from '../../api/error-catalogue.ts';
import { useSessionSnapshot } from '../form/use-form-session.ts';
import { completeSignIn } from '../session/sign-in.ts';
import { AuthCard, PageLink, Waiting } from './auth-card.tsx';
import { FormAlert } from '../form/form-alert.tsx';
import { StandaloneForm } from '../form/standalone-form.tsx';
import { PasswordChecklist } from './password-checklist.tsx';
import { useDefinitionForm } from '../form/use-definition-form.ts';

type TokenAnswer = { accessToken: string; refreshToken: string } | { mfaType: string; message: string };

export interface SetPasswordPageProps {
  title: string;
  definitionId: 'confirm-user' | 'confirm-password-reset';
  token: string;
  intro: (check: { email: string; firstName: string }) => ReactNode;
  /** Checks the link: resolves with who it is for, rejects with the API error. */
  check: () => Promise<{ email: string; firstName: string }>;
  /** Sets the password: tokens to sign in, or the MFA answer (sign in with the code on /login). */
  save: (password: string) => Promise<TokenAnswer>;
}

/**
 * The page behind an e-mailed set-password link (invited user, password reset): checks the link, shows
 * the form with the server's live password constraints beside it, signs in on success and goes to /loading.
 */
export function SetPasswordPage({ title, definitionId, token, intro, check, save }: SetPasswordPageProps) {
  const navigate = useNavigate();
  const [linkState, setLinkState] = useState<{ email: string; firstName: string } | { failure: string }>();

  useEffect(() => {
    let live = true;
    check()
      .then((answer) => live && setLinkState(answer))
      .catch((error: unknown) => {
        if (!live) return;
        const status = isApiError(error) ? error.status : 0;
        if (status === 401) {
          void navigate('/login', { replace: true });
          return;
        }
        setLinkState({
          failure: status === 400 || status === 404 ? TOKEN_LINK_ERRORS.resetLinkExpired : formatMessage(TOKEN_LINK_ERRORS.unexpected, { status }),
        });
      });
    return () => {
      live = false;
    };
  }, [check, navigate]);

  if (!linkState) {
    return (
      <AuthCard title={title}>
        <Waiting text="Checking your link…" />
      </AuthCard>
    );
  }
  if ('failure' in linkState) {
    return (
      <AuthCard title={title}>
        <FormAlert title={linkState.failure} testId="link-failure" />
        <PageLink to="/forgot-password">Get a new link</PageLink>
        <PageLink to="/login">Back to sign in</PageLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={title} testId={`${definitionId}-page`}>
      {intro(linkState)}
      <PasswordForm definitionId={definitionId} token={token} email={linkState.email} save={save} />
    </AuthCard>
  );
}

function PasswordForm({ definitionId, token, email, save }: { definitionId: string; token: string; email: string; save: SetPasswordPageProps['save'] }) {
  const navigate = useNavigate();
  const form = useDefinitionForm(definitionId);
  const password = String(useSessionSnapshot(form.session).state.data.password ?? '');
  const [constraintsMet, setConstraintsMet] = useState(false);
  const onValidChange = useCallback((valid: boolean) => setConstraintsMet(valid), []);

  const submit = async (payload: Record<string, unknown>) => {
    // The failure's own message shows under the form (spec 000 section 8: 'Set-password failure shows the server message').
    const answer = await save(String(payload.password));
    if ('accessToken' in answer) {
      completeSignIn(answer);
      void navigate('/loading', { replace: true });
    } else {
      void navigate('/login', { replace: true, state: { email } });
    }
  };

  return (
    <Grid templateColumns={{ base: '1fr', md: 'minmax(0, 1fr)' }} gap="4">
      <Text fontSize="sm" color="fg.muted">
        Signing in as <strong>{email}</strong>
      </Text>
      <StandaloneForm form={form} onSubmit={submit} blocked={() => !constraintsMet}>
        <PasswordChecklist password={password} token={token} onValidChange={onValidChange} />
      </StandaloneForm>
    </Grid>
  );
}
