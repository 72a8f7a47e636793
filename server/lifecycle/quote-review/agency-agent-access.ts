import { audit } from '../../audit.ts';
import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/database.ts';
import { HttpError } from '../../http/http-error.ts';
import { REVIEW_TEXTS } from './review-texts.ts';

/** The role an agent new to the agency gets when a quote is sent to them: a producer, who sees their teams' accounts only. */
export const WHOLESALE_AGENT_ROLE = 'agency-producer';

export interface WholesaleAgent {
  firstName: string;
  lastName: string;
  email: string;
  /** Null when the sender has no number for them (a surplus lines licence holds none): codes then go by e-mail only. */
  phone: string | null;
}

/** Why someone is let into an agency by a link, and what a refused address is told. */
export interface AgencyLinkPurpose {
  /** Written to the audit entries of the user made, restored or added to the team. */
  reason: string;
  /** The address is a user of another organisation: a link must never open a stranger's account. */
  otherOrganisation: HttpError;
  /** The address is a user of the agency whose access is disabled. */
  disabled: HttpError;
}

/**
 * A person of the quote's agency a link to one of its quotes is sent to: an existing user of that agency is
 * kept (one removed from it comes back); a new address becomes a producer without a password, who enters by
 * one-time codes until they set one. Either way they join the quote's team, so the link opens the quote. An
 * address of another organisation, or of a disabled user, is refused as `purpose` says.
 */
export async function agencyLinkUser(
  tx: Queryable,
  clock: Clock,
  input: { agencyId: string; teamId: string | null; person: WholesaleAgent; actorUserId: string; address: string | null; purpose: AgencyLinkPurpose },
): Promise<string> {
  const { reason } = input.purpose;
  const email = input.person.email.toLowerCase();
  const [existing] = await tx.query<{ id: string; account_id: string; status: string; removed_at: Date | null }>(
    'SELECT id, account_id, status, removed_at FROM users WHERE lower(email) = $1 FOR UPDATE',
    [email],
  );
  if (existing && existing.account_id !== input.agencyId) throw input.purpose.otherOrganisation;
  if (existing && existing.status === 'DISABLED') throw input.purpose.disabled;
  let id: string;
  if (existing) {
    id = existing.id;
    if (existing.removed_at || existing.status !== 'ACTIVE') {
      await tx.query(`UPDATE users SET removed_at = NULL, removed_by = NULL, status = 'ACTIVE' WHERE id = $1`, [id]);
      await audit(tx, clock, { actorUserId: input.actorUserId, action: 'user.restore', target: id, address: input.address, detail: { accountId: input.agencyId, reason } });
    }
  } else {
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO users (account_id, email, first_name, last_name, phone, role_id, status, created_at, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, 'ACTIVE', $7, $8) RETURNING id`,
      [input.agencyId, email, input.person.firstName, input.person.lastName, input.person.phone, WHOLESALE_AGENT_ROLE, clock.now(), input.actorUserId],
    );
    id = row!.id;
    await audit(tx, clock, {
      actorUserId: input.actorUserId, action: 'user.create', target: id, address: input.address,
      detail: { accountId: input.agencyId, email, roleId: WHOLESALE_AGENT_ROLE, reason },
    });
  }
  // The quote's team, or the agency's default team for a quote written without one.
  const joined = await tx.query<{ team_id: string }>(
    `INSERT INTO team_members (team_id, user_id)
     SELECT t.id, $3 FROM teams t WHERE t.account_id = $1 AND (t.id = $2::uuid OR ($2::uuid IS NULL AND t.is_default))
     ON CONFLICT DO NOTHING RETURNING team_id`,
    [input.agencyId, input.teamId, id],
  );
  for (const { team_id: teamId } of joined) {
    await audit(tx, clock, { actorUserId: input.actorUserId, action: 'user.team-add', target: id, address: input.address, detail: { accountId: input.agencyId, teamId, reason } });
  }
  return id;
}

/**
 * The agent of the quote's agency a quote is sent to (spec 002 section 6 'Send a quote to a wholesale
 * agency'), made or kept as `agencyLinkUser` says.
 */
export async function wholesaleAgentUser(
  tx: Queryable,
  clock: Clock,
  input: { agencyId: string; teamId: string | null; agent: WholesaleAgent; actorUserId: string; address: string | null },
): Promise<string> {
  return agencyLinkUser(tx, clock, {
    agencyId: input.agencyId, teamId: input.teamId, person: input.agent, actorUserId: input.actorUserId, address: input.address,
    purpose: {
      reason: 'quote sent to wholesale agency',
      otherOrganisation: new HttpError(409, REVIEW_TEXTS.emailOfOtherAgency, { errors: [{ field: 'agentEmail', message: REVIEW_TEXTS.emailOfOtherAgency }] }),
      disabled: new HttpError(409, REVIEW_TEXTS.agentDisabled),
    },
  });
}
