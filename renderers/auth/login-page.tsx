import { useEffect, useMemo, useState } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import signInForms from 'virtual:sign-in-forms';
import { ApiError, errorMessage, isApiError } from '../../api/api-error.ts';
import { LOGIN_ERRORS } from '../../api/error-catalogue.ts';
import { todayIso, type RuleContext } from '../../engine/index.ts';
import { editionIdAtom } from '../definitions/edition-atom.ts';
import { submitBlocked } from '../dialog/submit-blocked.ts';
import { FormSession } from '../form/form-session.ts';
import { LeanAlert, LeanCard, LeanSubmit, LeanWaiting } from '../lean/lean-parts.tsx';
import { LeanForm, schemaDefaults, useLeanSnapshot } from '../lean/lean-form.tsx';
import { PageLink, usePageNavigation } from '../lean/navigation.tsx';
import { api } from '../session/api.ts';
import { ONE_TIME_CODE_LENGTH } from '../session/constants.ts';
import { dashboardFor } from '../session/personas.ts';
import { completeSignIn } from '../session/sign-in.ts';
import { sessionNoticeAtom, sessionStore } from '../session/store.ts';
import { useCurrentUser, useFeatureFlags, useSignedIn } from '../session/use-session.ts';
import { afterSignIn, type LoginState } from './redirects.ts';

/*
 * /login (spec 000 sections 2 to 5), drawn without Chakra, rjsf or the router (renderers/lean/): it is the
 * page a first visit downloads, and issue 9 gives it 150 KB of JavaScript. The same page serves in the app
 * (app.tsx wraps it in the router's navigation) and on a first load of /login (lean-entry.tsx). The form is
 * the login definition, resolved per edition by the build (virtual:sign-in-forms), with the engine's rules.
 */

/** A signed-in visitor goes to their dashboard; everyone else gets the sign-in form. */
export function LoginPage() {
  const signedIn = useSignedIn();
  const user = useCurrentUser();
  const { navigate } = usePageNavigation();
  const dashboard = signedIn && user.data ? dashboardFor(user.data.account.accountType) : undefined;
  useEffect(() => {
    if (dashboard) navigate(dashboard, { replace: true });
  }, [dashboard, navigate]);
  if (signedIn && user.status !== 'error') {
    return (
      <LeanCard title="Sign in">
        <LeanWaiting text="Checking your session…" />
      </LeanCard>
    );
  }
  return <LoginForm />;
}

interface MfaState {
  mfaType: string;
  message: string;
}

