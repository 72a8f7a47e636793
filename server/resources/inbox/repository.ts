import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { listPage } from '../../list/list-query.ts';
import type { ListRequest, ListSpec } from '../../list/list-spec.ts';
import type { Caller } from '../../services.ts';
import { tenantCondition, tenantScopeOf } from '../../tenancy/tenant-scope.ts';

interface MessageRow {
  id: string;
  agency_id: string;
  agency_name: string;
  account_id: string | null;
  client_name: string | null;
  quote_id: string | null;
  quote_number: string | null;
  submission_id: string | null;
  submission_number: string | null;
  policy_id: string | null;
  policy_number: string | null;
  kind: string;
  subject: string;
  body: string | null;
  received_at: Date;
  seen_by: string[];
  seen_by_names: string[] | null;
  is_archived: boolean;
  is_starred: boolean;
  labels: string[];
}

const SELECT = `m.id, m.agency_id, ag.name AS agency_name, m.account_id, c.name AS client_name, m.quote_id, q.quote_number,
  m.submission_id, s.submission_number, m.policy_id, p.policy_number, m.kind, m.subject, m.body, m.received_at, m.seen_by::text[] AS seen_by,
  (SELECT array_agg(u.first_name || ' ' || u.last_name ORDER BY u.first_name, u.last_name) FROM users u WHERE u.id = ANY(m.seen_by)) AS seen_by_names,
  m.is_archived, m.is_starred, m.labels`;
const FROM = `inbox_messages m
  JOIN accounts ag ON ag.id = m.agency_id
  LEFT JOIN accounts c ON c.id = m.account_id
  LEFT JOIN quotes q ON q.id = m.quote_id
  LEFT JOIN submissions s ON s.id = m.submission_id
  LEFT JOIN policies p ON p.id = m.policy_id`;

/** The folders of the inbox: what is not archived (the default), the starred, the archived, or everything. */
export const INBOX_FOLDERS = ['INBOX', 'STARRED', 'ARCHIVED', 'ALL'] as const;
export type InboxFolder = (typeof INBOX_FOLDERS)[number];

const FOLDER_CONDITIONS: Readonly<Record<InboxFolder, string>> = {
  INBOX: 'NOT m.is_archived',
  STARRED: 'm.is_starred',
  ARCHIVED: 'm.is_archived',
  ALL: 'TRUE',
};

function toMessage(row: MessageRow, userId: string) {
  return {
    id: row.id,
    agencyId: row.agency_id,
    agencyName: row.agency_name,
    accountId: row.account_id,
    clientName: row.client_name,
    quoteId: row.quote_id,
    quoteNumber: row.quote_number,
    submissionId: row.submission_id,
    submissionNumber: row.submission_number,
    policyId: row.policy_id,
    policyNumber: row.policy_number,
    kind: row.kind,
    subject: row.subject,
    body: row.body,
    dateReceived: new Date(row.received_at).toISOString(),
    seenBy: row.seen_by_names ?? [],
    seenByMe: row.seen_by.includes(userId),
    isArchived: row.is_archived,
    isStarred: row.is_starred,
    labels: row.labels,
  };
}

export type InboxMessage = ReturnType<typeof toMessage>;

function messagesFor(userId: string): ListSpec<MessageRow, InboxMessage> {
  return {
    select: SELECT,
    from: FROM,
    sorts: { dateReceived: 'm.received_at', subject: 'lower(m.subject)', clientName: 'lower(c.name)', agencyName: 'lower(ag.name)' },
    defaultSort: { field: 'dateReceived', direction: 'desc' },
    tieBreak: ['m.id'],
    search: ['m.subject', 'c.name', 'q.quote_number', 's.submission_number', 'p.policy_number'],
    filters: { kind: { sql: 'm.kind' }, accountId: { sql: 'm.account_id', cast: 'uuid' } },
    toItem: (row) => toMessage(row, userId),
  };
}

/** The messages of the caller's agency (provider staff: every agency's), in one folder, with one label when asked. */
export function searchVisibleMessages(db: Queryable, caller: Caller, query: ListRequest) {
  const folder = (INBOX_FOLDERS as readonly string[]).includes(String(query.folder)) ? (query.folder as InboxFolder) : 'INBOX';
  return listPage(db, messagesFor(caller.userId), query, (params) => {
    const conditions = [tenantCondition(tenantScopeOf(caller), { account: 'm.agency_id', agency: 'm.agency_id' }, params), FOLDER_CONDITIONS[folder]];
    if (typeof query.label === 'string' && query.label) conditions.push(`${params.add(query.label)} = ANY(m.labels)`);
    return conditions.join(' AND ');
  });
}

/** One message within the tenant rule (another agency's is missing), locked for a change when asked. */
export async function findVisibleMessage(db: Queryable, caller: Caller, id: string, lock = false): Promise<InboxMessage | null> {
  const params = new SqlParams();
  const idParam = params.add(id, 'uuid');
  const visible = tenantCondition(tenantScopeOf(caller), { account: 'm.agency_id', agency: 'm.agency_id' }, params);
  const [row] = await db.query<MessageRow>(`SELECT ${SELECT} FROM ${FROM} WHERE m.id = ${idParam} AND ${visible}${lock ? ' FOR UPDATE OF m' : ''}`, params.values);
  return row ? toMessage(row, caller.userId) : null;
}
