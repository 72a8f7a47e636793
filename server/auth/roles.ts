/**
 * Roles and their 'resource:action' permissions, as data. They are written to the roles and
 * role_permissions tables when a role does not exist yet; from then on the database is the source, so an
 * administrator's later changes survive restarts. A permission added here later reaches existing databases
 * once (seeded_role_grants).
 *
 * Besides permissions a role carries what spec 001 says about it (section 5 User, section 6): whether it sets
 * the flag that affects assignment, whether its users work in teams (team realm: adding an agency account to
 * such a user needs teams), and whether removing its user warns that they have access to All accounts.
 */

export interface RoleDefinition {
  id: string;
  name: string;
  accountType: string;
  permissions: readonly string[];
  /** Scopes the access token carries (spec 000: an operator has role:operator without role:admin). */
  tokenScopes?: readonly string[];
  /**
   * Spec 001 section 5: Super Admin, Power User, Customer Success, Biz Dev, TSM, Technician and Head of Claims
   * 'set a flag that affects assignment; its effect is not shown'. Kept as data and reported with the role.
   */
  assignmentFlag?: boolean;
  /** Users of the role see the accounts of their teams only (token realm TEAM); teams are required to add them to an agency. */
  teamRealm?: boolean;
  /** The role reaches every account of its organisation: removing its user warns about 'access to All accounts'. */
  allAccounts?: boolean;
}

// Every signed-in user reads definitions (forms, tables, wording): the client loads them from the server.
// Their history (authors, notes, earlier versions) is 'definitions:history', for provider staff only.
// Reference data (industry codes, states) is read by every form that asks for an industry or a state.
const SELF_SERVICE = ['account:read', 'user:read', 'team:read', 'definitions:read', 'reference:read'] as const;

// The administration areas of spec 001: licences, integrations (webhooks, API keys, their activity,
// security-tool connectors), tags and bulk upload of accounts.
const AGENCY_ADMINISTRATION = [
  'license:read', 'license:write', 'webhook:read', 'webhook:write', 'api-key:read', 'api-key:write', 'api-activity:read',
  'connector:read', 'connector:write', 'tag:read', 'tag:write', 'upload:write',
] as const;

// What provider staff outside administration read to support agencies and clients.
const PROVIDER_READ = ['agency:read', 'organisation:read', 'quote:read', 'policy:read', 'license:read', 'definitions:history'] as const;

