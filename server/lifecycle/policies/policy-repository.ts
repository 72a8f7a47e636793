import { overseenAgencyCondition } from '../../resources/agencies/agency-reach.ts';
import { notFound } from '../../http/http-error.ts';
import { POLICY_TEXTS } from './policy-texts.ts';
import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { listPage } from '../../list/list-query.ts';
import type { ListRequest, ListSpec } from '../../list/list-spec.ts';
import type { Caller } from '../../services.ts';
import { tenantCondition, tenantScopeOf } from '../../tenancy/tenant-scope.ts';
import type { MailingAddress } from '../shared/document-names.ts';


/** A policy row as the lists and the policy page read it. */
export interface PolicyRow {
  id: string;
  policy_number: string;
  quote_id: string;
  quote_number: string;
  binder_number: string | null;
  account_id: string;
  company_name: string;
  agency_id: string;
  agency_name: string;
  agent_name: string | null;
  agent_email: string | null;
  edition: 'us' | 'uk';
  product: string;
  status: string;
  currency: string;
  is_surplus: boolean;
  effective_date: string;
  end_date: string;
  agg_limit: string;
  deductible: string;
  premium: string;
  total_premium: string;
  surplus_line_tax: string;
  surplus_stamping_fee: string;
  broker_fee: string;
  mga_fee: string;
  commission_rate: string;
  contact_first_name: string;
  contact_last_name: string;
  contact_email: string;
  contact_phone: string;
  is_auto_renewal: boolean;
  is_open_for_renewal: boolean;
  renewal_opted_out_at: Date | null;
  renewal_reminders_muted: boolean;
  description: string | null;
  cancellation_date: string | null;
  cancellation_reason: string | null;
  return_premium: string | null;
  status_before_cancellation: string | null;
  noc_reason: string | null;
  noc_issued_at: Date | null;
  /** The named insured and mailing address a non-premium endorsement put on the policy (resources/policy-non-premium). */
  named_insured: string | null;
  mailing_address: MailingAddress | null;
  /** Billing turned the scheduled invoice reminders off (resources/invoice-reminders). */
  invoice_reminders_off: boolean;
  /** The UK insurance premium tax in the total, from the bound rating. */
  premium_tax: string;
  issued_at: Date;
  created_at: Date;
  modified_at: Date;
}

const SELECT = `p.id, p.policy_number, p.quote_id, q.quote_number, q.binder_number, p.account_id, coalesce(p.named_insured, a.name) AS company_name, p.agency_id,
  ag.name AS agency_name, CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS agent_name, u.email AS agent_email,
  p.edition, p.product, p.status, p.currency, p.is_surplus, p.effective_date::text AS effective_date, p.end_date::text AS end_date,
  p.agg_limit::text AS agg_limit, p.deductible::text AS deductible, p.premium::text AS premium, p.total_premium::text AS total_premium,
  p.surplus_line_tax::text AS surplus_line_tax, p.surplus_stamping_fee::text AS surplus_stamping_fee, p.broker_fee::text AS broker_fee,
  p.mga_fee::text AS mga_fee, p.commission_rate::text AS commission_rate, p.contact_first_name, p.contact_last_name, p.contact_email,
  p.contact_phone, p.is_auto_renewal, p.is_open_for_renewal, p.renewal_opted_out_at, p.renewal_reminders_muted, p.description,
  p.cancellation_date::text AS cancellation_date, p.cancellation_reason, p.return_premium::text AS return_premium,
  p.status_before_cancellation, p.noc_reason, p.noc_issued_at, p.named_insured, p.mailing_address, p.invoice_reminders_off, p.issued_at, p.created_at, p.modified_at, coalesce(q.rating->>'premiumTax', '0') AS premium_tax`;
const FROM = `policies p
  JOIN quotes q ON q.id = p.quote_id
  JOIN accounts a ON a.id = p.account_id
  JOIN accounts ag ON ag.id = p.agency_id
  LEFT JOIN users u ON u.id = p.agent_user_id`;

/** A stored amount as the API answers it: two decimals. */
export const money = (value: string | null): string | null => (value === null ? null : Number(value).toFixed(2));

