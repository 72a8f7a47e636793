import { audit } from '../../audit.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import type { ListRequest } from '../../list/list-spec.ts';

/**
 * A policyholder's own agent (spec 001 section 4 'Set my agent'). The agencies interested in the account
 * are listed; making one agency's agent "my agent" sets the other interested agencies aside (their active
 * quotes become invalid, the dialog warns), and removing the agent brings every one of them back (quotes
 * from other agencies may come again).
 */

export const MY_AGENT_MESSAGES = {
  notInterested: 'This agency is not among the agencies interested in your account.',
  noAgent: 'This agency has no agent who could be yours.',
  noneSet: 'Your account has no agent to remove.',
} as const;

interface Actor {
  userId: string;
  ip: string;
}

export async function listInterestedAgencies(db: Queryable, accountId: string, query: ListRequest) {
  const size = Number(query.size ?? 25);
  const page = Number(query.page ?? 0);
  const sort = String(query.sort ?? 'agencyName,asc');
  const order = `${sort.startsWith('added') ? 'i.added_at' : 'lower(ag.name)'} ${/,desc$/i.test(sort) ? 'DESC' : 'ASC'}`;
  const search = typeof query.search === 'string' && query.search.trim() ? `%${query.search.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = `i.account_id = $1 AND i.set_aside_at IS NULL AND ($2::text IS NULL OR lower(ag.name) LIKE $2 ESCAPE '\\')`;
  const rows = await db.query<{ agency_id: string; agency_name: string; agent_name: string | null; agent_email: string | null; is_my_agent: boolean; added_at: Date }>(
    `SELECT i.agency_id, ag.name AS agency_name,
            CASE WHEN u.id IS NULL THEN NULL ELSE u.first_name || ' ' || u.last_name END AS agent_name, u.email AS agent_email,
            (m.agency_id IS NOT NULL) AS is_my_agent, i.added_at
     FROM account_interested_agencies i
     JOIN accounts ag ON ag.id = i.agency_id
     LEFT JOIN account_my_agent m ON m.account_id = i.account_id AND m.agency_id = i.agency_id
     LEFT JOIN users u ON u.id = coalesce(m.agent_user_id, i.agent_user_id)
     WHERE ${where}
     ORDER BY ${order}, i.agency_id LIMIT $3 OFFSET $4`,
    [accountId, search, size, page * size],
  );
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM account_interested_agencies i JOIN accounts ag ON ag.id = i.agency_id WHERE ${where}`,
    [accountId, search],
  );
  return {
    accountId,
    content: rows.map((row) => ({
      accountId,
      agencyId: row.agency_id, agencyName: row.agency_name, agentName: row.agent_name, agentEmail: row.agent_email, isMyAgent: row.is_my_agent,
      added: new Date(row.added_at).toISOString(),
    })),
    totalElements: count!.total,
    page,
    size,
  };
}

export async function setMyAgent(db: Database, clock: Clock, accountId: string, agencyId: string, actor: Actor) {
  return db.transaction(async (tx) => {
    const [interest] = await tx.query<{ agent_user_id: string | null; agency_name: string }>(
      `SELECT i.agent_user_id, ag.name AS agency_name FROM account_interested_agencies i JOIN accounts ag ON ag.id = i.agency_id
       WHERE i.account_id = $1 AND i.agency_id = $2::uuid AND i.set_aside_at IS NULL FOR UPDATE OF i`,
      [accountId, agencyId],
    );
    if (!interest) throw notFound(MY_AGENT_MESSAGES.notInterested);
    // The agency's agent who showed interest, else its longest-standing admin.
    const [agent] = interest.agent_user_id
      ? await tx.query<{ id: string; name: string; email: string }>(`SELECT id, first_name || ' ' || last_name AS name, email FROM users WHERE id = $1`, [interest.agent_user_id])
      : await tx.query<{ id: string; name: string; email: string }>(
          `SELECT id, first_name || ' ' || last_name AS name, email FROM users WHERE account_id = $1 AND status = 'ACTIVE' ORDER BY created_at, id LIMIT 1`,
          [agencyId],
        );
    if (!agent) throw new HttpError(409, MY_AGENT_MESSAGES.noAgent);
    const now = clock.now();
    await tx.query(
      `INSERT INTO account_my_agent (account_id, agency_id, agent_user_id, set_at, set_by) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (account_id) DO UPDATE SET agency_id = EXCLUDED.agency_id, agent_user_id = EXCLUDED.agent_user_id, set_at = EXCLUDED.set_at, set_by = EXCLUDED.set_by`,
      [accountId, agencyId, agent.id, now, actor.userId],
    );
    const setAside = await tx.query<{ agency_id: string }>(
      'UPDATE account_interested_agencies SET set_aside_at = $3 WHERE account_id = $1 AND agency_id <> $2::uuid AND set_aside_at IS NULL RETURNING agency_id',
      [accountId, agencyId, now],
    );
    await audit(tx, clock, {
      actorUserId: actor.userId, action: 'account.my-agent.set', target: accountId, address: actor.ip,
      detail: { agencyId, agentUserId: agent.id, agenciesSetAside: setAside.map((row) => row.agency_id) },
    });
    return { agencyId, agencyName: interest.agency_name, agentUserId: agent.id, agentName: agent.name, agentEmail: agent.email, set: now.toISOString() };
  });
}

export async function removeMyAgent(db: Database, clock: Clock, accountId: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx.query<{ agency_id: string; agent_user_id: string }>('DELETE FROM account_my_agent WHERE account_id = $1 RETURNING agency_id, agent_user_id', [accountId]);
    if (!removed) throw new HttpError(409, MY_AGENT_MESSAGES.noneSet);
    const now = clock.now();
    // The agent's agency stays interested; the agencies set aside come back.
    await tx.query(
      `INSERT INTO account_interested_agencies (account_id, agency_id, agent_user_id, added_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (account_id, agency_id) DO UPDATE SET set_aside_at = NULL`,
      [accountId, removed.agency_id, removed.agent_user_id, now],
    );
    const back = await tx.query<{ agency_id: string }>(
      'UPDATE account_interested_agencies SET set_aside_at = NULL WHERE account_id = $1 AND set_aside_at IS NOT NULL RETURNING agency_id',
      [accountId],
    );
    await audit(tx, clock, {
      actorUserId: actor.userId, action: 'account.my-agent.remove', target: accountId, address: actor.ip,
      detail: { agencyId: removed.agency_id, agentUserId: removed.agent_user_id, agenciesBack: back.map((row) => row.agency_id) },
    });
  });
}
