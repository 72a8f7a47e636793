import type { PageComponentName } from '../../engine/index.ts';
import type { PageComponent } from '../page/page-context.ts';
import { AccountLookup } from '../accounts/account-lookup.tsx';
import { NewAccountButton } from '../accounts/new-account-dialog.tsx';
import { RiskFactors } from '../accounts/risk-factors.tsx';
import { AuditLog } from '../audit/audit-log.tsx';
import { AgencyLogos } from '../organisations/agency-logos.tsx';
import { ApiActivityOverview } from '../integrations/api-activity-overview.tsx';
import { ConnectorCatalogue } from '../connectors/connector-catalogue.tsx';
import { AwsConnectorHeader, GoogleConnectorHeader, MicrosoftConnectorHeader } from '../connectors/connector-oauth-add.tsx';
import { ConnectorOAuthCallback } from '../connectors/connector-oauth-callback.tsx';
import { ConnectorPosture } from '../connectors/connector-posture.tsx';
import { BulkUpload } from '../uploads/bulk-upload.tsx';
import { P250CoverageEditor } from '../quoting/p250-coverage-editor.tsx';
import { DefinitionGallery } from '../gallery/definition-gallery.tsx';
import { SurplusNoticeTemplates } from '../licenses/surplus-notice-templates.tsx';
import { PolicyPayment } from '../payments/policy-payment.tsx';
import { ProfilePicture } from '../profile/profile-picture.tsx';
import { AreaWelcome } from '../shell/area-welcome.tsx';
import { CurrentUserMfaSetup } from '../shell/mfa-setup.tsx';
import { ProfileSummary } from '../shell/profile-summary.tsx';
import { StaffTools } from '../shell/staff-tools.tsx';
import { StudioRoutes } from '../studio/studio-routes.tsx';

/**
 * The bespoke components page definitions may name, by the names engine/pages/page-components.ts lists
 * (a name missing here is a compile error). The app is the one place that knows every feature.
 */
export const PAGE_COMPONENT_REGISTRY: Readonly<Record<PageComponentName, PageComponent>> = {
  'area-welcome': AreaWelcome,
  'staff-tools': StaffTools,
  'profile-summary': ProfileSummary,
  'mfa-setup': CurrentUserMfaSetup,
  'definition-gallery': DefinitionGallery,
  'definition-studio': StudioRoutes,
  'audit-log': AuditLog,
  'agency-logos': AgencyLogos,
  'api-activity-overview': ApiActivityOverview,
  'connector-catalogue': ConnectorCatalogue,
  'connector-microsoft': MicrosoftConnectorHeader,
  'connector-google': GoogleConnectorHeader,
  'connector-aws': AwsConnectorHeader,
  'connector-oauth-callback': ConnectorOAuthCallback,
  'connector-posture': ConnectorPosture,
  'new-account': NewAccountButton,
  'account-lookup': AccountLookup,
  'surplus-notice-templates': SurplusNoticeTemplates,
  'profile-picture': ProfilePicture,
  'p250-coverage-editor': P250CoverageEditor,
  'bulk-upload': BulkUpload,
  'risk-factors': RiskFactors,
  'policy-payment': PolicyPayment,
};
