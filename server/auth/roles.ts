/**
 * Roles and their 'resource:action' permissions, as data. They are written to the roles and
 * role_permissions tables when a role does not exist yet; from then on the database is the source, so an
 * administrator's later changes survive restarts.
 */

export interface RoleDefinition {
  id: string;
  name: string;
  accountType: string;
  permissions: readonly string[];
  /** Scopes the access token carries (spec 000: an operator has role:operator without role:admin). */
  tokenScopes?: readonly string[];
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

export const ROLE_DEFINITIONS: readonly RoleDefinition[] = [
  {
    id: 'provider-super-admin',
    name: 'Super Admin',
    accountType: 'COWBELL',
    permissions: [
      'account:read', 'account:write', 'account:jump',
      'user:read', 'user:write', 'team:read', 'team:write',
      'agency:read', 'agency:write',
      'quote:read', 'quote:write', 'quote:underwrite', 'quote:bind',
      'policy:read', 'policy:write', 'billing:read', 'billing:write',
      'claim:read', 'claim:write', 'commission:read', 'commission:write',
      'document:read', 'document:write', 'definitions:read', 'definitions:write', 'definitions:history',
      'audit:read', 'feature-flag:write', 'mailbox:read',
      ...AGENCY_ADMINISTRATION, 'reference:write', 'organisation:read', 'organisation:write',
    ],
    tokenScopes: ['role:admin', 'role:operator'],
  },
  {
    id: 'provider-operator',
    name: 'Operator',
    accountType: 'COWBELL',
    permissions: [
      ...SELF_SERVICE, 'account:jump', 'agency:read', 'quote:read', 'policy:read', 'billing:read', 'claim:read', 'document:read',
      'definitions:history', 'license:read', 'organisation:read', 'connector:read', 'tag:read',
    ],
    tokenScopes: ['role:operator'],
  },
  {
    id: 'provider-underwriter',
    name: 'Underwriter',
    accountType: 'COWBELL',
    permissions: [
      ...SELF_SERVICE, 'agency:read', 'quote:read', 'quote:write', 'quote:underwrite',
      'policy:read', 'claim:read', 'document:read', 'definitions:read', 'definitions:write', 'definitions:history',
      'license:read', 'organisation:read',
    ],
  },
  {
    id: 'agency-admin',
    name: 'Agency Admin',
    accountType: 'AGENCY',
    permissions: [
      ...SELF_SERVICE, 'account:write', 'user:write', 'team:write', 'quote:read', 'quote:write', 'quote:bind',
      'policy:read', 'billing:read', 'claim:read', 'claim:write', 'commission:read', 'document:read',
      ...AGENCY_ADMINISTRATION,
    ],
  },
  {
    id: 'customer-admin',
    name: 'Policyholder Admin',
    accountType: 'CUSTOMER',
    permissions: [
      ...SELF_SERVICE, 'quote:read', 'policy:read', 'billing:read', 'billing:pay', 'claim:read', 'claim:write', 'document:read',
      'connector:read', 'connector:write',
    ],
  },
  {
    id: 'carrier-admin',
    name: 'Carrier Admin',
    accountType: 'CARRIER',
    permissions: [...SELF_SERVICE, 'user:write', 'quote:read', 'policy:read', 'claim:read', 'document:read'],
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
    permissions: [...SELF_SERVICE, 'user:write', 'agency:read', 'quote:read', 'policy:read'],
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
