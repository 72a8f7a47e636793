import { useEffect, useState } from 'react';
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useAtom } from 'jotai';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError, isApiError } from '../../api/api-error.ts';
import { LOGIN_ERRORS } from '../../api/error-catalogue.ts';
import { api } from '../session/api.ts';
import { ONE_TIME_CODE_LENGTH } from '../session/constants.ts';
import { dashboardFor } from '../session/personas.ts';
import { completeSignIn } from '../session/sign-in.ts';
import { sessionNoticeAtom, sessionStore } from '../session/store.ts';
import { useCurrentUser, useFeatureFlags, useSignedIn } from '../session/use-session.ts';
import { AuthCard, PageLink, Waiting } from './auth-card.tsx';
import { FormAlert } from '../form/form-alert.tsx';
import { StandaloneForm } from '../form/standalone-form.tsx';
import { afterSignIn, type LoginState } from './redirects.ts';
import { toaster } from '../shell/toaster.tsx';
import { useDefinitionForm } from '../form/use-definition-form.ts';

/** A signed-in visitor goes to their dashboard; everyone else gets the sign-in form. */
export function LoginPage() {
  const signedIn = useSignedIn();
  const user = useCurrentUser();
  if (signedIn && user.data) return <Navigate to={dashboardFor(user.data.account.accountType)} replace />;
  if (signedIn && user.status !== 'error') {
    return (
      <AuthCard title="Sign in">
        <Waiting text="Checking your session…" />
      </AuthCard>
    );
  }
  return <LoginForm />;
}

interface MfaState {
  mfaType: string;
  message: string;
}

function LoginForm() {
  const location = useLocation();
  const state = (location.state ?? null) as LoginState | null;
  const [notice] = useAtom(sessionNoticeAtom, { store: sessionStore });
  // After a 307 the form starts again in MFA mode (the credentials kept, no stale messages shown).
  const [mfa, setMfa] = useState<MfaState>();
  const [kept, setKept] = useState<Record<string, unknown> | undefined>(state?.email ? { username: state.email } : undefined);
  return (
    <AuthCard title="Sign in" testId="login-page">
      {notice && <FormAlert status="info" title={notice} testId="session-notice" />}
      {state?.existingUser || state?.existingUserForQuote || state?.existingAgentForQuote ? (
        <FormAlert status="info" title="You already have an account. Sign in to continue." />
      ) : null}
      {mfa && (
        <FormAlert status="info" title="Multi-factor authentication" testId="mfa-notice">
          {mfa.message || 'Enter the 6-digit code to finish signing in.'}
        </FormAlert>
      )}
      <LoginFields
        key={mfa ? 'mfa' : 'credentials'}
        initialData={kept}
        mfa={mfa}
        state={state}
        onMfa={(next, data) => {
          setKept({ ...data, mfaType: next.mfaType, mfaCode: undefined });
          setMfa(next);
        }}
      />
    </AuthCard>
  );
}

function LoginFields({ initialData, mfa, state, onMfa }: {
  initialData?: Record<string, unknown>;
  mfa?: MfaState;
  state: LoginState | null;
  onMfa: (mfa: MfaState, data: Record<string, unknown>) => void;
}) {
  const navigate = useNavigate();
  const flags = useFeatureFlags();
  const form = useDefinitionForm('login', { flags, initialData });
  const [, setNotice] = useAtom(sessionNoticeAtom, { store: sessionStore });
  const [needsValidation, setNeedsValidation] = useState(false);
  const [resent, setResent] = useState<string>();

  useEffect(() => {
    if (mfa) document.getElementById('root_mfaCode')?.focus();
  }, [mfa]);

  const credentials = () => {
    const data = form.session.getSnapshot().state.data;
    return { username: String(data.username ?? ''), password: String(data.password ?? '') };
  };

  const submit = async (payload: Record<string, unknown>) => {
    setNeedsValidation(false);
    setResent(undefined);
    try {
      const { data } = await api.POST('/api/auth/v1/login', { body: payload as { username: string; password: string } });
      setNotice(null);
      completeSignIn(data!, payload.rememberDevice === true || data!.rememberDevice === true);
      if (state?.acceptInvitation) await acceptInvitation(state.acceptInvitation);
      void navigate(afterSignIn(state), { replace: true });
    } catch (error) {
      if (!isApiError(error)) throw error;
      const body = (error.body ?? {}) as { mfaType?: string; message?: string };
      switch (error.status) {
        case 307:
          // MFA mode: the code field shows (the definition's rule on mfaType) and Login waits for 6 characters.
          onMfa({ mfaType: body.mfaType ?? 'EMAIL', message: body.message ?? '' }, form.session.getSnapshot().state.data);
          return;
        case 418:
          void navigate('/password-expired', { state: { email: payload.username } });
          return;
        case 412:
          setNeedsValidation(true);
          throw error;
        case 500:
          throw new ApiError(LOGIN_ERRORS.serviceDown, 500);
        case 401:
        case 409:
        case 429:
          // Locked or throttled: the server's message says for how long.
          if (error.body) throw error;
          throw new ApiError(LOGIN_ERRORS.invalidCredentials, error.status);
        default:
          throw new ApiError(LOGIN_ERRORS.invalidCredentials, error.status);
      }
    }
  };

  const resendCode = async () => {
    try {
      const { data } = await api.POST('/api/auth/v1/mfa/resend', { body: credentials() });
      setResent(data?.message ?? 'A new code has been sent.');
    } catch (error) {
      setResent(isApiError(error) ? error.message : LOGIN_ERRORS.invalidCredentials);
    }
  };

  return (
    <StandaloneForm
      form={form}
      onSubmit={submit}
      blocked={(data) => Boolean(data.mfaType) && String(data.mfaCode ?? '').length !== ONE_TIME_CODE_LENGTH}
      footer={
        <Stack gap="2" fontSize="sm">
          {needsValidation && (
            <Text>
              <PageLink to="/resend-validation" state={{ email: credentials().username }}>
                Resend Validation Email
              </PageLink>
            </Text>
          )}
          <HStack justify="space-between" wrap="wrap" gap="2">
            <PageLink to="/forgot-password">Forgot Password</PageLink>
            {mfa && (
              <PageLink to="/forgot-password" state={{ resetMfa: true, username: credentials().username }}>
                Reset MFA
              </PageLink>
            )}
          </HStack>
          {mfa && mfa.mfaType !== 'GOOGLE' && (
            <HStack gap="2">
              <Button variant="plain" size="sm" px="0" colorPalette="blue" onClick={() => void resendCode()}>
                Send a new code
              </Button>
              {resent && (
                <Text color="fg.muted" role="status">
                  {resent}
                </Text>
              )}
            </HStack>
          )}
        </Stack>
      }
    />
  );
}

/** Signing in from an invitation link accepts it: the membership of the other account starts now. */
async function acceptInvitation(validationToken: string): Promise<void> {
  try {
    const { data } = await api.POST('/api/auth/v1/invitations/accept', { params: { query: { validationToken } } });
    toaster.create({ type: 'success', title: data!.message });
  } catch (error) {
    toaster.create({ type: 'error', title: isApiError(error) ? error.message : 'The invitation could not be accepted.' });
  }
}
