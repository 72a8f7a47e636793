import type { OperationId } from '../../../api/operations.ts';

/**
 * Declarations of tests/api/tenant-matrix.test.ts: for each path parameter of the contract, where a row of the
 * victim tenant (the agency Summit Risk Partners and its clients) is found, or why the parameter names no
 * tenant's row at all. A group is the path's resource segment and its parameter names (`quote:id` for
 * /api/quote/v1/...{id}); where one group covers several kinds of row, an operation's own entry wins.
 *
 * SQL runs on the test database with $1 = Summit's account id, $2 = the account of the demo policyholder (Acme,
 * a client of Summit: the rows chosen are never on it, so the policyholder attacks another client's rows),
 * $3 = the attacker's own account id. The first row's columns, named after the path parameters, are the values.
 */

/** Where the values come from: a query, fixed values, or something the victim makes through the API first. */
export type Source =
  | { sql: string }
  | { values: Record<string, string> };

export interface Scoped {
  source: Source;
  /**
   * `refused` (the default): the attacker gets 403 or 404 (400 when its body is refused before anything is
   * looked up; the fingerprint proves nothing changed). `own-only`: the parameter is a filter, not a row (a
   * state, a status): the operation may answer 2xx on the attacker's own rows, but never with the victim's.
   */
  expect?: 'refused' | 'own-only';
  /** The GET the victim runs with these values to prove they point at a real row (2xx). */
  proof?: OperationId;
  /** Attackers that may read the row by right (as `own-only`), with the reason. */
  readableBy?: Partial<Record<string, string>>;
}

export interface Exempt {
  exempt: string;
}

export type Declaration = Scoped | Exempt;

export const isExempt = (declaration: Declaration): declaration is Exempt => 'exempt' in declaration;

const SUMMIT_CLIENT = `a.agency_id = $1 AND a.id <> $2 AND a.account_type = 'CUSTOMER'`;
/** A client of Summit other than the policyholder's, one with rows of the kind wanted (`extra`). */
const client = (extra = 'TRUE') =>
  ({ sql: `SELECT a.id, a.id AS "accountId" FROM accounts a WHERE ${SUMMIT_CLIENT} AND ${extra} ORDER BY a.name LIMIT 1` });
const quote = (extra = `q.status = 'READY'`) =>
  ({ sql: `SELECT q.id, q.id AS "quoteId" FROM quotes q JOIN accounts a ON a.id = q.account_id WHERE ${SUMMIT_CLIENT} AND ${extra} ORDER BY q.quote_number LIMIT 1` });
const policy = (extra = `p.status IN ('ISSUED', 'ACTIVE')`) =>
  ({ sql: `SELECT p.id, p.id AS "policyId", p.account_id AS "accountId" FROM policies p JOIN accounts a ON a.id = p.account_id WHERE ${SUMMIT_CLIENT} AND ${extra} ORDER BY p.policy_number LIMIT 1` });
const SUMMIT = { sql: `SELECT $1::uuid AS id, $1::uuid AS "agencyId"` };
/** A user of Summit other than the demo agent, so a hole would not take the victim's own sign-in with it. */
const summitUser = `SELECT u.id, u.id AS "userId", u.email FROM users u WHERE u.account_id = $1 AND u.email <> 'agent@agency.example' ORDER BY u.email LIMIT 1`;

const REFERENCE = 'reference data shared by every tenant (edited only with reference:write, which no tenant holds)';
const ORGANISATION = "a partner organisation's record (carrier, cluster, MSSP, aggregator, reinsurer, processor): managed by provider staff only, no agency's row";
const DEFINITIONS = 'product definitions are global, not a tenant\'s rows (edited only with definitions:write)';

