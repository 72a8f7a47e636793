import { useEffect, useState } from 'react';
import { Text } from '@chakra-ui/react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import { TOKEN_LINK_ERRORS } from '../../api/error-catalogue.ts';
import { api } from '../session/api.ts';
import { LOADING_REDIRECT_DELAY_MS } from '../session/constants.ts';
import { dashboardFor } from '../session/personas.ts';
import { completeSignIn, loadCurrentUser } from '../session/sign-in.ts';
import { AuthCard, PageLink, Waiting } from './auth-card.tsx';
import { FormAlert } from '../form/form-alert.tsx';
import { once } from './once.ts';

/**
 * /loading and /loading/{token}: the step between signing in and the dashboard. With a token (a jump
 * or account switch opened in a new tab) it first exchanges the one-time token for session tokens.
 * After 800 ms it goes to the dashboard of the user's account type.
 */
export function LoadingPage() {
  const { token } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const accountName = search.get('accountName');
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    let live = true;
    const started = Date.now();
    const run = async () => {
      if (token) {
        try {
          const { data } = await once(`loading:${token}`, () => api.POST('/api/auth/v1/loading/{token}', { params: { path: { token } } }));
          completeSignIn(data!);
        } catch (error) {
          if (live) setFailure(isApiError(error) && error.status !== 404 ? error.message : TOKEN_LINK_ERRORS.linkExpired);
          return;
        }
      }
      const user = await loadCurrentUser(Boolean(token));
      if (!live) return;
      if (!user) {
        void navigate('/login', { replace: true });
        return;
      }
      const wait = Math.max(0, LOADING_REDIRECT_DELAY_MS - (Date.now() - started));
      window.setTimeout(() => live && void navigate(dashboardFor(user.account.accountType), { replace: true }), wait);
    };
    void run();
    return () => {
      live = false;
    };
  }, [token, navigate]);

  if (failure) {
    return (
      <AuthCard title="We couldn't open that account">
        <FormAlert title={failure} />
        <PageLink to="/login">Back to sign in</PageLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={accountName ? `You're entering ${accountName}` : "We're preparing you to enter an account."} testId="loading-page">
      <Text color="fg.muted">Please wait.</Text>
      <Waiting text="Loading your dashboard…" />
    </AuthCard>
  );
}
