/**
 * The demo world written to an empty database: one organisation of every account type (UNKNOWN is a
 * placeholder type, not an organisation), three US agencies (one of which enforces MFA) and one UK
 * brokerage, teams, and one user per persona. Every demo user signs in with DEMO_PASSWORD.
 */

export interface DemoAccount {
  key: string;
  name: string;
  accountType: string;
  edition: 'us' | 'uk';
  locationAlias?: string;
  npn?: string;
  enforceMfa?: boolean;
  uwEnabled?: boolean;
  /** Key of the agency that manages this account. */
  agency?: string;
  teams: ReadonlyArray<{ name: string; isDefault?: boolean }>;
}

export interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  account: string;
  roleId: string;
  phone?: string;
  npn?: string;
  mfaType?: 'NONE' | 'EMAIL' | 'SMS';
  /** Further accounts the user belongs to (and can switch to), with the role held there. */
  memberOf?: ReadonlyArray<{ account: string; roleId: string }>;
  /** Team names (of the user's account) the user belongs to. */
  teams?: readonly string[];
  /** What the startup banner says about this sign-in. */
  description: string;
}

const DEFAULT_TEAM = [{ name: 'Default Team', isDefault: true }] as const;

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { key: 'provider', name: 'Cyber Console', accountType: 'COWBELL', edition: 'us', uwEnabled: true,
    teams: [{ name: 'Underwriting', isDefault: true }, { name: 'Operations' }] },
  { key: 'agency', name: 'Summit Risk Partners', locationAlias: 'Denver', accountType: 'AGENCY', edition: 'us', npn: '17654321',
    teams: [{ name: 'Default Team', isDefault: true }, { name: 'West Coast' }, { name: 'East Coast' }] },
  { key: 'otherAgency', name: 'Harbor Insurance Group', locationAlias: 'Boston', accountType: 'AGENCY', edition: 'us', npn: '18765432',
    teams: [{ name: 'Default Team', isDefault: true }, { name: 'New England' }] },
  // Enforces MFA (spec 000 section 4): its users sign in with a second factor; one without MFA is asked to enable it.
  { key: 'secureAgency', name: 'Secure Agency', locationAlias: 'Austin', accountType: 'AGENCY', edition: 'us', enforceMfa: true,
    teams: DEFAULT_TEAM },
  { key: 'brokerage', name: 'Thames Cyber Brokers', locationAlias: 'London', accountType: 'AGENCY', edition: 'uk',
    teams: [{ name: 'Default Team', isDefault: true }, { name: 'City' }] },
  { key: 'insured', name: 'Acme Precision Manufacturing', accountType: 'CUSTOMER', edition: 'us', agency: 'agency', teams: DEFAULT_TEAM },
  { key: 'carrier', name: 'Keystone Specialty Insurance Company', accountType: 'CARRIER', edition: 'us', teams: DEFAULT_TEAM },
  { key: 'aggregator', name: 'QuoteStream Digital', accountType: 'DIGITAL', edition: 'us', teams: DEFAULT_TEAM },
  { key: 'mssp', name: 'Sentinel Managed Security', accountType: 'MSSP', edition: 'us', teams: DEFAULT_TEAM },
  { key: 'cluster', name: 'Mountain States Agency Cluster', accountType: 'CLUSTER', edition: 'us', teams: DEFAULT_TEAM },
  { key: 'vendor', name: 'Rapid Breach Response', accountType: 'VENDOR', edition: 'us', teams: DEFAULT_TEAM },
  { key: 'reinsurer', name: 'Atlas Re', accountType: 'RE_INSURER', edition: 'us', teams: DEFAULT_TEAM },
  { key: 'processor', name: 'Premium Finance Services', accountType: 'PREMIUM_PROCESSOR', edition: 'us', teams: DEFAULT_TEAM },
];