export function toPolicy(row: PolicyRow) {
  return {
    id: row.id,
    policyNumber: row.policy_number,
    quoteId: row.quote_id,
    quoteNumber: row.quote_number,
    binderNumber: row.binder_number,
    accountId: row.account_id,
    companyName: row.company_name,
    agencyId: row.agency_id,
    agencyName: row.agency_name,
    agentName: row.agent_name,
    product: row.product,
    status: row.status,
    currency: row.currency as 'USD' | 'GBP',
    isSurplus: row.is_surplus,
    effectiveDate: row.effective_date,
    endDate: row.end_date,
    aggLimit: money(row.agg_limit)!,
    deductible: money(row.deductible)!,
    premium: money(row.premium)!,
    totalPremium: money(row.total_premium)!,
    contactFirstName: row.contact_first_name,
    contactLastName: row.contact_last_name,
    contactEmail: row.contact_email,
    contactPhone: row.contact_phone,
    isAutoRenewal: row.is_auto_renewal,
    isOpenForRenewal: row.is_open_for_renewal,
    renewalOptedOut: row.renewal_opted_out_at !== null,
    renewalRemindersMuted: row.renewal_reminders_muted,
    description: row.description,
    cancellationDate: row.cancellation_date,
    cancellationReason: row.cancellation_reason,
    returnPremium: money(row.return_premium),
    nocReason: row.noc_reason,
    nocIssuedAt: row.noc_issued_at ? new Date(row.noc_issued_at).toISOString() : null,
    mailingAddress: row.mailing_address,
    invoiceRemindersOff: row.invoice_reminders_off,
    created: new Date(row.created_at).toISOString(),
    modified: new Date(row.modified_at).toISOString(),
  };
}
export type Policy = ReturnType<typeof toPolicy>;

const POLICIES: ListSpec<PolicyRow, Policy> = {
  select: SELECT,
  from: FROM,
  // The quote, client and agency are NOT NULL keys and the agent a LEFT JOIN to a key; every filter and
  // search reads p alone.
  countFrom: 'policies p',
  sorts: {
    endDate: 'p.end_date', effectiveDate: 'p.effective_date', policyNumber: 'p.policy_number', companyName: 'lower(coalesce(p.named_insured, a.name))',
    status: 'p.status', product: 'p.product', totalPremium: 'p.total_premium', agentName: 'agent_name', agencyName: 'lower(ag.name)',
    created: 'p.created_at', modified: 'p.modified_at', isOpenForRenewal: 'p.is_open_for_renewal',
  },
  // Spec 002 section 9: policies by endDate ascending.
  defaultSort: { field: 'endDate', direction: 'asc' },
  tieBreak: ['p.id'],
  search: [
    'p.policy_number',
    // The named insured and the client's name both: a policy is found by either name its people know it by.
    'p.named_insured',
    { key: 'p.account_id', table: 'accounts', match: 'k.name' },
    { key: 'p.agency_id', table: 'accounts', match: 'k.name' },
    { key: 'p.quote_id', table: 'quotes', match: 'k.quote_number' },
    { key: 'p.quote_id', table: 'quotes', match: 'k.binder_number' },
  ],
  filters: {
    status: { sql: 'p.status' },
    product: { sql: 'p.product' },
    accountId: { sql: 'p.account_id', cast: 'uuid' },
    agencyId: { sql: 'p.agency_id', cast: 'uuid' },
    teamId: { sql: 'p.team_id', cast: 'uuid' },
    isOpenForRenewal: { sql: 'p.is_open_for_renewal', cast: 'boolean' },
  },
  toItem: toPolicy,
};

/** The tenant rule for a policy: provider staff all, an agency the policies it bound, a policyholder those on its account. */
export function policyTenant(caller: Caller, params: SqlParams): string {
  return tenantCondition(tenantScopeOf(caller), { account: 'p.account_id', agency: 'p.agency_id' }, params);
}

export function searchVisiblePolicies(db: Queryable, caller: Caller, query: ListRequest) {
  return listPage(db, POLICIES, query, (params) => policyTenant(caller, params));
}

