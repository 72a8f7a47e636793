import type { Queryable } from '../../db/database.ts';
import { notFound } from '../../http/http-error.ts';
import { containsPattern } from '../../list/like-pattern.ts';
import type { Caller } from '../../services.ts';
import { MANAGING_ACCOUNT_TYPES, tenantScopeOf } from '../../tenancy/tenant-scope.ts';
import type { Edition } from './address-rules.ts';

/**
 * The choices of the new-account and change-agent dialogs: the agencies an account can be created under,
 * and an agency's teams and agents. Provider staff choose any agency of the request's edition; an agency
 * user only ever gets its own agency (another agency's id answers like a missing one).
 */

const AGENCY_NOT_FOUND = 'Agency not found.';

/** The agency whose teams or agents are asked for, within the tenant rule. */
async function reachableAgency(db: Queryable, caller: Caller, agencyId: string | undefined): Promise<string> {
  const scope = tenantScopeOf(caller);
  const id = agencyId ?? caller.accountId;
  if (scope.reach !== 'all' && id !== caller.accountId) throw notFound(AGENCY_NOT_FOUND);
  const [row] = await db.query<{ id: string }>('SELECT id FROM accounts WHERE id = $1::uuid AND account_type = ANY($2)', [id, MANAGING_ACCOUNT_TYPES]);
  if (!row) throw notFound(AGENCY_NOT_FOUND);
  return row.id;
}

export async function agencyOptions(db: Queryable, caller: Caller, edition: Edition, search: string | undefined) {
  const scope = tenantScopeOf(caller);
  const pattern = search?.trim() ? containsPattern(search.trim()) : null;
  const rows = await db.query<{ id: string; name: string }>(
    `SELECT id, CASE WHEN location_alias IS NULL THEN name ELSE name || ' - ' || location_alias END AS name FROM accounts
     WHERE account_type = ANY($1) AND edition = $2 AND ($3::uuid IS NULL OR id = $3::uuid)
       AND ($4::text IS NULL OR lower(name) LIKE $4 ESCAPE '\\')
     ORDER BY lower(name) LIMIT 200`,
    [MANAGING_ACCOUNT_TYPES, edition, scope.reach === 'all' ? null : caller.accountId, pattern],
  );
  return rows;
}

export async function teamOptions(db: Queryable, caller: Caller, agencyId: string | undefined) {
  const id = await reachableAgency(db, caller, agencyId);
  return db.query<{ id: string; name: string; isDefault: boolean }>(
    'SELECT id, name, is_default AS "isDefault" FROM teams WHERE account_id = $1 ORDER BY is_default DESC, lower(name) LIMIT 3000',
    [id],
  );
}

export async function agentOptions(db: Queryable, caller: Caller, agencyId: string | undefined, teamId: string | undefined) {
  const id = await reachableAgency(db, caller, agencyId);
  const rows = await db.query<{ id: string; name: string; email: string; team_ids: string[] | null }>(
    `SELECT u.id, u.first_name || ' ' || u.last_name AS name, u.email,
            array(SELECT m.team_id::text FROM team_members m JOIN teams t ON t.id = m.team_id WHERE m.user_id = u.id AND t.account_id = u.account_id) AS team_ids
     FROM users u
     WHERE u.account_id = $1 AND u.status = 'ACTIVE'
       AND ($2::uuid IS NULL OR EXISTS (SELECT 1 FROM team_members m WHERE m.user_id = u.id AND m.team_id = $2::uuid))
     ORDER BY lower(u.last_name), lower(u.first_name) LIMIT 3000`,
    [id, teamId ?? null],
  );
  return rows.map((row) => ({ id: row.id, name: row.name, email: row.email, teamIds: row.team_ids ?? [] }));
}
