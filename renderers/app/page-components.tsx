import { lazy } from 'react';
import type { PageComponentName } from '../../engine/index.ts';
import type { PageComponent } from '../page/page-context.ts';
import { AccountLookup } from '../accounts/account-lookup.tsx';
import { NewAccountButton } from '../accounts/new-account-dialog.tsx';
import { AuditLog } from '../audit/audit-log.tsx';
import { AgencyLogos } from '../organisations/agency-logos.tsx';
import { ConnectorCatalogue } from '../connectors/connector-catalogue.tsx';
import { AwsConnectorHeader, GoogleConnectorHeader, MicrosoftConnectorHeader } from '../connectors/connector-oauth-add.tsx';
import { ConnectorOAuthCallback } from '../connectors/connector-oauth-callback.tsx';
import { BulkUpload } from '../uploads/bulk-upload.tsx';
import { SurplusNoticeTemplates } from '../licenses/surplus-notice-templates.tsx';
import { ProfilePicture } from '../profile/profile-picture.tsx';
import { AreaWelcome } from '../shell/area-welcome.tsx';
import { CurrentUserMfaSetup } from '../shell/mfa-setup.tsx';
import { ProfileSummary } from '../shell/profile-summary.tsx';
import { StaffTools } from '../shell/staff-tools.tsx';

/**
 * Components with heavy libraries (the studio's editor, charts, the coverage editor, the payment form) load
 * when a page first shows them, so the sign-in pages and every other page do not download them.
 * component-block.tsx shows a spinner meanwhile.
 */
const StudioRoutes = lazy(() => import('../studio/studio-routes.tsx').then((module) => ({ default: module.StudioRoutes })));
const DefinitionGallery = lazy(() => import('../gallery/definition-gallery.tsx').then((module) => ({ default: module.DefinitionGallery })));
const ApiActivityOverview = lazy(() => import('../integrations/api-activity-overview.tsx').then((module) => ({ default: module.ApiActivityOverview })));
const ConnectorPosture = lazy(() => import('../connectors/connector-posture.tsx').then((module) => ({ default: module.ConnectorPosture })));
const RiskFactors = lazy(() => import('../accounts/risk-factors.tsx').then((module) => ({ default: module.RiskFactors })));
const P250CoverageEditor = lazy(() => import('../quoting/p250-coverage-editor.tsx').then((module) => ({ default: module.P250CoverageEditor })));
const PolicyPayment = lazy(() => import('../payments/policy-payment.tsx').then((module) => ({ default: module.PolicyPayment })));

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
