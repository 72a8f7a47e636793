import { useRef, useState } from 'react';
import { Text } from '@chakra-ui/react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, isApiError } from '../../api/api-error.ts';
import { FORGOT_PASSWORD_ERRORS, MFA_RESET_ERRORS } from '../../api/error-catalogue.ts';
import { DefinitionDialog } from '../dialog/definition-dialog.tsx';
import { api } from '../session/api.ts';
import { AuthCard, PageLink } from './auth-card.tsx';
import { FormAlert } from '../form/form-alert.tsx';
import { StandaloneForm } from '../form/standalone-form.tsx';
import { browserDigest, solveProofOfWork } from './proof-of-work.ts';
import { useDefinitionContext, useDefinitionForm } from '../form/use-definition-form.ts';
import { useRegistry } from '../definitions/use-registry.ts';
import type { FormDefinition } from '../../engine/index.ts';

export const RESET_PASSWORD_SENT = 'An email has been sent to you. Please follow the instructions to reset your password.';
export const RESET_MFA_SENT = 'An email has been sent to you. Please follow the instructions to reset your MFA.';

interface ForgotState {
  resetMfa?: boolean;
  username?: string;
}

/**
 * /forgot-password: the e-mail and the invisible captcha (a proof of work the browser solves on the
 * first click). Reached from Reset MFA it first opens the 'Reset Multi Factor Authentication' dialog.
 */
export function ForgotPasswordPage() {
  const state = (useLocation().state ?? null) as ForgotState | null;
  const form = useDefinitionForm('forgot-password', { initialData: state?.username ? { email: state.username } : undefined });
  const [sent, setSent] = useState<string>();
  const [captchaUnavailable, setCaptchaUnavailable] = useState(false);
  const [mfaDialogOpen, setMfaDialogOpen] = useState(state?.resetMfa === true);
  const mfaSent = useRef(false);
  const navigate = useNavigate();

  const submit = async (payload: Record<string, unknown>) => {
    const email = String(payload.email);
    const captcha = await solveCaptcha(() => setCaptchaUnavailable(true));
    try {
      await api.POST('/api/auth/v1/passwords/forgot', { body: { email, captcha } });
      setSent(RESET_PASSWORD_SENT);
    } catch (error) {
      if (isApiError(error) && error.status === 400 && /captcha/i.test(error.message)) throw new ApiError(FORGOT_PASSWORD_ERRORS.captchaRefresh, 400);
      throw new ApiError(FORGOT_PASSWORD_ERRORS.default, isApiError(error) ? error.status : 0);
    }
  };

  return (
    <AuthCard title="Forgot Password" testId="forgot-password-page">
      {sent ? (
        <FormAlert status="success" title={sent} testId="reset-sent" />
      ) : (
        <>
          <Text color="fg.muted">Enter your email address and we will send you a link to reset your password.</Text>
          {captchaUnavailable && <FormAlert title={FORGOT_PASSWORD_ERRORS.captchaUnavailable} testId="captcha-unavailable" />}
          <StandaloneForm form={form} onSubmit={submit} blocked={() => captchaUnavailable} />
        </>
      )}
      <PageLink to="/login">Back to sign in</PageLink>
      <ResetMfaDialog
        open={mfaDialogOpen}
        username={state?.username}
        onClose={() => {
          setMfaDialogOpen(false);
          // Spec 001 section 2: cancelling the MFA reset goes back to sign-in; after a reset the page says what was sent.
          if (!mfaSent.current) navigate('/login');
        }}
        onSent={() => {
          mfaSent.current = true;
          setSent(RESET_MFA_SENT);
        }}
      />
    </AuthCard>
  );
}

/** The proof for the forgot-password request; the captcha's own failures carry the spec's texts. */
async function solveCaptcha(onUnavailable: () => void): Promise<{ challenge: string; nonce: string }> {
  let challenge;
  try {
    challenge = (await api.GET('/api/auth/v1/captcha/challenge')).data!;
  } catch {
    onUnavailable();
    throw new ApiError(FORGOT_PASSWORD_ERRORS.captchaLoad, 0);
  }
  const digest = browserDigest();
  const nonce = digest ? await solveProofOfWork(challenge.salt, challenge.difficulty, digest) : undefined;
  if (!nonce) throw new ApiError(FORGOT_PASSWORD_ERRORS.captchaVerify, 0);
  return { challenge: challenge.challenge, nonce };
}

function ResetMfaDialog({ open, username, onClose, onSent }: { open: boolean; username?: string; onClose: () => void; onSent: () => void }) {
  const registry = useRegistry();
  const { edition, context } = useDefinitionContext();
  const definition = registry.resolve<FormDefinition>('reset-mfa', edition.id);
  const submit = async (payload: Record<string, unknown>) => {
    try {
      await api.POST('/api/auth/v1/mfa/reset', { body: payload as { username: string; password: string } });
      onSent();
    } catch (error) {
      if (isApiError(error) && error.status === 401) throw new Error(MFA_RESET_ERRORS.invalidCredentials);
      throw new Error(MFA_RESET_ERRORS.default);
    }
  };
  return (
    <DefinitionDialog
      definition={definition}
      edition={edition}
      context={context}
      initialData={username ? { username } : undefined}
      open={open}
      onClose={onClose}
      onSubmit={submit}
    />
  );
}
