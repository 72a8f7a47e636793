import { PROVIDER_ACCOUNT_TYPE } from '../../auth/session-context.ts';
import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { listPage } from '../../list/list-query.ts';
import type { ListRequest, ListSpec } from '../../list/list-spec.ts';
import type { Caller } from '../../services.ts';
import { tenantCondition, tenantScopeOf } from '../../tenancy/tenant-scope.ts';

interface SubmissionRow {
  id: string;
  submission_number: string;
  account_id: string;
  account_name: string;
  agency_id: string;
  agency_name: string;
  agent_name: string | null;
  team_name: string | null;
  business_type: string;
  status: string;
  assignee: string | null;
  operational_status: string;
  assignee_user_id: string | null;
  certified_at: Date | null;
  certified_by_name: string | null;
  declination: SubmissionDeclination | null;
  created_at: Date;
  modified_at: Date;
}

/** Why a submission was declined (spec 002 section 3 Submission decline), as kept on it. */
export interface SubmissionDeclination {
  code: string;
  /** The code's label, or the fill-in text that replaces it. */
  summary: string;
  description: string;
  by: string | null;
  at: string;
}

const SELECT = `s.id, s.submission_number, s.account_id, a.name AS account_name, s.agency_id, ag.name AS agency_name,
  CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS agent_name, t.name AS team_name,
  s.business_type, s.status, s.assignee, s.operational_status, s.assignee_user_id, s.certified_at,
  CASE WHEN cu.id IS NULL THEN NULL ELSE cu.first_name || ' ' || cu.last_name END AS certified_by_name, s.declination,
  s.created_at, s.modified_at`;
const FROM = `submissions s
  JOIN accounts a ON a.id = s.account_id
  JOIN accounts ag ON ag.id = s.agency_id
  LEFT JOIN users u ON u.id = s.agent_user_id
  LEFT JOIN teams t ON t.id = s.team_id
  LEFT JOIN users cu ON cu.id = s.certified_by`;

export function toSubmission(row: SubmissionRow) {
  return {
    id: row.id,
    submissionNumber: row.submission_number,
    accountId: row.account_id,
    accountName: row.account_name,
    agencyId: row.agency_id,
    agencyName: row.agency_name,
    agentName: row.agent_name,
    teamName: row.team_name,
    businessType: row.business_type,
    status: row.status,
    assignee: row.assignee,
    assigneeUserId: row.assignee_user_id,
    operationalStatus: row.operational_status,
    certifiedAt: row.certified_at ? new Date(row.certified_at).toISOString() : null,
    certifiedBy: row.certified_by_name,
    declination: row.declination,
    created: new Date(row.created_at).toISOString(),
    modified: new Date(row.modified_at).toISOString(),
  };
}

const SUBMISSIONS: ListSpec<SubmissionRow, ReturnType<typeof toSubmission>> = {
  select: SELECT,
  from: FROM,
  sorts: {
    modified: 's.modified_at', created: 's.created_at', submissionNumber: 's.submission_number', accountName: 'lower(a.name)',
    businessType: 's.business_type', status: 's.status', assignee: 'lower(s.assignee)', agencyName: 'lower(ag.name)', agentName: 'agent_name',
    teamName: 'lower(t.name)', operationalStatus: 's.operational_status',
  },
  defaultSort: { field: 'modified', direction: 'desc' },
  tieBreak: ['s.id'],
  search: ['s.submission_number', 'a.name', 'ag.name', 's.assignee'],
  filters: {
    status: { sql: 's.status' }, operationalStatus: { sql: 's.operational_status' }, businessType: { sql: 's.business_type' },
    accountId: { sql: 's.account_id', cast: 'uuid' }, assigneeUserId: { sql: 's.assignee_user_id', cast: 'uuid' },
    teamId: { sql: 's.team_id', cast: 'uuid' },
  },
  toItem: toSubmission,
};

/** Submissions within the tenant rule: provider staff all, an agency its own, a policyholder those on its account. */
export function searchVisibleSubmissions(db: Queryable, caller: Caller, query: ListRequest) {
  return listPage(db, SUBMISSIONS, query, (params) => tenantCondition(tenantScopeOf(caller), { account: 's.account_id', agency: 's.agency_id' }, params));
}

/** A found submission as its moves take it (submission-changes.ts). */
export function movedSubmissionOf(row: SubmissionRow) {
  return {
    id: row.id, number: row.submission_number, agencyId: row.agency_id, accountId: row.account_id, client: row.account_name,
    status: row.status, operationalStatus: row.operational_status,
  };
}

/** One submission within the tenant rule (a foreign one is missing), locked for a change when asked. */
export async function findVisibleSubmission(db: Queryable, caller: Caller, id: string, lock = false): Promise<SubmissionRow | null> {
  const params = new SqlParams();
  const idParam = params.add(id, 'uuid');
  const visible = tenantCondition(tenantScopeOf(caller), { account: 's.account_id', agency: 's.agency_id' }, params);
  const [row] = await db.query<SubmissionRow>(`SELECT ${SELECT} FROM ${FROM} WHERE s.id = ${idParam} AND ${visible}${lock ? ' FOR UPDATE OF s' : ''}`, params.values);
  return row ?? null;
}

/** How many quotes have been made for a submission (the quote flow's verify-submission step shows it). */
export async function quotesMadeFor(db: Queryable, submissionId: string): Promise<number> {
  const [row] = await db.query<{ count: string }>('SELECT count(*) AS count FROM quotes WHERE submission_id = $1', [submissionId]);
  return Number(row?.count ?? 0);
}

export interface SubmissionUnderwriter {
  id: string;
  name: string;
  email: string;
}

/** The provider's active users whose role underwrites: the people a submission can be assigned to. */
export async function submissionUnderwriters(db: Queryable): Promise<SubmissionUnderwriter[]> {
  return db.query<SubmissionUnderwriter>(
    `SELECT u.id, u.first_name || ' ' || u.last_name AS name, u.email FROM users u JOIN accounts a ON a.id = u.account_id
     WHERE a.account_type = $1 AND u.status = 'ACTIVE'
       AND EXISTS (SELECT 1 FROM role_permissions rp WHERE rp.role_id = u.role_id AND rp.permission = 'quote:underwrite')
     ORDER BY lower(u.first_name), lower(u.last_name), u.id`,
    [PROVIDER_ACCOUNT_TYPE],
  );
}

export interface NewSubmission {
  accountId: string;
  agencyId: string;
  agentUserId: string | null;
  teamId: string | null;
  createdBy: string | null;
  at: Date;
}

/** A new REQUESTED submission with the next number of its year ('SUB-2026-00042'). */
export async function insertSubmission(tx: Queryable, submission: NewSubmission): Promise<{ id: string; submissionNumber: string }> {
  const [next] = await tx.query<{ next: number }>(`SELECT nextval('submission_number_seq')::int AS next`);
  const submissionNumber = `SUB-${submission.at.getUTCFullYear()}-${String(next!.next).padStart(5, '0')}`;
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO submissions (submission_number, account_id, agency_id, agent_user_id, team_id, created_at, created_by, modified_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $6) RETURNING id`,
    [submissionNumber, submission.accountId, submission.agencyId, submission.agentUserId, submission.teamId, submission.at, submission.createdBy],
  );
  return { id: row!.id, submissionNumber };
}