/** Per group: `<resource segment>:<path parameters>`. */
export const GROUPS: Record<string, Declaration> = {
  'account:accountId': { source: client(), proof: 'getAccountQuestions' },
  'account:id': { source: client(), proof: 'getAccount' },
  'account:id,agencyId': { source: { sql: `SELECT a.id, $3::uuid AS "agencyId" FROM accounts a WHERE ${SUMMIT_CLIENT} ORDER BY a.name LIMIT 1` } },
  'account:organisationId,agencyId': {
    source: { sql: `SELECT o.organisation_id AS "organisationId", o.agency_id AS "agencyId" FROM organisation_agencies o WHERE o.agency_id = $1 ORDER BY o.organisation_type, o.organisation_id LIMIT 1` },
  },
  'agency:id': { source: SUMMIT, proof: 'getSmallAgencyLogo' },
  'agency:licenseId': { source: { sql: `SELECT id AS "licenseId" FROM agency_licenses WHERE agency_id = $1 ORDER BY number LIMIT 1` }, proof: 'getAgencyLicense' },
  'agency:state': { source: { values: { state: 'CO' } }, expect: 'own-only' },
  'auth:accountId': { source: { sql: `SELECT $1::uuid AS "accountId"` } },
  'auth:id': { source: { sql: `SELECT t.id FROM teams t WHERE t.account_id = $1 ORDER BY t.name LIMIT 1` }, proof: 'getTeam' },
  'auth:key': { exempt: 'feature flags are global switches of the platform, set by provider staff' },
  'auth:keyId': { source: { sql: `SELECT key_id AS "keyId" FROM api_keys WHERE account_id = $1 ORDER BY key_id LIMIT 1` }, proof: 'getApiKey' },
  'auth:personaPath,accountId': { source: { sql: `SELECT 'agency' AS "personaPath", a.id AS "accountId" FROM accounts a WHERE ${SUMMIT_CLIENT} ORDER BY a.name LIMIT 1` } },
  'auth:tableId': { exempt: "the caller's own table preferences: the path names a table definition, not a row" },
  'auth:userId': { source: { sql: summitUser }, proof: 'getUser' },
  'auth:userId,accountId': { source: { sql: `SELECT ua.user_id AS "userId", ua.account_id AS "accountId" FROM user_accounts ua JOIN users u ON u.id = ua.user_id WHERE u.account_id = $1 OR ua.account_id = $1 ORDER BY ua.user_id LIMIT 1` } },
  'billing:id': {
    source: { sql: `SELECT t.id FROM payment_transactions t JOIN policies p ON p.id = t.policy_id JOIN accounts a ON a.id = p.account_id WHERE ${SUMMIT_CLIENT} ORDER BY t.transaction_id LIMIT 1` },
    proof: 'getTransaction',
  },
  'billing:policyId': { source: policy(), proof: 'getPolicyPayment' },
  'claims:claimId': { source: { sql: `SELECT c.id AS "claimId" FROM claims c JOIN accounts a ON a.id = c.account_id WHERE ${SUMMIT_CLIENT} ORDER BY c.claim_number LIMIT 1` }, proof: 'getClaim' },
  'commissions:agencyId': { source: SUMMIT, proof: 'getCommissionAch' },
  'connector:accountId': { source: client(`EXISTS (SELECT 1 FROM connector_connections c WHERE c.account_id = a.id)`), proof: 'getAccountConnections' },
  'connector:connectorId': { source: { sql: `SELECT c.id AS "connectorId" FROM connector_connections c JOIN accounts a ON a.id = c.account_id WHERE ${SUMMIT_CLIENT} ORDER BY c.created_at LIMIT 1` }, proof: 'getConnectionStatus' },
  'connector:connectorType': { exempt: "starts or completes the caller's own OAuth flow on its own account; the path names a connector kind, not a row" },
  'connector:connectorType,connectorId': {
    source: { sql: `SELECT c.connector_type AS "connectorType", c.id AS "connectorId" FROM connector_connections c JOIN accounts a ON a.id = c.account_id WHERE ${SUMMIT_CLIENT} ORDER BY c.created_at LIMIT 1` },
    proof: 'getConnectorLatestScore',
  },
  'connector:id': { source: { sql: `SELECT c.id FROM connector_connections c JOIN accounts a ON a.id = c.account_id WHERE ${SUMMIT_CLIENT} ORDER BY c.created_at LIMIT 1` }, proof: 'getConnection' },
  'definitions:edition,id': { exempt: DEFINITIONS },
  'definitions:key': { exempt: DEFINITIONS },
  'definitions:key,version': { exempt: DEFINITIONS },
  'docs:accountId,policyId': { source: policy(), proof: 'downloadLossRuns' },
  'docs:id': { exempt: `library forms and form types are ${REFERENCE}` },
  'inbox:id': { source: { sql: `SELECT m.id FROM inbox_messages m WHERE m.agency_id = $1 AND m.account_id IS DISTINCT FROM $2 ORDER BY m.received_at, m.id LIMIT 1` } },
  'policy:certificateId': {
    source: { sql: `SELECT c.id AS "certificateId" FROM policy_certificates c JOIN policies p ON p.id = c.policy_id JOIN accounts a ON a.id = p.account_id WHERE ${SUMMIT_CLIENT} ORDER BY c.requested_at LIMIT 1` },
    proof: 'downloadCertificate',
  },
  'policy:id': { source: policy(), proof: 'getPolicy' },
  'policy:policyId': { source: policy(), proof: 'listExcessLayers' },
  'policy:quoteId': { source: quote(`q.status = 'BOUND'`) },
  'quote:accountId': { source: client(), proof: 'getQuoteAccount' },
  'quote:id': { source: quote(), proof: 'getQuote' },
  'quote:id,subjectivityId': {
    source: { sql: `SELECT q.id, s.id AS "subjectivityId" FROM quote_subjectivities s JOIN quotes q ON q.id = s.quote_id JOIN accounts a ON a.id = q.account_id WHERE ${SUMMIT_CLIENT} ORDER BY s.seq LIMIT 1` },
  },
  // Deletes the caller's own quotes in that state: the victim's quotes in it must all survive.
  'quote:status': { source: { values: { status: 'EXPIRED' } }, expect: 'own-only' },
  'rater:id': { exempt: `carrier profiles are ${ORGANISATION}` },
  'submission:id': { source: { sql: `SELECT s.id FROM submissions s WHERE s.agency_id = $1 AND s.account_id <> $2 ORDER BY s.submission_number LIMIT 1` }, proof: 'getSubmission' },
  'user:email': { source: { sql: summitUser } },
  'webhook:id': { source: { sql: `SELECT id FROM webhooks WHERE account_id = $1 ORDER BY created_at LIMIT 1` }, proof: 'getWebhook' },
};

