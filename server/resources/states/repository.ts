import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { listPage } from '../../list/list-query.ts';
import type { ListRequest, ListSpec } from '../../list/list-spec.ts';

export type Edition = 'us' | 'uk';

interface StateRow {
  id: string;
  state_name: string;
  state_name_abbrv: string;
  is_supported: boolean;
  timezones: string[];
}

function toState(row: StateRow) {
  return {
    id: row.id,
    stateName: row.state_name,
    stateNameAbbrv: row.state_name_abbrv,
    isSupported: row.is_supported,
    timezone: row.timezones[0] ?? '',
    timezones: row.timezones,
  };
}

export type State = ReturnType<typeof toState>;

export interface StateFields {
  stateName: string;
  stateNameAbbrv: string;
  isSupported: boolean;
  timezones: string[];
}

const COLUMNS = 's.id, s.state_name, s.state_name_abbrv, s.is_supported, s.timezones';

const STATES: ListSpec<StateRow, State> = {
  select: COLUMNS,
  from: 'states s',
  sorts: { stateName: 'lower(s.state_name)', stateNameAbbrv: 's.state_name_abbrv', isSupported: 's.is_supported' },
  defaultSort: { field: 'stateName', direction: 'asc' },
  tieBreak: ['s.id'],
  search: ['s.state_name', 's.state_name_abbrv'],
  filters: { isSupported: { sql: 's.is_supported', cast: 'boolean' } },
  toItem: toState,
};

export function searchStates(db: Queryable, edition: Edition, query: ListRequest) {
  return listPage(db, STATES, query, (params) => `s.edition = ${params.add(edition)}`);
}

/** The edition's states (or the one with this abbreviation) with their time zones, by abbreviation. */
export async function stateTimezones(db: Queryable, edition: Edition, abbreviation?: string): Promise<State[]> {
  const params = new SqlParams();
  const conditions = [`s.edition = ${params.add(edition)}`];
  if (abbreviation) conditions.push(`s.state_name_abbrv = ${params.add(abbreviation.toUpperCase())}`);
  const rows = await db.query<StateRow>(`SELECT ${COLUMNS} FROM states s WHERE ${conditions.join(' AND ')} ORDER BY s.state_name_abbrv`, params.values);
  return rows.map(toState);
}

export async function findState(db: Queryable, edition: Edition, id: string, lock = false): Promise<State | null> {
  const [row] = await db.query<StateRow>(`SELECT ${COLUMNS} FROM states s WHERE s.id = $1::uuid AND s.edition = $2${lock ? ' FOR UPDATE' : ''}`, [id, edition]);
  return row ? toState(row) : null;
}

/** What another state of the edition already holds of these: 'name' or 'abbreviation', or null. */
export async function stateClash(db: Queryable, edition: Edition, fields: Pick<StateFields, 'stateName' | 'stateNameAbbrv'>, exceptId?: string): Promise<'name' | 'abbreviation' | null> {
  const [row] = await db.query<{ abbreviation: boolean; name: boolean }>(
    `SELECT bool_or(state_name_abbrv = $2) AS abbreviation, bool_or(lower(state_name) = lower($3)) AS name
       FROM states WHERE edition = $1 AND ($4::uuid IS NULL OR id <> $4::uuid)`,
    [edition, fields.stateNameAbbrv, fields.stateName, exceptId ?? null],
  );
  if (row?.abbreviation) return 'abbreviation';
  if (row?.name) return 'name';
  return null;
}

export async function insertState(tx: Queryable, edition: Edition, fields: StateFields): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    'INSERT INTO states (edition, state_name, state_name_abbrv, is_supported, timezones) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [edition, fields.stateName, fields.stateNameAbbrv, fields.isSupported, fields.timezones],
  );
  return row!.id;
}

export async function updateStateRow(tx: Queryable, id: string, fields: StateFields): Promise<void> {
  await tx.query('UPDATE states SET state_name = $2, state_name_abbrv = $3, is_supported = $4, timezones = $5 WHERE id = $1', [
    id, fields.stateName, fields.stateNameAbbrv, fields.isSupported, fields.timezones,
  ]);
}

export async function deleteStateRow(tx: Queryable, id: string): Promise<void> {
  await tx.query('DELETE FROM states WHERE id = $1', [id]);
}