/** The policies a caller sees, and those of the agencies it oversees (a cluster's, a carrier's, a digital agency's). */
export function searchOverseenPolicies(db: Queryable, caller: Caller, query: ListRequest) {
  return listPage(db, POLICIES, query, (params) => `(${policyTenant(caller, params)} OR ${overseenAgencyCondition(caller, 'p.agency_id', params)})`);
}

/** One policy by (tenant, id): another tenant's policy answers like a missing one. `lock` for a change. */
export async function findVisiblePolicy(db: Queryable, caller: Caller, id: string, lock = false): Promise<PolicyRow | null> {
  const params = new SqlParams();
  const idParam = params.add(id, 'uuid');
  const visible = policyTenant(caller, params);
  const [row] = await db.query<PolicyRow>(`SELECT ${SELECT} FROM ${FROM} WHERE p.id = ${idParam} AND ${visible}${lock ? ' FOR UPDATE OF p' : ''}`, params.values);
  return row ?? null;
}

/**
 * One policy to read: the caller's own (the tenant rule) or one of an agency it oversees, so a cluster, a
 * carrier or a digital agency opens the policies on its dashboard. Changes keep to findVisiblePolicy.
 */
export async function findReadablePolicy(db: Queryable, caller: Caller, id: string): Promise<PolicyRow | null> {
  const params = new SqlParams();
  const idParam = params.add(id, 'uuid');
  const readable = `(${policyTenant(caller, params)} OR ${overseenAgencyCondition(caller, 'p.agency_id', params)})`;
  const [row] = await db.query<PolicyRow>(`SELECT ${SELECT} FROM ${FROM} WHERE p.id = ${idParam} AND ${readable}`, params.values);
  return row ?? null;
}

/**
 * One policy by id alone, for a document the server issues on its own (a receipt kept when a processor's
 * webhook settles a charge, with no caller). Never answer a request with it: requests go through the tenant rule.
 */
export async function policyForIssuedDocument(db: Queryable, id: string): Promise<PolicyRow | null> {
  const [row] = await db.query<PolicyRow>(`SELECT ${SELECT} FROM ${FROM} WHERE p.id = $1`, [id]);
  return row ?? null;
}

/** The policy by (tenant, id), or the 404 every policy operation answers for one out of reach. */
export async function requireVisiblePolicy(db: Queryable, caller: Caller, id: string, lock = false): Promise<PolicyRow> {
  const policy = await findVisiblePolicy(db, caller, id, lock);
  if (!policy) throw notFound(POLICY_TEXTS.notFound);
  return policy;
}

export async function policyEvents(db: Queryable, policyId: string) {
  const rows = await db.query<{ action: string; from_status: string | null; to_status: string; by: string | null; at: Date; detail: Record<string, unknown> | null }>(
    `SELECT e.action, e.from_status, e.to_status, CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS by, e.at, e.detail
     FROM policy_events e LEFT JOIN users u ON u.id = e.user_id WHERE e.policy_id = $1 ORDER BY e.id`,
    [policyId],
  );
  return rows.map((event) => ({ action: event.action, fromStatus: event.from_status, toStatus: event.to_status, by: event.by, at: new Date(event.at).toISOString(), detail: event.detail }));
}

export async function recordPolicyEvent(
  tx: Queryable,
  event: { policyId: string; from: string | null; to: string; action: string; detail?: Record<string, unknown> | null; userId: string | null; at: Date },
): Promise<void> {
  await tx.query(
    'INSERT INTO policy_events (policy_id, from_status, to_status, action, detail, user_id, at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [event.policyId, event.from, event.to, event.action, event.detail ? JSON.stringify(event.detail) : null, event.userId, event.at],
  );
}

/** 'P-2026-000042' */
export async function nextPolicyNumber(tx: Queryable, at: Date): Promise<string> {
  const [next] = await tx.query<{ next: number }>(`SELECT nextval('policy_number_seq')::int AS next`);
  return `P-${at.getUTCFullYear()}-${String(next!.next).padStart(6, '0')}`;
}

/** 'B-2026-000042' */
export async function nextBinderNumber(tx: Queryable, at: Date): Promise<string> {
  const [next] = await tx.query<{ next: number }>(`SELECT nextval('binder_number_seq')::int AS next`);
  return `B-${at.getUTCFullYear()}-${String(next!.next).padStart(6, '0')}`;
}
