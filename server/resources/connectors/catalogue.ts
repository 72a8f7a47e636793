/**
 * The connector types (spec 001 section 3: 'Connector types with logos', and the types that have a create
 * form), as data: the name users see, a one-line description, how a connection is made, and who answers
 * for the tool. The two last types carry the provider's own branding (Cyber Console).
 */

/** How a connection of a type is made: the provider's OAuth sign-in, or credentials typed into a form. */
export type ConnectKind = 'oauth' | 'token' | 'userPassword' | 'apiKey';

/** The OAuth providers (each has its page: manage/connectors/microsoft, /google, /aws). */
export type OAuthProvider = 'microsoft' | 'google' | 'aws';

/** Who a connection's data comes from: an OAuth provider, or the gateway that speaks to the API-credential tools. */
export type PostureSource = OAuthProvider | 'tools';

export interface ConnectorType {
  type: string;
  name: string;
  description: string;
  category: string;
  /** The payload's `provider`: who answers for the tool. */
  provider: string;
  /** How a user connects it here; null when it is set up by the provider's team, not through a form. */
  connect: ConnectKind | null;
  /** Spec 001 section 3: the types for which a create form exists. */
  hasCreateForm: boolean;
  /** The page of an OAuth type, under manage/connectors/. */
  page: OAuthProvider | null;
  /** File name of the logo under /connector-logos/. */
  logo: string;
}

type Entry = [type: string, name: string, category: string, description: string, connect?: ConnectKind, provider?: string];

const ENTRIES: Entry[] = [
  ['MICROSOFT', 'Microsoft 365', 'Cloud and identity', 'Secure Score and recommended actions of your Microsoft 365 tenant.', 'oauth', 'microsoft'],
  ['AWS', 'Amazon Web Services', 'Cloud', 'Security posture of your AWS accounts and the findings to fix first.', 'oauth', 'aws'],
  ['GOOGLE', 'Google Cloud', 'Cloud and identity', 'Security health of your Google organisation and its recommendations.', 'oauth', 'google'],
  ['QUALYS', 'Qualys', 'Vulnerability management', 'Vulnerabilities found across your hosts and applications.'],
  ['SPLUNK', 'Splunk', 'Security monitoring', 'Alerts and detections from your Splunk deployment.'],
  ['TENABLE', 'Tenable', 'Vulnerability management', 'Exposure and vulnerability findings from Tenable.'],
  ['ZIMPERIUM', 'Zimperium', 'Mobile security', 'Threats detected on managed mobile devices.'],
  ['AZURE', 'Microsoft Azure', 'Cloud', 'Security recommendations for your Azure subscriptions.'],
  ['FICO', 'FICO Cyber Risk Score', 'Risk rating', 'An outside-in cyber risk score of your organisation.'],
  ['MOBILEIRON', 'MobileIron', 'Mobile security', 'Compliance of the mobile devices you manage.'],
  ['PALOALTO', 'Palo Alto Networks', 'Network security', 'Firewall and threat prevention posture.'],
  ['RAPID7', 'Rapid7', 'Vulnerability management', 'Vulnerabilities and remediation projects from Rapid7.'],
  ['SENTINEL', 'Microsoft Sentinel', 'Security monitoring', 'Incidents raised by Microsoft Sentinel.'],
  ['SECURITYSTUDIO', 'SecurityStudio', 'Risk assessment', 'Information security risk assessments (S2Score).', 'token', 'securitystudio'],
  ['QUALYSPC', 'Qualys Policy Compliance', 'Compliance', 'Configuration compliance of your hosts against policies.', 'userPassword', 'qualys'],
  ['QUALYSVM', 'Qualys Vulnerability Management', 'Vulnerability management', 'Vulnerabilities found by Qualys VMDR scans.', 'userPassword', 'qualys'],
  ['QUALYSCS', 'Qualys Container Security', 'Cloud', 'Vulnerabilities in your container images and running containers.', 'userPassword', 'qualys'],
  ['FORTINET', 'Fortinet', 'Network security', 'Security posture of your FortiGate estate.'],
  ['WIZER', 'Wizer', 'Security awareness', 'Security awareness training completion of your staff.', 'apiKey', 'wizer'],
  ['SAFEGUARD', 'Safeguard', 'Backup and recovery', 'Backup coverage and recovery readiness.', 'userPassword', 'safeguard'],
  ['PROOFPOINT', 'Proofpoint', 'E-mail security', 'Threats blocked at your e-mail gateway.'],
  ['SECUREWORKS', 'Secureworks', 'Managed detection', 'Detections and investigations from Secureworks Taegis.', 'token', 'secureworks'],
  ['GOOGLEWORKSPACE', 'Google Workspace', 'Identity and productivity', 'Security settings of your Google Workspace domain.', 'token', 'google-workspace'],
  ['GSC', 'Google Security Command Center', 'Cloud', 'Findings from Google Security Command Center.', 'token', 'google-scc'],
  ['CLOUDFLARE', 'Cloudflare', 'Network security', 'Web application firewall and DNS security settings.', 'token', 'cloudflare'],
  ['SOPHOS', 'Sophos', 'Endpoint security', 'Endpoint protection status and alerts from Sophos Central.', 'token', 'sophos'],
  ['SNYK', 'Snyk', 'Code security', 'Vulnerabilities in your code and open-source dependencies.'],
  ['CROWDSTRIKE', 'CrowdStrike Falcon', 'Endpoint security', 'Endpoint detections from CrowdStrike Falcon.'],
  ['CROWDSTRIKE_SPOTLIGHT', 'CrowdStrike Spotlight', 'Vulnerability management', 'Vulnerabilities found by Falcon Spotlight.'],
  ['MS_DEFENDER_ENDPOINT', 'Microsoft Defender for Endpoint', 'Endpoint security', 'Device exposure and alerts from Defender for Endpoint.'],
  ['MS_DEFENDER_VMS', 'Microsoft Defender Vulnerability Management', 'Vulnerability management', 'Software vulnerabilities found by Defender.'],
  ['MS_DEFENDER_CLOUD', 'Microsoft Defender for Cloud', 'Cloud', 'Secure score and recommendations of Defender for Cloud.'],
  ['INSIGHTVM', 'Rapid7 InsightVM', 'Vulnerability management', 'Asset vulnerabilities and risk scores from InsightVM.'],
  ['SEMGREP', 'Semgrep', 'Code security', 'Code findings from Semgrep scans.'],
  ['SENTINELONE', 'SentinelOne', 'Endpoint security', 'Endpoint threats and agent health from SentinelOne.'],
  ['SENTINELONE_VMS', 'SentinelOne Vulnerability Management', 'Vulnerability management', 'Application vulnerabilities found by SentinelOne.'],
  ['AWS_SECURITYHUB', 'AWS Security Hub', 'Cloud', 'Findings aggregated by AWS Security Hub.'],
  ['LACEWORK_CSPM', 'Lacework CSPM', 'Cloud', 'Cloud configuration compliance from Lacework.'],
  ['MS_ENTRA', 'Microsoft Entra ID', 'Identity', 'Identity protection and sign-in risk from Entra ID.'],
  ['OKTA_IDP', 'Okta', 'Identity', 'Identity provider policies and MFA coverage in Okta.'],
  ['ARNICA', 'Arnica', 'Code security', 'Source-code access and secrets findings from Arnica.'],
  ['AWS_INSPECTOR2', 'Amazon Inspector', 'Vulnerability management', 'Workload vulnerabilities found by Amazon Inspector.'],
  ['AIKIDO', 'Aikido Security', 'Code security', 'Application security findings from Aikido.'],
  ['IDENTITY_AI', 'Identity AI', 'Identity', 'Identity risk findings from Identity AI.'],
  ['CONSOLE_MDR', 'Cyber Console Managed Detection', 'Managed detection', "Managed detection and response from the provider's own security team.", 'apiKey', 'cyber-console'],
  ['CONSOLE_ASM', 'Cyber Console Attack Surface', 'Risk rating', "The provider's own outside-in scan of your domains and exposed services."],
];