export const ROLE_DEFINITIONS: readonly RoleDefinition[] = [
  // The provider (COWBELL): its own staff.
  {
    id: 'provider-super-admin',
    name: 'Super Admin',
    accountType: 'COWBELL',
    permissions: [
      'account:read', 'account:write', 'account:jump', 'reference:read',
      'user:read', 'user:write', 'team:read', 'team:write',
      'agency:read', 'agency:write',
      'quote:read', 'quote:write', 'quote:underwrite', 'quote:bind',
      'policy:read', 'policy:write', 'policy:service', 'billing:read', 'billing:write',
      'claim:read', 'claim:write', 'commission:read', 'commission:write', 'commission:bank',
      'document:read', 'document:upload', 'document:write', 'definitions:read', 'definitions:write', 'definitions:history',
      'audit:read', 'feature-flag:write', 'mailbox:read',
      ...AGENCY_ADMINISTRATION, 'reference:write', 'organisation:read', 'organisation:write',
    ],
    tokenScopes: ['role:admin', 'role:operator'],
    assignmentFlag: true,
    allAccounts: true,
  },
  {
    // Runs the organisation side of the platform (users, agencies, organisations) without the system switches:
    // no feature flags, definitions, mailbox or money.
    id: 'provider-corp-admin',
    name: 'Corp Admin',
    accountType: 'COWBELL',
    permissions: [
      ...SELF_SERVICE, ...PROVIDER_READ, 'account:write', 'account:jump', 'user:write', 'team:write', 'agency:write',
      'organisation:write', 'billing:read', 'claim:read', 'commission:read', 'document:read', 'document:upload', 'audit:read',
      'license:write', 'tag:read', 'connector:read',
    ],
    tokenScopes: ['role:admin', 'role:operator'],
    allAccounts: true,
  },
  {
    // Works every account's business: quotes through binding, policies, claims and documents.
    id: 'provider-power-user',
    name: 'Power User',
    accountType: 'COWBELL',
    permissions: [
      ...SELF_SERVICE, ...PROVIDER_READ, 'account:write', 'account:jump', 'agency:write',
      'quote:write', 'quote:underwrite', 'quote:bind', 'policy:write', 'policy:service', 'billing:read', 'claim:read', 'claim:write',
      'commission:read', 'document:read', 'document:upload', 'document:write', 'tag:read', 'tag:write', 'connector:read',
    ],
    tokenScopes: ['role:operator'],
    assignmentFlag: true,
    allAccounts: true,
  },
  {
    // Helps agencies and clients: enters their accounts, looks things up, fixes their users (a role it may give
    // is never more than its own, see the users resource).
    id: 'provider-customer-success',
    name: 'Customer Success',
    accountType: 'COWBELL',
    permissions: [
      ...SELF_SERVICE, ...PROVIDER_READ, 'account:write', 'account:jump', 'user:write', 'billing:read', 'claim:read',
      'document:read', 'document:upload', 'tag:read', 'connector:read',
    ],
    tokenScopes: ['role:operator'],
    assignmentFlag: true,
    allAccounts: true,
  },
  {
    // Brings agencies on board and looks after them.
    id: 'provider-biz-dev',
    name: 'Biz Dev',
    accountType: 'COWBELL',
    permissions: [...SELF_SERVICE, ...PROVIDER_READ, 'agency:write', 'commission:read'],
    assignmentFlag: true,
  },
  {
    // Territory sales manager: the agencies of a territory, their quotes and licences.
    id: 'provider-tsm',
    name: 'TSM',
    accountType: 'COWBELL',
    permissions: [...SELF_SERVICE, ...PROVIDER_READ, 'account:jump', 'quote:write', 'commission:read'],
    tokenScopes: ['role:operator'],
    assignmentFlag: true,
  },
  {
    // Security-tool connections and scans of client accounts; neither primary nor billing contact.
    id: 'provider-technician',
    name: 'Technician',
    accountType: 'COWBELL',
    permissions: [...SELF_SERVICE, 'agency:read', 'organisation:read', 'connector:read', 'connector:write', 'api-activity:read', 'tag:read'],
    assignmentFlag: true,
  },
  {
    id: 'provider-head-of-claims',
    name: 'Head of Claims',
    accountType: 'COWBELL',
    permissions: [
      ...SELF_SERVICE, 'agency:read', 'organisation:read', 'policy:read', 'claim:read', 'claim:write', 'document:read', 'document:upload', 'document:write',
      'definitions:history',
    ],
    assignmentFlag: true,
  },
  {
    // Underwrites quotes and, as the spec's 'agent or underwriter issue' has it, binds a Ready quote and issues
    // the policy from its binder (quote:bind).
    id: 'provider-underwriter',
    name: 'Underwriter',
    accountType: 'COWBELL',
    permissions: [
      ...SELF_SERVICE, 'agency:read', 'quote:read', 'quote:write', 'quote:underwrite', 'quote:bind',
      'policy:read', 'claim:read', 'document:read', 'document:upload', 'definitions:read', 'definitions:write', 'definitions:history',
      'license:read', 'organisation:read',
    ],
  },
  {
    id: 'provider-operator',
    name: 'Operator',
    accountType: 'COWBELL',
    permissions: [
      ...SELF_SERVICE, 'account:jump', 'agency:read', 'quote:read', 'policy:read', 'billing:read', 'claim:read', 'document:read', 'document:upload',
      'definitions:history', 'license:read', 'organisation:read', 'connector:read', 'tag:read',
    ],
    tokenScopes: ['role:operator'],
  },

  // Agencies (brokerages in the UK edition).
  {
    id: 'agency-admin',
    name: 'Agency Admin',
    accountType: 'AGENCY',
    permissions: [
      ...SELF_SERVICE, 'account:write', 'user:write', 'team:write', 'quote:read', 'quote:write', 'quote:bind',
      'policy:read', 'policy:service', 'billing:read', 'claim:read', 'claim:write', 'commission:read', 'commission:bank', 'document:read', 'document:upload',
      ...AGENCY_ADMINISTRATION,
    ],
    allAccounts: true,
  },
  {
    // Leads the agency's producers: every account of the agency, quotes through binding, commissions.
    id: 'agency-principal-producer',
    name: 'Principal Producer',
    accountType: 'AGENCY',
    permissions: [
      ...SELF_SERVICE, 'account:write', 'quote:read', 'quote:write', 'quote:bind', 'policy:read', 'policy:service', 'billing:read',
      'claim:read', 'claim:write', 'commission:read', 'document:read', 'document:upload', 'license:read', 'tag:read', 'tag:write',
    ],
    allAccounts: true,
  },
  {
    // Services every account of the agency: reads quotes and policies, reports claims, no binding.
    id: 'agency-customer-service',
    name: 'Customer Service',
    accountType: 'AGENCY',
    permissions: [...SELF_SERVICE, 'account:write', 'quote:read', 'policy:read', 'policy:service', 'billing:read', 'claim:read', 'claim:write', 'document:read', 'document:upload', 'tag:read'],
    allAccounts: true,
  },
  {
    // The agent who sells: the accounts of their teams only.
    id: 'agency-producer',
    name: 'Producer',
    accountType: 'AGENCY',
    permissions: [...SELF_SERVICE, 'account:write', 'quote:read', 'quote:write', 'quote:bind', 'policy:read', 'policy:service', 'claim:read', 'claim:write', 'document:read', 'document:upload', 'license:read'],
    teamRealm: true,
  },

  // Customers (the insured).
  {
    id: 'customer-admin',
    name: 'Account Admin',
    accountType: 'CUSTOMER',
    permissions: [
      ...SELF_SERVICE, 'user:write', 'quote:read', 'quote:sign', 'policy:read', 'billing:read', 'billing:pay', 'claim:read', 'claim:write',
      'document:read', 'connector:read', 'connector:write',
    ],
  },
  {
    // Looks after the insured's cyber risk: its security-tool connections, policies and claims.
    id: 'customer-risk-manager',
    name: 'Risk Manager',
    accountType: 'CUSTOMER',
    permissions: [...SELF_SERVICE, 'quote:read', 'policy:read', 'billing:read', 'claim:read', 'claim:write', 'document:read', 'connector:read', 'connector:write'],
  },
  {
    id: 'customer-policy-holder',
    name: 'Policy Holder',
    accountType: 'CUSTOMER',
    // 'quote:sign': the named insured attests and signs a quote sent to them (spec 002 section 4).
    permissions: [...SELF_SERVICE, 'quote:read', 'quote:sign', 'policy:read', 'billing:read', 'billing:pay', 'claim:read', 'claim:write', 'document:read'],
  },

  // The other organisation types: one admin role each.
  {
    id: 'carrier-admin',
    name: 'Carrier Admin',
    accountType: 'CARRIER',
    permissions: [...SELF_SERVICE, 'user:write', 'quote:read', 'policy:read', 'claim:read', 'document:read', 'document:upload', 'document:delete'],
  },
  {
    id: 'digital-admin',
    name: 'Digital Agent Admin',
    accountType: 'DIGITAL',
    permissions: [
      ...SELF_SERVICE, 'account:write', 'user:write', 'quote:read', 'quote:write', 'policy:read',
      'webhook:read', 'webhook:write', 'api-key:read', 'api-key:write', 'api-activity:read',
    ],
  },
  {
    id: 'mssp-admin',
    name: 'MSSP Admin',
    accountType: 'MSSP',
    permissions: [...SELF_SERVICE, 'user:write', 'account:write', 'connector:read', 'connector:write'],
  },
  {
    id: 'cluster-admin',
    name: 'Cluster Admin',
    accountType: 'CLUSTER',
    permissions: [...SELF_SERVICE, 'user:write', 'agency:read', 'quote:read', 'policy:read', 'document:read', 'document:upload', 'document:delete'],
  },
  {
    id: 'vendor-admin',
    name: 'Vendor Admin',
    accountType: 'VENDOR',
    permissions: [...SELF_SERVICE, 'user:write', 'claim:read', 'claim:write'],
  },
  {
    id: 'reinsurer-admin',
    name: 'Reinsurer Admin',
    accountType: 'RE_INSURER',
    permissions: [...SELF_SERVICE, 'user:write', 'policy:read'],
  },
  {
    id: 'premium-processor-admin',
    name: 'Premium Processor Admin',
    accountType: 'PREMIUM_PROCESSOR',
    permissions: [...SELF_SERVICE, 'user:write', 'policy:read', 'billing:read', 'financing:read'],
  },
];

const BY_ID = new Map(ROLE_DEFINITIONS.map((role) => [role.id, role]));

/** The code's definition of a role, or undefined for a role only the database knows (added by an administrator). */
export function roleDefinition(id: string): RoleDefinition | undefined {
  return BY_ID.get(id);
}

/** The order roles are offered in: as listed above, roles the code does not know last. */
export function roleOrder(id: string): number {
  const index = ROLE_DEFINITIONS.findIndex((role) => role.id === id);
  return index === -1 ? ROLE_DEFINITIONS.length : index;
}
