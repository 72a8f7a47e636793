import { Suspense, useEffect, useMemo } from 'react';
import { Container } from '@chakra-ui/react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useEdition } from '../form/use-definition-form.ts';
import { FLAGS } from '../session/constants.ts';
import { dashboardFor, personaOfAccountType, withTerms, type Persona } from '../session/personas.ts';
import { useCurrentUser, useFeatureFlags, usePermissionsMap } from '../session/use-session.ts';
import type { PageDefinition } from '../../engine/index.ts';
import { navOfArea } from '../page/area-pages.ts';
import { preloadWidgets } from '../form/widgets/index.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { Header } from './header.tsx';
import { areaNavSections } from './nav-sections.ts';
import { IncidentBanner } from './incident-banner.tsx';
import { MaintenanceScreen } from './maintenance-screen.tsx';
import { MfaRequiredDialog } from './mfa-required-dialog.tsx';
import { RouteLoading } from './route-loading.tsx';

/**
 * One persona's area: only users of its account type may enter (anyone else goes to their own
 * dashboard). Draws the header (its navigation from the area's page definitions), the incident banner,
 * the MFA-required dialog and the page.
 */
export function PersonaArea({ persona, pages }: { persona: Persona; pages: PageDefinition[] }) {
  const user = useCurrentUser().data!;
  const edition = useEdition();
  const flags = useFeatureFlags();
  const permissions = usePermissionsMap().data?.permissions;
  const location = useLocation();
  const sections = useMemo(() => areaNavSections(navOfArea(pages, persona.base, permissions), edition.terms), [pages, persona.base, permissions, edition.terms]);
  // The area's forms draw selects: their code (left out of the sign-in page) loads while the page opens.
  useEffect(() => void preloadWidgets().catch(() => undefined), []);
  const own = personaOfAccountType(user.account.accountType);
  if (own?.id !== persona.id) return <Navigate to={dashboardFor(user.account.accountType)} replace />;
  const maintenance = flags[FLAGS.maintenance] || flags[FLAGS.maintenanceUs] || flags[FLAGS.maintenanceUk];
  return (
    <>
      <Header user={user} persona={persona} areaName={withTerms(persona.name, edition.terms)} sections={sections} />
      <IncidentBanner />
      <Container as="main" maxW="7xl" py="6">
        <ErrorBoundary resetKey={location.pathname}>
          {maintenance ? (
            <MaintenanceScreen />
          ) : (
            <Suspense fallback={<RouteLoading label="Loading the page…" />}>
              <Outlet />
            </Suspense>
          )}
        </ErrorBoundary>
      </Container>
      <MfaRequiredDialog user={user} profilePath={`${persona.base}/profile`} />
    </>
  );
}