/** Operations whose group's row is the wrong kind. */
export const OPERATIONS: Partial<Record<OperationId, Declaration>> = {
  // account:id names other rows than a client account on these paths.
  getAdditionalInsured: { source: { sql: `SELECT i.id FROM account_additional_insureds i JOIN accounts a ON a.id = i.account_id WHERE ${SUMMIT_CLIENT} ORDER BY i.business_name LIMIT 1` }, proof: 'getAdditionalInsured' },
  deleteBlacklistedDomain: { exempt: `blacklisted domains are ${REFERENCE}` },
  deleteIndustryCode: { exempt: `industry codes are ${REFERENCE}` },
  getIndustryCode: { exempt: `industry codes are ${REFERENCE}` },
  updateIndustryCode: { exempt: `industry codes are ${REFERENCE}` },
  deleteState: { exempt: `states are ${REFERENCE}` },
  getState: { exempt: `states are ${REFERENCE}` },
  updateState: { exempt: `states are ${REFERENCE}` },
  getSurplusLicense: { source: { sql: `SELECT id FROM surplus_licenses WHERE agency_id = $1 ORDER BY surplus_license_number LIMIT 1` }, proof: 'getSurplusLicense' },
  getTag: { source: { sql: `SELECT id FROM tags WHERE account_id = $1 ORDER BY name LIMIT 1` }, proof: 'getTag' },
  getAccountUpload: { source: { sql: `SELECT id FROM account_uploads WHERE agency_id = $1 ORDER BY upload_time LIMIT 1` }, proof: 'getAccountUpload' },
  getAgency: { source: SUMMIT, proof: 'getAgency' },
  // agency:id: the agency's logo is shown to its own clients.
  getSmallAgencyLogo: { source: SUMMIT, proof: 'getSmallAgencyLogo', readableBy: { 'policyholder@insured.example': "its own agency's logo, shown on its portal" } },
  removeAggregatorAgency: { source: SUMMIT },
  removeClusterAgency: { source: SUMMIT },
  // auth:id: organisations and passwords rather than teams.
  getAggregator: { exempt: ORGANISATION },
  getCarrier: { exempt: ORGANISATION },
  getCluster: { exempt: ORGANISATION },
  getMssp: { exempt: ORGANISATION },
  getPremiumProcessor: { exempt: ORGANISATION },
  getReinsurer: { exempt: ORGANISATION },
  resetUserPassword: { source: { sql: `SELECT u.email AS id FROM users u WHERE u.account_id = $1 AND u.email <> 'agent@agency.example' ORDER BY u.email LIMIT 1` } },
  // agency:licenseId: an agent's licence.
  getAgentLicense: { source: { sql: `SELECT id AS "licenseId" FROM agent_licenses WHERE agency_id = $1 ORDER BY number LIMIT 1` }, proof: 'getAgentLicense' },
  // quote:id on rows in the state the operation is about.
  downloadBinder: { source: quote(`q.status = 'BOUND'`), proof: 'downloadBinder' },
  getSurplusNotice: { source: quote(`q.is_surplus`), proof: 'getSurplusNotice' },
  // rater:id: the IRPM of a quote.
  saveRiskModifier: { source: quote() },
  // webhook:id: a delivery (made by the victim's lead sync before the matrix).
  redeliverWebhook: { source: { sql: `SELECT d.id FROM webhook_deliveries d WHERE d.account_id = $1 ORDER BY d.created_at LIMIT 1` } },
};

