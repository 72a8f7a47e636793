import type { Queryable } from '../../db/database.ts';
import { messageSubject, POSTED_FOR_OWN_DOINGS } from './inbox-texts.ts';

export interface InboxEvent {
  /** What happened, as the audit log names it ('quote.release'). */
  kind: string;
  agencyId: string;
  accountId: string;
  quoteId?: string | null;
  submissionId?: string | null;
  policyId?: string | null;
  /** The account of whoever did it: the agency's own doings do not reach its inbox. */
  actorAccountId: string | null;
  /** Filled into the subject: number, client, assignee. */
  values: Record<string, string>;
  body?: string | null;
  at: Date;
}

/**
 * Puts a message in the agency's shared inbox when someone else (the underwriting desk, the policyholder)
 * did something with one of its quotes, submissions or policies, in the caller's transaction: the message and the change
 * are one. Kinds without a subject in inbox-texts.ts, and the agency's own doings (but a request to bind), post nothing.
 */
export async function postInboxMessage(tx: Queryable, event: InboxEvent): Promise<void> {
  if (event.actorAccountId === event.agencyId && !POSTED_FOR_OWN_DOINGS.has(event.kind)) return;
  const subject = messageSubject(event.kind, event.values);
  if (!subject) return;
  await tx.query(
    `INSERT INTO inbox_messages (agency_id, account_id, quote_id, submission_id, policy_id, kind, subject, body, received_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [event.agencyId, event.accountId, event.quoteId ?? null, event.submissionId ?? null, event.policyId ?? null, event.kind, subject, event.body ?? null, event.at],
  );
}
