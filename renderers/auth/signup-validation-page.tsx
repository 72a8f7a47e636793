import { useCallback, useEffect, useState } from 'react';
import { Text } from '@chakra-ui/react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import type { components } from '../../api/schema.d.ts';
import { ApiError, isApiError } from '../../api/api-error.ts';
import { JOIN_ERRORS, TOKEN_LINK_ERRORS } from '../../api/error-catalogue.ts';
import { useSessionSnapshot } from '../form/use-form-session.ts';
import { api } from '../session/api.ts';
import { dashboardFor } from '../session/personas.ts';
import { completeSignIn } from '../session/sign-in.ts';
import { AuthCard, PageLink, Waiting } from './auth-card.tsx';
import { FormAlert } from '../form/form-alert.tsx';
import { StandaloneForm } from '../form/standalone-form.tsx';
import { PasswordChecklist } from './password-checklist.tsx';
import { afterSignIn, safeInternalPath, type LoginState } from './redirects.ts';
import { SupportContact } from './support-contact.tsx';
import { useDefinitionForm } from '../form/use-definition-form.ts';

type TokenInfo = components['schemas']['ValidationTokenInfo'];

const JOIN_TYPES = new Set(['EXISTING_ACCOUNT', 'QUOTE_SENT_NEW_USER', 'QUOTE_LINK_NEW_AGENT']);
/** Existing users sign in instead, with the flag the login page reads. */
const EXISTING_USER_FLAGS: Record<string, keyof LoginState> = {
  EXISTING_USER: 'existingUser',
  QUOTE_SENT_EXISTING_USER: 'existingUserForQuote',
  QUOTE_LINK_EXISTING_AGENT: 'existingAgentForQuote',
};

/** /signup-validation/{token}: the sign-up landing page; the form depends on what the link is for. */
export function SignupValidationPage() {
  const { token = '' } = useParams();
  const [info, setInfo] = useState<TokenInfo | { status: number }>();
  useEffect(() => {
    let live = true;
    api
      .GET('/api/auth/v1/validationTokens/{token}', { params: { path: { token } } })
      .then(({ data }) => live && setInfo(data!))
      .catch((error: unknown) => live && setInfo({ status: isApiError(error) ? error.status : 0 }));
    return () => {
      live = false;
    };
  }, [token]);

  if (!info) {
    return (
      <AuthCard title="Sign up">
        <Waiting text="Checking your link…" />
      </AuthCard>
    );
  }
  if ('status' in info) {
    if (info.status === 401) return <Navigate to="/login" replace />;
    const expired = info.status === 400 || info.status === 404;
    return (
      <AuthCard title="Sign up">
        <FormAlert title={expired ? TOKEN_LINK_ERRORS.linkExpired : TOKEN_LINK_ERRORS.credentialsExpired} testId="link-failure">
          {expired ? 'Please contact support to get a new link.' : undefined}
        </FormAlert>
        {expired && <SupportContact />}
        <PageLink to="/login">Back to sign in</PageLink>
      </AuthCard>
    );
  }
  const flag = EXISTING_USER_FLAGS[info.tokenType];
  if (flag) {
    const state: LoginState = { [flag]: true, email: info.email, ...(info.tokenType === 'EXISTING_USER' ? { acceptInvitation: token } : {}) };
    if (info.tokenType !== 'EXISTING_USER' && info.redirectURL) state.redirectURL = info.redirectURL;
    return <Navigate to="/login" replace state={state} />;
  }
  if (JOIN_TYPES.has(info.tokenType)) return <JoinForm token={token} info={info} />;
  return <SignUpForm token={token} info={info} />;
}

function usePasswordCheck() {
  const [met, setMet] = useState(false);
  const onValidChange = useCallback((valid: boolean) => setMet(valid), []);
  return { met, onValidChange };
}

function SignUpForm({ token, info }: { token: string; info: TokenInfo }) {
  const navigate = useNavigate();
  const origin = useLocation().state as LoginState | null;
  const form = useDefinitionForm('signup', {
    initialData: { accountType: info.accountType, firstName: info.firstName ?? undefined, lastName: info.lastName ?? undefined },
  });
  const password = String(useSessionSnapshot(form.session).state.data.password ?? '');
  const check = usePasswordCheck();
  const submit = async (payload: Record<string, unknown>) => {
    const { agreeTerms: _agreed, ...body } = payload;
    try {
      const { data } = await api.POST('/api/auth/v1/signup', {
        params: { query: { validationToken: token } },
        body: { ...(body as components['schemas']['SignUpRequest']), accountType: info.accountType },
      });
      completeSignIn(data!);
      const target = origin?.from ? afterSignIn(origin) : dashboardFor(data!.accountType ?? info.accountType);
      void navigate(target, { replace: true });
    } catch (error) {
      if (isApiError(error) && (error.status === 412 || error.status === 400)) throw error;
      throw new ApiError(JOIN_ERRORS.serviceUnavailable, isApiError(error) ? error.status : 0);
    }
  };
  return (
    <AuthCard title="Sign up" testId="signup-page">
      <Text>
        Creating an account for <strong>{info.email}</strong>. You need an invitation code to sign up; contact support to get one.
      </Text>
      <StandaloneForm form={form} onSubmit={submit} blocked={(data) => data.agreeTerms !== true || !check.met}>
        <PasswordChecklist password={password} onValidChange={check.onValidChange} />
      </StandaloneForm>
      <PageLink to="/login">Have an account? Sign in</PageLink>
    </AuthCard>
  );
}

function JoinForm({ token, info }: { token: string; info: TokenInfo }) {
  const navigate = useNavigate();
  const form = useDefinitionForm('join', {
    initialData: { tokenType: info.tokenType, firstName: info.firstName ?? undefined, lastName: info.lastName ?? undefined },
  });
  const password = String(useSessionSnapshot(form.session).state.data.password ?? '');
  const check = usePasswordCheck();
  const submit = async (payload: Record<string, unknown>) => {
    const body: components['schemas']['JoinRequest'] = { password: String(payload.password) };
    if (typeof payload.firstName === 'string') body.firstName = payload.firstName;
    if (typeof payload.lastName === 'string') body.lastName = payload.lastName;
    try {
      const { data } = await api.POST('/api/auth/v1/join', { params: { query: { validationToken: token } }, body });
      completeSignIn(data!);
      void navigate(safeInternalPath(data!.redirectURL) ?? '/loading', { replace: true });
    } catch (error) {
      const status = isApiError(error) ? error.status : 0;
      if (status === 400) throw error;
      if (status === 404) throw new ApiError(JOIN_ERRORS.setupLinkExpired, 404);
      if (status === 412) throw new ApiError(isApiError(error) && error.body ? error.message : JOIN_ERRORS.authorizationFailed, 412);
      throw new ApiError(JOIN_ERRORS.serviceUnavailable, status);
    }
  };
  return (
    <AuthCard title="Join your team" testId="join-page">
      <Text>
        Set up your login for <strong>{info.email}</strong>.
      </Text>
      <StandaloneForm form={form} onSubmit={submit} blocked={() => !check.met}>
        <PasswordChecklist password={password} token={token} onValidChange={check.onValidChange} />
      </StandaloneForm>
      <PageLink to="/login">Have an account? Sign in</PageLink>
    </AuthCard>
  );
}
