import { useCallback, useEffect, useState } from 'react';
import { Text } from '@chakra-ui/react';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { api } from '../session/api.ts';
import { AuthCard, PageLink, Waiting } from './auth-card.tsx';
import { FormAlert } from '../form/form-alert.tsx';
import { once } from './once.ts';
import { SetPasswordPage } from './set-password-page.tsx';

/** The 307 answer of a set-password call (the user has MFA) comes back as an ApiError; it is a success here. */
async function tokensOrMfa<T>(call: Promise<{ data?: T }>): Promise<T | { mfaType: string; message: string }> {
  try {
    return (await call).data!;
  } catch (error) {
    if (isApiError(error) && error.status === 307) return error.body as { mfaType: string; message: string };
    throw error;
  }
}

/** /confirmUser/{token}: an invited user confirms the e-mail and sets a password. */
export function ConfirmUserPage() {
  const { token = '' } = useParams();
  const check = useCallback(async () => (await api.GET('/api/auth/v1/checkUserInvited/{id}', { params: { path: { id: token } } })).data!, [token]);
  const save = useCallback(
    (password: string) => tokensOrMfa(api.POST('/api/auth/v1/validateUserInvited/{id}', { params: { path: { id: token } }, body: { password } })),
    [token],
  );
  return (
    <SetPasswordPage
      title="Confirm your account"
      definitionId="confirm-user"
      token={token}
      check={check}
      save={save}
      intro={({ firstName }) => <Text>Welcome{firstName ? `, ${firstName}` : ''}! Set a password to confirm your email address and sign in.</Text>}
    />
  );
}

/** /confirmPasswordReset/{token}: a new password from a reset link. */
export function ConfirmPasswordResetPage() {
  const { token = '' } = useParams();
  const check = useCallback(async () => (await api.GET('/api/auth/v1/checkPasswordReset/{id}', { params: { path: { id: token } } })).data!, [token]);
  const save = useCallback(
    (password: string) => tokensOrMfa(api.POST('/api/auth/v1/validatePasswordReset/{id}', { params: { path: { id: token } }, body: { password } })),
    [token],
  );
  return (
    <SetPasswordPage
      title="Reset your password"
      definitionId="confirm-password-reset"
      token={token}
      check={check}
      save={save}
      intro={({ firstName }) => <Text>{firstName ? `Hi ${firstName}, choose` : 'Choose'} a new password for your account.</Text>}
    />
  );
}

/** /confirmMfaReset/{token}: uses the MFA-reset link; a 404 goes to /login. */
export function ConfirmMfaResetPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [state, setState] = useState<'waiting' | 'done' | string>('waiting');
  useEffect(() => {
    let live = true;
    once(`mfa-reset:${token}`, () => api.POST('/api/auth/v1/validateMFAReset/{token}', { params: { path: { token } } }))
      .then(() => live && setState('done'))
      .catch((error: unknown) => {
        if (!live) return;
        if (isApiError(error) && error.status === 404) void navigate('/login', { replace: true });
        else setState(isApiError(error) ? error.message : 'Something went wrong. Please try again later');
      });
    return () => {
      live = false;
    };
  }, [token, navigate]);
  return (
    <AuthCard title="Reset Multi Factor Authentication" testId="mfa-reset-page">
      {state === 'waiting' && <Waiting text="Resetting your multi-factor authentication…" />}
      {state === 'done' && (
        <FormAlert status="success" title="Your multi-factor authentication has been reset.">
          You can now log in without MFA.
        </FormAlert>
      )}
      {state !== 'waiting' && state !== 'done' && <FormAlert title={state} />}
      <PageLink to="/login">Sign in</PageLink>
    </AuthCard>
  );
}
