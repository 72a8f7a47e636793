import { PROVIDER_ACCOUNT_TYPE } from '../../auth/session-context.ts';
import type { Queryable } from '../../db/database.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { publicLink } from '../../mail/public-link.ts';
import type { ServerConfig } from '../../config.ts';
import type { EditionId } from '../../../engine/index.ts';
import type { Caller } from '../../services.ts';
import { composeMail, reasonText, type HandOver, type NextActor } from '../quotes/hand-overs.ts';
import type { PolicyAction } from './policy-transitions.ts';

/**
 * The policy's hand-overs (issue 35), one row each, like the quote's (quotes/hand-overs.ts): the provider
 * cancels, cancels flat, voids or reinstates a policy and the agency is told (a message in its inbox, posted
 * by movePolicy, and an e-mail to the policy's agent with the reason); an agent asks for a cancellation and
 * the provider's policy desk (staff with policy:write, who carry it out or undo it) is e-mailed, the policy
 * waiting as CANCEL REQUESTED.
 */
export const POLICY_HAND_OVERS: Readonly<Partial<Record<PolicyAction, HandOver>>> = {
  cancel: {
    next: 'agency',
    mail: { subject: 'Policy {number} for {client} is cancelled', lines: ['Policy {number} for {client} is cancelled from {cancellationDate}.', 'Reason: {reason}', '{link}'] },
  },
  flatCancel: {
    next: 'agency',
    mail: { subject: 'Policy {number} for {client} is cancelled from inception', lines: ['Policy {number} for {client} is cancelled from inception.', 'Reason: {reason}', '{link}'] },
  },
  void: {
    next: 'agency',
    mail: { subject: 'Policy {number} for {client} was voided', lines: ['Policy {number} for {client} was voided.', 'Reason: {reason}', '{link}'] },
  },
  undoCancellation: {
    next: 'agency',
    mail: { subject: 'Policy {number} for {client} is reinstated', lines: ['The cancellation of policy {number} for {client} was undone: the policy is back in force.', '{link}'] },
  },
  requestCancellation: {
    next: 'underwriting',
    mail: {
      subject: 'Cancellation requested: policy {number} for {client}',
      lines: ['{agency} asks to cancel policy {number} for {client} from {cancellationDate}.', 'Reason: {reason}', 'Carry it out or undo it: {link}'],
    },
  },
};

/** The provider's active staff holding a permission: the desk that acts on what an agency asks. */
async function providerStaffWith(db: Queryable, permission: string): Promise<string[]> {
  const rows = await db.query<{ email: string }>(
    `SELECT u.email FROM users u JOIN accounts a ON a.id = u.account_id
     WHERE a.account_type = $1 AND u.status = 'ACTIVE' AND EXISTS (SELECT 1 FROM role_permissions rp WHERE rp.role_id = u.role_id AND rp.permission = $2)
     ORDER BY u.email`,
    [PROVIDER_ACCOUNT_TYPE, permission],
  );
  return rows.map((row) => row.email);
}

interface HandedOverPolicy {
  id: string;
  policy_number: string;
  company_name: string;
  agency_id: string;
  agency_name: string;
  agent_email: string | null;
  cancellation_date: string | null;
  edition: EditionId;
}

/**
 * After the change committed: e-mails whoever acts next on the policy, with the reason given (the action's
 * event in the policy's history). Nobody is told of what their own side did.
 */
export async function notifyPolicyHandOver(
  services: { db: Queryable; mailer: Mailer; config: Pick<ServerConfig, 'publicUrls'> },
  caller: Pick<Caller, 'accountId' | 'accountType'>,
  policyId: string,
  action: PolicyAction,
): Promise<void> {
  const handOver = POLICY_HAND_OVERS[action];
  if (!handOver) return;
  const { db, mailer, config } = services;
  const [policy] = await db.query<HandedOverPolicy>(
    `SELECT p.id, p.policy_number, coalesce(p.named_insured, a.name) AS company_name, p.agency_id, ag.name AS agency_name,
       (SELECT u.email FROM users u WHERE u.id = p.agent_user_id AND u.status = 'ACTIVE') AS agent_email, p.cancellation_date::text AS cancellation_date, p.edition
     FROM policies p JOIN accounts a ON a.id = p.account_id JOIN accounts ag ON ag.id = p.agency_id WHERE p.id = $1`,
    [policyId],
  );
  if (!policy) return;
  const next: NextActor = handOver.next;
  if (next === 'agency' ? caller.accountId === policy.agency_id : caller.accountType === PROVIDER_ACCOUNT_TYPE) return;
  const [event] = await db.query<{ detail: Record<string, unknown> | null }>(
    'SELECT detail FROM policy_events WHERE policy_id = $1 AND action = $2 ORDER BY at DESC, id DESC LIMIT 1', [policyId, action],
  );
  const recipients = next === 'agency' ? [policy.agent_email].filter((email): email is string => Boolean(email)) : await providerStaffWith(db, 'policy:write');
  const values = {
    number: policy.policy_number, client: policy.company_name, agency: policy.agency_name, cancellationDate: policy.cancellation_date ?? '',
    link: publicLink(config, policy.edition, `/${next === 'underwriting' ? 'admin' : 'agency'}/policies/${policy.id}`),
  };
  for (const to of recipients) await mailer.sendMail(composeMail(handOver.mail, values, to, reasonText(event?.detail)));
}
