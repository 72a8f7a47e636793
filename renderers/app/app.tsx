import { lazy, Suspense } from 'react';
import { Provider as JotaiProvider, useAtomValue } from 'jotai';
import { createBrowserRouter, Navigate, Route, RouterProvider, Routes, useParams } from 'react-router';
import { ThemeProvider } from '../theme/theme-provider.tsx';
import { RegistryGate } from '../definitions/registry-gate.tsx';
import { sessionStore } from '../session/store.ts';
import { SessionEffects } from '../session/session-effects.tsx';
import { PERSONAS, type Persona } from '../session/personas.ts';
import type { PageDefinition } from '../../engine/index.ts';
import { AuthLayout } from '../auth/auth-layout.tsx';
import { LoginPage } from '../auth/login-page.tsx';
import { RouterNavigation } from './router-navigation.tsx';
import { LoadingPage } from '../auth/loading-page.tsx';
import { RequireAuth } from '../shell/require-auth.tsx';
import { CookieConsent } from '../shell/cookie-consent.tsx';
import { Toaster } from '../shell/toaster.tsx';
import { RouteLoading } from '../shell/route-loading.tsx';
import { pagesOfArea } from '../page/area-pages.ts';
import { useRegistry } from '../definitions/use-registry.ts';
import { editionIdAtom, registryResultAtom } from '../definitions/registry-atoms.ts';

/*
 * Only /login (and /loading, the next step of signing in) is in the entry chunk: issue 9 gives its
 * JavaScript a budget (tests/scripts/bundle-budget.mjs). Every other page, the signed-in shell and the
 * persona areas load when first opened; the definitions other than the login form load when a page first
 * needs them (registry-atoms.ts). Suspense fallbacks (RouteLoading) say what is loading meanwhile; each
 * sits inside the route it waits for, so it shows at once instead of the previous page lingering under
 * the new address (a navigation is a transition).
 */
const LoginExistingPage = lazy(() => import('../auth/static-pages.tsx').then((module) => ({ default: module.LoginExistingPage })));
const ServerDownPage = lazy(() => import('../auth/static-pages.tsx').then((module) => ({ default: module.ServerDownPage })));
const SignupSubmittedPage = lazy(() => import('../auth/static-pages.tsx').then((module) => ({ default: module.SignupSubmittedPage })));
const ApplicationSignedPage = lazy(() => import('../auth/static-pages.tsx').then((module) => ({ default: module.ApplicationSignedPage })));
const PasswordExpiredPage = lazy(() => import('../auth/static-pages.tsx').then((module) => ({ default: module.PasswordExpiredPage })));
const LogoutPage = lazy(() => import('../auth/logout-page.tsx').then((module) => ({ default: module.LogoutPage })));
const ForgotPasswordPage = lazy(() => import('../auth/forgot-password-page.tsx').then((module) => ({ default: module.ForgotPasswordPage })));
const ResendValidationPage = lazy(() => import('../auth/resend-validation-page.tsx').then((module) => ({ default: module.ResendValidationPage })));
const ConfirmMfaResetPage = lazy(() => import('../auth/confirm-pages.tsx').then((module) => ({ default: module.ConfirmMfaResetPage })));
const ConfirmPasswordResetPage = lazy(() => import('../auth/confirm-pages.tsx').then((module) => ({ default: module.ConfirmPasswordResetPage })));
const ConfirmUserPage = lazy(() => import('../auth/confirm-pages.tsx').then((module) => ({ default: module.ConfirmUserPage })));
const SignupValidationPage = lazy(() => import('../auth/signup-validation-page.tsx').then((module) => ({ default: module.SignupValidationPage })));
const ValidatePage = lazy(() => import('../auth/validate-page.tsx').then((module) => ({ default: module.ValidatePage })));
const UnsupportedPage = lazy(() => import('../auth/unsupported-page.tsx').then((module) => ({ default: module.UnsupportedPage })));
const PrivacyPolicyPage = lazy(() => import('../auth/legal-pages.tsx').then((module) => ({ default: module.PrivacyPolicyPage })));
const TermsOfUsePage = lazy(() => import('../auth/legal-pages.tsx').then((module) => ({ default: module.TermsOfUsePage })));
const StatusPage = lazy(() => import('../auth/status-page.tsx').then((module) => ({ default: module.StatusPage })));
const NotFound = lazy(() => import('./not-found.tsx').then((module) => ({ default: module.NotFound })));
const SignedInShell = lazy(() => import('../shell/signed-in-shell.tsx').then((module) => ({ default: module.SignedInShell })));
const PersonaArea = lazy(() => import('../shell/persona-area.tsx').then((module) => ({ default: module.PersonaArea })));
const PageRoute = lazy(() => import('./page-route.tsx').then((module) => ({ default: module.PageRoute })));

/*
 * A data router with one splat route, under which the routes stay the element tree below: the areas' routes
 * come from page definitions loaded at run time, which a route table made up front could not hold. The data
 * router is what lets a page with unsaved changes ask before the browser's Back leaves it (useBlocker in
 * unsaved-changes-guard.tsx); a BrowserRouter can only catch clicks on links.
 */
let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * Made on the first render, not when this module loads: the sign-in page's first load fetches this module
 * ahead of need (lean-sign-in.tsx) and then hands over at another address, which the router must start at.
 */
function appRouter() {
  router ??= createBrowserRouter([{ path: '*', element: <RoutedApp /> }]);
  return router;
}

export function App() {
  return (
    <JotaiProvider store={sessionStore}>
      <ThemeProvider>
        <RouterProvider router={appRouter()} />
      </ThemeProvider>
    </JotaiProvider>
  );
}

function RoutedApp() {
  return (
    <>
      <SessionEffects />
      <RegistryGate>
        <Suspense fallback={<RouteLoading label="Loading your console…" fullPage />}>
          <AppRoutes />
        </Suspense>
      </RegistryGate>
      <CookieConsent />
      <Toaster />
    </>
  );
}

function AppRoutes() {
  // Each area's routes are its page definitions: a page published in the studio is routed without a rebuild.
  // Until the definitions are loaded (the signed-in shell fetches the published ones), an area is one route
  // that loads them; read here without loading, so /login never waits for them.
  const loaded = useAtomValue(registryResultAtom);
  const registry = loaded?.ok ? loaded.registry : undefined;
  const editionId = useAtomValue(editionIdAtom);
  return (
    <Routes>
      {/* Public routes (spec 000 section 2). */}
      <Route element={<AuthLayout />}>
        <Route index element={<Navigate to="/login" replace />} />
        <Route
          path="login"
          element={
            <RouterNavigation>
              <LoginPage />
            </RouterNavigation>
          }
        />
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
        <Route
          element={
            <Suspense fallback={<RouteLoading label="Loading your console…" fullPage />}>
              <SignedInShell />
            </Suspense>
          }
        >
          {PERSONAS.map((persona) =>
            registry ? areaRoutes(persona, pagesOfArea(registry, editionId, persona.id)) : <Route key={persona.id} path={`${persona.base.slice(1)}/*`} element={<AreaDefinitions />} />,
          )}
        </Route>
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
 * An area's place while the definitions are not loaded: loads them (suspending to the shell's spinner) or,
 * when they do not load, lets the error boundary list their faults. Once loaded, AppRoutes routes the area.
 */
function AreaDefinitions() {
  useRegistry();
  return <RouteLoading label="Loading your console…" fullPage />;
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