function LoginForm() {
  const state = (usePageNavigation().state ?? null) as LoginState | null;
  const [notice] = useAtom(sessionNoticeAtom, { store: sessionStore });
  // After a 307 the form starts again in MFA mode (the credentials kept, no stale messages shown).
  const [mfa, setMfa] = useState<MfaState>();
  const [kept, setKept] = useState<Record<string, unknown> | undefined>(state?.email ? { username: state.email } : undefined);
  return (
    <LeanCard title="Sign in" testId="login-page">
      {notice && <LeanAlert status="info" title={notice} testId="session-notice" />}
      {state?.existingUser || state?.existingUserForQuote || state?.existingAgentForQuote ? (
        <LeanAlert status="info" title="You already have an account. Sign in to continue." />
      ) : null}
      {mfa && (
        <LeanAlert status="info" title="Multi-factor authentication" testId="mfa-notice">
          {mfa.message || 'Enter the 6-digit code to finish signing in.'}
        </LeanAlert>
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
    </LeanCard>
  );
}

/** The login form's session: the edition's definition, the feature flags as they arrive, the data kept across MFA. */
function useLoginSession(initialData?: Record<string, unknown>): FormSession {
  const editionId = useAtomValue(editionIdAtom, { store: sessionStore });
  const flags = useFeatureFlags();
  const [today] = useState(todayIso);
  const context = useMemo<RuleContext>(() => ({ edition: editionId, today, flags }), [editionId, today, flags]);
  const definition = (signInForms[editionId] ?? signInForms.us).forms.login;
  // A new session when the edition changes (the server's answer can switch it); the data typed so far is kept.
  const [held, setHeld] = useState(() => ({ editionId, session: new FormSession(definition, context, { ...schemaDefaults(definition), ...initialData }) }));
  if (held.editionId !== editionId) {
    const data = held.session.getSnapshot().state.data;
    setHeld({ editionId, session: new FormSession(definition, context, data) });
  }
  useEffect(() => held.session.setContext(context), [held.session, context]);
  return held.session;
}

function LoginFields({ initialData, mfa, state, onMfa }: {
  initialData?: Record<string, unknown>;
  mfa?: MfaState;
  state: LoginState | null;
  onMfa: (mfa: MfaState, data: Record<string, unknown>) => void;
}) {
  const { navigate } = usePageNavigation();
  const session = useLoginSession(initialData);
  const snapshot = useLeanSnapshot(session);
  const [, setNotice] = useAtom(sessionNoticeAtom, { store: sessionStore });
  const [needsValidation, setNeedsValidation] = useState(false);
  const [resent, setResent] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    if (mfa) document.getElementById('root_mfaCode')?.focus();
  }, [mfa]);

  const credentials = () => {
    const data = session.getSnapshot().state.data;
    return { username: String(data.username ?? ''), password: String(data.password ?? '') };
  };

  const signIn = async (payload: Record<string, unknown>) => {
    try {
      const { data } = await api.POST('/api/auth/v1/login', { body: payload as { username: string; password: string } });
      setNotice(null);
      completeSignIn(data!, payload.rememberDevice === true || data!.rememberDevice === true);
      if (state?.acceptInvitation) await acceptInvitation(state.acceptInvitation);
      navigate(afterSignIn(state), { replace: true });
    } catch (error) {
      if (!isApiError(error)) throw error;
      const body = (error.body ?? {}) as { mfaType?: string; message?: string };
      switch (error.status) {
        case 307:
          // MFA mode: the code field shows (the definition's rule on mfaType) and Login waits for 6 characters.
          onMfa({ mfaType: body.mfaType ?? 'EMAIL', message: body.message ?? '' }, session.getSnapshot().state.data);
          setSubmitting(false);
          return;
        case 418:
          navigate('/password-expired', { state: { email: payload.username } });
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

  // Spec 000 section 5: submit disabled during the request; a refusal's message shows above the form, the data stays.
  const submit = async (payload: Record<string, unknown>) => {
    setNeedsValidation(false);
    setResent(undefined);
    setFailure(undefined);
    setSubmitting(true);
    try {
      await signIn(payload);
      // Signed in, or sent to another page: the page is leaving, and on a first load of /login the app may
      // still be arriving, so the button stays busy until it goes.
    } catch (error) {
      setFailure(errorMessage(error));
      setSubmitting(false);
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

  const data = snapshot.state.data;
  const waitsForCode = Boolean(data.mfaType) && String(data.mfaCode ?? '').length !== ONE_TIME_CODE_LENGTH;
  return (
    <div className="lean-stack">
      {failure && <LeanAlert title={failure} testId="form-error" />}
      <LeanForm session={session} onSubmit={(payload) => void submit(payload)}>
        <LeanSubmit disabled={waitsForCode || submitBlocked(session.definition.actions ?? {}, snapshot)} loading={submitting}>
          {session.definition.actions?.submitLabel ?? 'Login'}
        </LeanSubmit>
        {/*
          A press on a link or button here must not blur the field first: the blur reveals that field's
          messages, the layout shifts, and the release would land beside the link.
        */}
        <div className="lean-stack-tight" onMouseDown={(event) => (event.target as HTMLElement).closest('a, button') && event.preventDefault()}>
          {needsValidation && (
            <p className="lean-muted">
              <PageLink to="/resend-validation" state={{ email: credentials().username }}>
                Resend Validation Email
              </PageLink>
            </p>
          )}
          <div className="lean-row">
            <PageLink to="/forgot-password">Forgot Password</PageLink>
            {mfa && (
              <PageLink to="/forgot-password" state={{ resetMfa: true, username: credentials().username }}>
                Reset MFA
              </PageLink>
            )}
          </div>
          {mfa && mfa.mfaType !== 'GOOGLE' && (
            <div className="lean-row" style={{ justifyContent: 'flex-start' }}>
              <button type="button" className="lean-text-button" onClick={() => void resendCode()}>
                Send a new code
              </button>
              {resent && (
                <span className="lean-muted" role="status">
                  {resent}
                </span>
              )}
            </div>
          )}
        </div>
      </LeanForm>
    </div>
  );
}

/**
 * Signing in from an invitation link accepts it: the membership of the other account starts now. The
 * answer is a toast; its code loads here, the first time one is needed, not with the sign-in page.
 */
async function acceptInvitation(validationToken: string): Promise<void> {
  const { toaster } = await import('../shell/toaster.tsx');
  try {
    const { data } = await api.POST('/api/auth/v1/invitations/accept', { params: { query: { validationToken } } });
    toaster.create({ type: 'success', title: data!.message });
  } catch (error) {
    toaster.create({ type: 'error', title: isApiError(error) ? error.message : 'The invitation could not be accepted.' });
  }
}