export const DEMO_USERS: readonly DemoUser[] = [
  { email: 'admin@provider.example', firstName: 'Ada', lastName: 'Admin', account: 'provider', roleId: 'provider-super-admin',
    teams: ['Underwriting', 'Operations'], description: 'provider Super Admin' },
  { email: 'operator@provider.example', firstName: 'Otto', lastName: 'Operator', account: 'provider', roleId: 'provider-operator',
    teams: ['Operations'], description: 'provider operator (role:operator without role:admin; can enter accounts)' },
  { email: 'underwriter@provider.example', firstName: 'Uma', lastName: 'Underwood', account: 'provider', roleId: 'provider-underwriter',
    teams: ['Underwriting'], description: 'provider underwriter' },
  { email: 'agent@agency.example', firstName: 'Alex', lastName: 'Agent', account: 'agency', roleId: 'agency-admin', npn: '17654321',
    phone: '3035550101', teams: ['Default Team', 'West Coast'], description: 'US agency admin' },
  { email: 'mfa@agency.example', firstName: 'Morgan', lastName: 'Factor', account: 'secureAgency', roleId: 'agency-admin', mfaType: 'EMAIL',
    teams: ['Default Team'], description: 'admin of Secure Agency, which enforces MFA; MFA by e-mail code (code in the outbox)' },
  { email: 'agent@otheragency.example', firstName: 'Olivia', lastName: 'Other', account: 'otherAgency', roleId: 'agency-admin',
    teams: ['Default Team'], description: 'second US agency admin' },
  { email: 'broker@brokerage.example', firstName: 'Ben', lastName: 'Broker', account: 'brokerage', roleId: 'agency-admin',
    phone: '2075550123', teams: ['Default Team'], description: 'UK brokerage admin' },
  { email: 'policyholder@insured.example', firstName: 'Paula', lastName: 'Holder', account: 'insured', roleId: 'customer-admin',
    description: 'policyholder (customer)' },
  { email: 'carrier@carrier.example', firstName: 'Carl', lastName: 'Carrier', account: 'carrier', roleId: 'carrier-admin', description: 'carrier' },
  { email: 'da@aggregator.example', firstName: 'Dana', lastName: 'Digital', account: 'aggregator', roleId: 'digital-admin', description: 'digital agent (aggregator)' },
  { email: 'mssp@mssp.example', firstName: 'Max', lastName: 'Secure', account: 'mssp', roleId: 'mssp-admin', description: 'managed security provider' },
  { email: 'cluster@cluster.example', firstName: 'Cleo', lastName: 'Cluster', account: 'cluster', roleId: 'cluster-admin',
    memberOf: [{ account: 'agency', roleId: 'agency-admin' }, { account: 'otherAgency', roleId: 'agency-admin' }],
    description: 'cluster; can switch to both US agencies' },
  { email: 'vendor@vendor.example', firstName: 'Vic', lastName: 'Vendor', account: 'vendor', roleId: 'vendor-admin', description: 'vendor' },
  { email: 'reinsurer@reinsurer.example', firstName: 'Rita', lastName: 'Reinsurer', account: 'reinsurer', roleId: 'reinsurer-admin', description: 'reinsurer' },
  { email: 'processor@premium.example', firstName: 'Pat', lastName: 'Processor', account: 'processor', roleId: 'premium-processor-admin', description: 'premium processor' },
];

/** One-time-code access pages to try (spec 000 /validate/{workflowId}); the code goes to the user's e-mail or phone. */
export interface DemoWorkflow {
  id: string;
  flow: string;
  user: string;
  redirectUrl: string;
  description: string;
}

export const DEMO_WORKFLOWS: readonly DemoWorkflow[] = [
  { id: '5eed0000-0000-4000-8000-0000000e9a1d', flow: 'E_PAY', user: 'policyholder@insured.example', redirectUrl: '/customer/dashboard',
    description: "payment page of the policyholder's unpaid policy (code by e-mail)" },
  { id: '5eed0000-0000-4000-8000-00000005a11e', flow: 'SURPLUS_NOTICE', user: 'agent@agency.example', redirectUrl: '/agency/dashboard',
    description: 'surplus notice for the US agent (code by e-mail or text)' },
];
