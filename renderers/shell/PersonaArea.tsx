import { Container } from '@chakra-ui/react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useEdition } from '../auth/use-auth-form.ts';
import { FLAGS } from '../session/constants.ts';
import { dashboardFor, personaOfAccountType, withTerms, type Persona } from '../session/personas.ts';
import { useCurrentUser, useFeatureFlags, usePermission } from '../session/use-session.ts';
import { ErrorBoundary } from '../app/ErrorBoundary.tsx';
import { Header, type NavItem } from './Header.tsx';
import { IncidentBanner } from './IncidentBanner.tsx';
import { MaintenanceScreen } from './MaintenanceScreen.tsx';
import { MfaRequiredDialog } from './MfaRequiredDialog.tsx';

/** Areas with a claims page (agencies report claims for their clients, insureds for themselves, staff see all). */
export const CLAIMS_AREAS: ReadonlySet<Persona['id']> = new Set(['admin', 'agency', 'customer']);

/** The areas' navigation; the provider's staff also get the definition gallery, the studio and (with audit:read) the audit log. */
function navOf(persona: Persona, mayReadAudit: boolean): NavItem[] {
  const dashboard = { to: persona.dashboard, label: persona.id === 'vendor' ? 'Claims' : 'Dashboard' };
  const claims = CLAIMS_AREAS.has(persona.id) ? [{ to: `${persona.base}/claims`, label: 'Claims' }] : [];
  if (persona.id !== 'admin') return [dashboard, ...claims];
  const audit = mayReadAudit ? [{ to: '/admin/audit', label: 'Audit log' }] : [];
  return [dashboard, ...claims, { to: '/admin/gallery', label: 'Definition gallery' }, { to: '/admin/studio', label: 'Studio' }, ...audit];
}

/**
 * One persona's area: only users of its account type may enter (anyone else goes to their own
 * dashboard). Draws the header, the incident banner, the MFA-required dialog and the page.
 */
export function PersonaArea({ persona }: { persona: Persona }) {
  const user = useCurrentUser().data!;
  const edition = useEdition();
  const flags = useFeatureFlags();
  const mayReadAudit = usePermission(['audit:read']);
  const location = useLocation();
  const own = personaOfAccountType(user.account.accountType);
  if (own?.id !== persona.id) return <Navigate to={dashboardFor(user.account.accountType)} replace />;
  const maintenance = flags[FLAGS.maintenance] || flags[FLAGS.maintenanceUs] || flags[FLAGS.maintenanceUk];
  return (
    <>
      <Header user={user} persona={persona} areaName={withTerms(persona.name, edition.terms)} nav={navOf(persona, mayReadAudit)} />
      <IncidentBanner />
      <Container as="main" maxW="7xl" py="6">
        <ErrorBoundary resetKey={location.pathname}>{maintenance ? <MaintenanceScreen /> : <Outlet />}</ErrorBoundary>
      </Container>
      <MfaRequiredDialog user={user} profilePath={`${persona.base}/profile`} />
    </>
  );
}