/** Spec 001 section 3: the types for which a create form exists (and the provider's own managed-detection type). */
const WITH_CREATE_FORM = new Set([
  'AWS', 'CLOUDFLARE', 'GOOGLEWORKSPACE', 'GSC', 'MICROSOFT', 'QUALYSCS', 'QUALYSPC', 'QUALYSVM', 'SAFEGUARD', 'SECUREWORKS',
  'SECURITYSTUDIO', 'SOPHOS', 'WIZER', 'CONSOLE_MDR',
]);

export const CONNECTOR_TYPES: readonly ConnectorType[] = ENTRIES.map(([type, name, category, description, connect, provider]) => ({
  type,
  name,
  description,
  category,
  provider: provider ?? type.toLowerCase().replace(/_/g, '-'),
  connect: connect ?? null,
  hasCreateForm: WITH_CREATE_FORM.has(type),
  page: connect === 'oauth' ? (provider as OAuthProvider) : null,
  logo: `/connector-logos/${type.toLowerCase().replace(/_/g, '-')}.svg`,
}));

const BY_TYPE = new Map(CONNECTOR_TYPES.map((entry) => [entry.type, entry]));

export function connectorTypeOf(type: string): ConnectorType | undefined {
  return BY_TYPE.get(type);
}

/** Where a connection's posture comes from: its OAuth provider, or the API-credential tools' gateway. */
export function postureSourceOf(entry: ConnectorType): PostureSource {
  return entry.connect === 'oauth' ? (entry.provider as OAuthProvider) : 'tools';
}

/** The connector type of an OAuth provider's page. */
export const OAUTH_TYPES: Readonly<Record<OAuthProvider, string>> = { microsoft: 'MICROSOFT', google: 'GOOGLE', aws: 'AWS' };
