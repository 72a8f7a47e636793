import { Provider as JotaiProvider, useAtomValue } from 'jotai';
import { BrowserRouter, Navigate, Route, Routes, useParams } from 'react-router';
import { ThemeProvider } from '../theme/theme-provider.tsx';
import { RegistryGate } from '../definitions/registry-gate.tsx';
import { sessionStore } from '../session/store.ts';
import { SessionEffects } from '../session/session-effects.tsx';
import { PERSONAS, type Persona } from '../session/personas.ts';
import type { PageDefinition } from '../../engine/index.ts';
import { AuthLayout } from '../auth/auth-layout.tsx';
import { LoginPage } from '../auth/login-page.tsx';
import { LoadingPage } from '../auth/loading-page.tsx';
import { LogoutPage } from '../auth/logout-page.tsx';
import { ForgotPasswordPage } from '../auth/forgot-password-page.tsx';
import { ResendValidationPage } from '../auth/resend-validation-page.tsx';
import { ConfirmMfaResetPage, ConfirmPasswordResetPage, ConfirmUserPage } from '../auth/confirm-pages.tsx';
import { SignupValidationPage } from '../auth/signup-validation-page.tsx';
import { ValidatePage } from '../auth/validate-page.tsx';
import { UnsupportedPage } from '../auth/unsupported-page.tsx';
import { PrivacyPolicyPage, TermsOfUsePage } from '../auth/legal-pages.tsx';
import { StatusPage } from '../auth/status-page.tsx';
import {
  ApplicationSignedPage,
  LoginExistingPage,
  PasswordExpiredPage,
  ServerDownPage,
  SignupSubmittedPage,
} from '../auth/static-pages.tsx';
import { RequireAuth } from '../shell/require-auth.tsx';
import { SignedInShell } from '../shell/signed-in-shell.tsx';
import { PersonaArea } from '../shell/persona-area.tsx';
import { CookieConsent } from '../shell/cookie-consent.tsx';
import { Toaster } from '../shell/toaster.tsx';
import { NotFound } from './not-found.tsx';
import { PageRoute } from './page-route.tsx';
import { pagesOfArea } from '../page/area-pages.ts';
import { useRegistry } from '../definitions/use-registry.ts';
import { editionIdAtom } from '../definitions/registry-atoms.ts';

export function App() {
  return (
    <JotaiProvider store={sessionStore}>
      <ThemeProvider>
        <BrowserRouter>
          <SessionEffects />
          <RegistryGate>
            <AppRoutes />
          </RegistryGate>
          <CookieConsent />
          <Toaster />
        </BrowserRouter>
      </ThemeProvider>
    </JotaiProvider>
  );
}

function AppRoutes() {
  // Each area's routes are its page definitions: a page published in the studio is routed without a rebuild.
  const registry = useRegistry();
  const editionId = useAtomValue(editionIdAtom);
  return (
    <Routes>
      {/* Public routes (spec 000 section 2). */}
      <Route element={<AuthLayout />}>
        <Route index element={<Navigate to="/login" replace />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="login-existing" element={<LoginExistingPage />} />
        <Route path="loading" element={<LoadingPage />} />
        <Route path="loading/:token" element={<LoadingPage />} />
        <Route path="logout" element={<LogoutPage />} />
        <Route path="signup-submitted" element={<SignupSubmittedPage />} />
        <Route path="signup-validation/:token" element={<SignupValidationPage />} />
        <Route path="resend-validation" element={<ResendValidationPage />} />
        <Route path="serverdown" element={<ServerDownPage />} />
        <Route path="unsupported" element={<UnsupportedPage />} />
        <Route path="privacy-policy" element={<PrivacyPolicyPage />} />
        <Route path="terms-of-use" element={<TermsOfUsePage />} />
        <Route path="status" element={<StatusPage />} />
        <Route path="application-signed" element={<ApplicationSignedPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="password-expired" element={<PasswordExpiredPage />} />
        <Route path="confirmMfaReset/:token" element={<ConfirmMfaResetPage />} />
        <Route path="confirmUser/:token" element={<ConfirmUserPage />} />
        <Route path="confirmPasswordReset/:token" element={<ConfirmPasswordResetPage />} />
        <Route path="validate/:workflowId" element={<ValidatePage />} />
        <Route path="*" element={<NotFound />} />
      </Route>
      {/* The gallery moved behind sign-in; old links still land there. */}
      <Route path="gallery" element={<Navigate to="/admin/gallery" replace />} />
      <Route path="gallery/:id" element={<GalleryRedirect />} />
      <Route path="quote/:quoteId/request-to-bind/:product" element={<RequestToBindRedirect />} />
      <Route path="quote/:quoteId/attest-surplus-notice" element={<SurplusNoticeRedirect />} />
      <Route path="policy/:policyId/accountant-payment" element={<PolicyPaymentRedirect />} />
      {/* Protected routes: the signed-in shell and one area per account type. */}
      <Route element={<RequireAuth />}>
        <Route element={<SignedInShell />}>{PERSONAS.map((persona) => areaRoutes(persona, pagesOfArea(registry, editionId, persona.id)))}</Route>
      </Route>
    </Routes>
  );
}

function areaRoutes(persona: Persona, pages: PageDefinition[]) {
  return (
    <Route key={persona.id} path={persona.base.slice(1)} element={<PersonaArea persona={persona} pages={pages} />}>
      <Route index element={<Navigate to={persona.dashboard} replace />} />
      {pages.map((page) => (
        <Route key={page.id} path={page.path} element={<PageRoute page={page} />} />
      ))}
      <Route path="*" element={<NotFound />} />
    </Route>
  );
}

/**
 * Spec 000 /quote/{id}/request-to-bind/{product}: where a policyholder's one-time-code link leads. The quote's
 * review page is a page of the customer area (the area's guard sends anyone else to their own area).
 */
function RequestToBindRedirect() {
  const { quoteId = '' } = useParams();
  return <Navigate to={`/customer/quotes/${encodeURIComponent(quoteId)}/review`} replace />;
}

/**
 * Spec 000 /quote/{id}/attest-surplus-notice: where a surplus lines broker's one-time-code link leads, the
 * quote's surplus notice page of the agency area.
 */
function SurplusNoticeRedirect() {
  const { quoteId = '' } = useParams();
  return <Navigate to={`/agency/quotes/${encodeURIComponent(quoteId)}/surplus-notice`} replace />;
}

/**
 * Spec 000 /policy/{id}/accountant-payment: where a payer's E_PAY one-time-code link leads, the policy's
 * payment page of the customer area.
 */
function PolicyPaymentRedirect() {
  const { policyId = '' } = useParams();
  return <Navigate to={`/customer/policies/${encodeURIComponent(policyId)}/payment`} replace />;
}

function GalleryRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={`/admin/gallery/${encodeURIComponent(id)}${window.location.search}`} replace />;
}
