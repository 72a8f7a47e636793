import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { listPage } from '../../list/list-query.ts';
import type { ListRequest, ListSpec } from '../../list/list-spec.ts';

export type Edition = 'us' | 'uk';

interface IndustryCodeRow {
  id: string;
  code: string;
  title: string;
}

/** A code as the API answers it: the edition's own field (naicsCode a number, sicCode as written) beside `code`. */
export function toIndustryCode(edition: Edition, row: IndustryCodeRow) {
  return {
    id: row.id,
    code: row.code,
    ...(edition === 'us' ? { naicsCode: Number(row.code) } : { sicCode: row.code }),
    title: row.title,
    level: row.code.length,
  };
}

export type IndustryCode = ReturnType<typeof toIndustryCode>;

function codesOf(edition: Edition): ListSpec<IndustryCodeRow, IndustryCode> {
  return {
    select: 'ic.id, ic.code, ic.title',
    from: 'industry_codes ic',
    // Codes as text sort each code straight after its parent (11, 111, 1111, 11111, 111110, 11112 ...).
    sorts: { code: 'ic.code', title: 'lower(ic.title)' },
    defaultSort: { field: 'code', direction: 'asc' },
    tieBreak: ['ic.code'],
    search: ['ic.code', 'ic.title'],
    filters: { level: { sql: 'length(ic.code)', cast: 'int' } },
    toItem: (row) => toIndustryCode(edition, row),
  };
}

/**
 * The edition's list. With `dup` false a code whose title repeats the title of a more detailed code beneath it
 * is left out (NAICS 11111 Soybean Farming has the one national industry 111110 Soybean Farming).
 */
export function searchIndustryCodes(db: Queryable, edition: Edition, query: ListRequest) {
  return listPage(db, codesOf(edition), query, (params) => {
    const conditions = [`ic.edition = ${params.add(edition)}`];
    if (query.dup === false) {
      conditions.push(`NOT EXISTS (SELECT 1 FROM industry_codes d WHERE d.edition = ic.edition AND d.code LIKE ic.code || '_%' AND lower(d.title) = lower(ic.title))`);
    }
    return conditions.join(' AND ');
  });
}

export async function findIndustryCode(db: Queryable, edition: Edition, id: string, lock = false): Promise<IndustryCode | null> {
  const params = new SqlParams();
  const [row] = await db.query<IndustryCodeRow>(
    `SELECT id, code, title FROM industry_codes WHERE id = ${params.add(id, 'uuid')} AND edition = ${params.add(edition)}${lock ? ' FOR UPDATE' : ''}`,
    params.values,
  );
  return row ? toIndustryCode(edition, row) : null;
}

/** Whether the edition's list already has this code, other than `exceptId`. */
export async function codeTaken(db: Queryable, edition: Edition, code: string, exceptId?: string): Promise<boolean> {
  const [row] = await db.query<{ taken: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM industry_codes WHERE edition = $1 AND code = $2 AND ($3::uuid IS NULL OR id <> $3::uuid)) AS taken',
    [edition, code, exceptId ?? null],
  );
  return row?.taken === true;
}

/** Whether the edition's list holds this code (another module checks an account's industry code with it). */
export async function industryCodeExists(db: Queryable, edition: Edition, code: string): Promise<boolean> {
  return codeTaken(db, edition, code);
}

export async function insertIndustryCode(tx: Queryable, edition: Edition, code: string, title: string): Promise<string> {
  const [row] = await tx.query<{ id: string }>('INSERT INTO industry_codes (edition, code, title) VALUES ($1, $2, $3) RETURNING id', [edition, code, title]);
  return row!.id;
}

export async function updateIndustryCodeRow(tx: Queryable, id: string, code: string, title: string): Promise<void> {
  await tx.query('UPDATE industry_codes SET code = $2, title = $3 WHERE id = $1', [id, code, title]);
}

export async function deleteIndustryCodeRow(tx: Queryable, id: string): Promise<void> {
  await tx.query('DELETE FROM industry_codes WHERE id = $1', [id]);
}