/** Operations that share another operation's declaration (same row kind as the one named). */
const SAME_AS: Partial<Record<OperationId, OperationId>> = {
  updateAdditionalInsured: 'getAdditionalInsured', deleteAdditionalInsured: 'getAdditionalInsured',
  updateSurplusLicense: 'getSurplusLicense', deleteSurplusLicense: 'getSurplusLicense',
  updateTag: 'getTag', deleteTag: 'getTag', updateAgency: 'getAgency',
  deleteAggregator: 'getAggregator', updateAggregator: 'getAggregator', deleteCarrier: 'getCarrier', updateCarrier: 'getCarrier',
  updateCarrierHostname: 'getCarrier', deleteCluster: 'getCluster', updateCluster: 'getCluster', deleteMssp: 'getMssp', updateMssp: 'getMssp',
  deletePremiumProcessor: 'getPremiumProcessor', updatePremiumProcessor: 'getPremiumProcessor', deleteReinsurer: 'getReinsurer',
  updateReinsurer: 'getReinsurer', deleteAgentLicense: 'getAgentLicense', rescindBinder: 'downloadBinder',
  attestSurplusNotice: 'getSurplusNotice', sendSurplusNotice: 'getSurplusNotice', downloadSurplusNotice: 'getSurplusNotice',
};
for (const [id, like] of Object.entries(SAME_AS)) OPERATIONS[id as OperationId] = OPERATIONS[like];

/** The group of an operation's path: `quote:id` for PUT /api/quote/v1/{id}/bind. */
export function groupOf(path: string): string | null {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  return names.length ? `${path.split('/')[2]}:${names.join(',')}` : null;
}

export function declarationOf(operationId: string, path: string): Declaration | undefined {
  const group = groupOf(path);
  return OPERATIONS[operationId as OperationId] ?? (group ? GROUPS[group] : undefined);
}

/**
 * GET operations without path parameters whose required query names a row: the victim's. Their answer is
 * checked like any list (no canary of the victim), or they refuse.
 */
export const LIST_QUERIES: Partial<Record<OperationId, Source>> = {
  searchAdditionalInsureds: client(),
  searchAccountNotes: client(),
  searchAccountScans: client(),
  searchAgencyUsers: SUMMIT,
  listPolicyRevisions: policy(),
  listUserAccounts: { sql: summitUser },
  searchAccountUploadRows: { sql: `SELECT id AS "uploadId" FROM account_uploads WHERE agency_id = $1 ORDER BY upload_time LIMIT 1` },
  downloadDocument: { sql: `SELECT d.doc_id AS "docId" FROM document_entries d JOIN accounts a ON a.id = d.account_id WHERE ${SUMMIT_CLIENT} ORDER BY d.doc_id LIMIT 1` },
  // The matrix's setup has the victim download a client's policy declarations, which keeps its version 1.
  downloadKeptDocument: {
    sql: `SELECT g.doc_id AS "docId" FROM generated_documents g JOIN policies p ON p.id = g.record_id JOIN accounts a ON a.id = p.account_id
      WHERE ${SUMMIT_CLIENT} AND g.source = 'POLICY' ORDER BY g.doc_id LIMIT 1`,
  },
};

/** List operations whose answer legitimately holds what is shared with every tenant, by reason. */
export const LIST_EXEMPT: Partial<Record<OperationId, string>> = {
  getDefinitionBundle: 'the product definitions, the same for every tenant (their sample texts happen to name demo clients)',
};

/**
 * Operations without path parameters that change something (creates, bulk actions, ids in the body): their
 * body and query name the victim's rows by field name, each field with the value below (`id` and `ids` as
 * the operation's entry says). They may succeed on the attacker's own account, but must show and change
 * nothing of the victim's.
 */
export const BODY_FIELDS: Record<string, Source> = {
  accountId: client(),
  agencyId: SUMMIT,
  policyId: policy(),
  quoteId: quote(),
  submissionId: { sql: `SELECT s.id AS "submissionId" FROM submissions s WHERE s.agency_id = $1 AND s.account_id <> $2 ORDER BY s.submission_number LIMIT 1` },
  teamId: { sql: `SELECT t.id AS "teamId" FROM teams t WHERE t.account_id = $1 ORDER BY t.name LIMIT 1` },
  userId: { sql: summitUser },
  docId: { sql: `SELECT d.id::text AS "docId" FROM documents d JOIN accounts a ON a.id = d.account_id WHERE ${SUMMIT_CLIENT} ORDER BY d.id LIMIT 1` },
};

export const BODY_IDS: Partial<Record<OperationId, Source>> = {
  updateQuoteNeedBy: quote(),
  deleteQuotes: quote(),
  updateWebhook: { sql: `SELECT id FROM webhooks WHERE account_id = $1 ORDER BY created_at LIMIT 1` },
  updateAgencyLicense: { sql: `SELECT id FROM agency_licenses WHERE agency_id = $1 ORDER BY number LIMIT 1` },
  updateAgentLicense: { sql: `SELECT id FROM agent_licenses WHERE agency_id = $1 ORDER BY number LIMIT 1` },
  createUser: { sql: summitUser },
};

/** Changes without path parameters left out of the matrix, by reason. */
export const BODY_EXEMPT = "the caller's own session, profile or sign-in (no permission named: nothing but the caller's own user)";
