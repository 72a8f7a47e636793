import type { Queryable } from '../../db/database.ts';
import { listPage } from '../../list/list-query.ts';
import type { ListRequest, ListSpec } from '../../list/list-spec.ts';

interface DomainRow {
  id: string;
  name: string;
  created_at: Date;
  created_by_name: string | null;
}

function toDomain(row: DomainRow) {
  return { id: row.id, name: row.name, createdAt: row.created_at.toISOString(), createdBy: row.created_by_name };
}

export type BlacklistedDomain = ReturnType<typeof toDomain>;

const SELECT = `d.id, d.name, d.created_at, nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS created_by_name`;
const FROM = 'blacklisted_domains d LEFT JOIN users u ON u.id = d.created_by';

const DOMAINS: ListSpec<DomainRow, BlacklistedDomain> = {
  select: SELECT,
  from: FROM,
  sorts: { name: 'd.name', createdAt: 'd.created_at' },
  defaultSort: { field: 'createdAt', direction: 'desc' },
  tieBreak: ['d.id'],
  search: ['d.name'],
  toItem: toDomain,
};

export function searchBlacklistedDomains(db: Queryable, query: ListRequest) {
  return listPage(db, DOMAINS, query);
}

export async function findBlacklistedDomain(db: Queryable, id: string, lock = false): Promise<BlacklistedDomain | null> {
  const [row] = await db.query<DomainRow>(`SELECT ${SELECT} FROM ${FROM} WHERE d.id = $1::uuid${lock ? ' FOR UPDATE OF d' : ''}`, [id]);
  return row ? toDomain(row) : null;
}

export async function domainListed(db: Queryable, name: string): Promise<boolean> {
  const [row] = await db.query<{ listed: boolean }>('SELECT EXISTS (SELECT 1 FROM blacklisted_domains WHERE name = $1) AS listed', [name]);
  return row?.listed === true;
}

export async function insertBlacklistedDomain(tx: Queryable, name: string, at: Date, userId: string | null): Promise<string> {
  const [row] = await tx.query<{ id: string }>('INSERT INTO blacklisted_domains (name, created_at, created_by) VALUES ($1, $2, $3) RETURNING id', [name, at, userId]);
  return row!.id;
}

export async function deleteBlacklistedDomainRow(tx: Queryable, id: string): Promise<void> {
  await tx.query('DELETE FROM blacklisted_domains WHERE id = $1', [id]);
}
