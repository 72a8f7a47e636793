import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/database.ts';
import { MESSAGE_SUBJECTS } from '../resources/inbox/inbox-texts.ts';
import { postInboxMessage } from '../resources/inbox/post-message.ts';

/** The demo inbox reaches back this far, and holds at most this many messages per agency. */
const DAYS_BACK = 45;
const PER_AGENCY = 60;
const DAY_MS = 86_400_000;

/**
 * The agencies' shared inboxes as the demo world's history left them: one message for each thing the
 * underwriting desk or a policyholder did with an agency's quotes (from the quotes' history) and submissions,
 * newest kept. Some are already seen by the agency's users, a few starred and labelled, the oldest archived,
 * so the inbox shows every state. Deterministic: the same history gives the same inbox.
 */
export async function seedDemoInbox(tx: Queryable, clock: Clock): Promise<void> {
  const now = clock.now();
  const since = new Date(now.getTime() - DAYS_BACK * DAY_MS);
  const quoteKinds = Object.keys(MESSAGE_SUBJECTS).filter((kind) => kind.startsWith('quote.')).map((kind) => kind.slice('quote.'.length));
  const events = await tx.query<{ action: string; at: Date; detail: Record<string, unknown> | null; quote_id: string; quote_number: string; agency_id: string; account_id: string; client: string; actor_account: string | null }>(
    `SELECT * FROM (
       SELECT e.action, e.at, e.detail, q.id AS quote_id, q.quote_number, q.agency_id, q.account_id, a.name AS client, u.account_id AS actor_account,
         row_number() OVER (PARTITION BY q.agency_id ORDER BY e.at DESC, e.id) AS n
       FROM quote_events e JOIN quotes q ON q.id = e.quote_id JOIN accounts a ON a.id = q.account_id LEFT JOIN users u ON u.id = e.user_id
       WHERE e.action = ANY($1::text[]) AND e.at >= $2 AND (u.account_id IS NULL OR u.account_id <> q.agency_id)
     ) recent WHERE n <= $3 ORDER BY at, quote_id`,
    [quoteKinds, since, PER_AGENCY],
  );
  for (const event of events) {
    const reason = event.detail?.reasonSummary;
    await postInboxMessage(tx, {
      kind: `quote.${event.action}`, agencyId: event.agency_id, accountId: event.account_id, quoteId: event.quote_id, actorAccountId: event.actor_account,
      values: { number: event.quote_number, client: event.client }, body: typeof reason === 'string' ? reason : null, at: new Date(event.at),
    });
  }

  const submissions = await tx.query<{ id: string; submission_number: string; agency_id: string; account_id: string; client: string; status: string; operational_status: string; assignee: string | null; declination: { summary: string } | null; modified_at: Date }>(
    `SELECT s.id, s.submission_number, s.agency_id, s.account_id, a.name AS client, s.status, s.operational_status, s.assignee, s.declination, s.modified_at
     FROM submissions s JOIN accounts a ON a.id = s.account_id ORDER BY s.modified_at, s.id`,
  );
  for (const submission of submissions) {
    const kind = submission.status === 'DECLINED' ? 'submission.decline' : submission.operational_status === 'COMPLETE' ? 'submission.complete' : submission.assignee ? 'submission.assign' : null;
    if (!kind) continue;
    await postInboxMessage(tx, {
      kind, agencyId: submission.agency_id, accountId: submission.account_id, submissionId: submission.id, actorAccountId: null,
      values: { number: submission.submission_number, client: submission.client, assignee: submission.assignee ?? '' },
      body: submission.declination?.summary ?? null, at: new Date(submission.modified_at),
    });
  }

  // The inbox as its agency has worked it: every other message seen by the client's agent, every fifth
  // starred and labelled, the month-old ones archived.
  await tx.query(
    `WITH numbered AS (SELECT id, agency_id, received_at, row_number() OVER (PARTITION BY agency_id ORDER BY received_at, id) AS n FROM inbox_messages)
     UPDATE inbox_messages m SET
       seen_by = CASE WHEN numbered.n % 2 = 0 THEN coalesce(
         (SELECT ARRAY[d.agent_user_id] FROM account_details d WHERE d.account_id = m.account_id AND d.agent_user_id IS NOT NULL),
         (SELECT array_agg(first.id) FROM (SELECT u.id FROM users u WHERE u.account_id = m.agency_id ORDER BY u.id LIMIT 1) first), '{}') ELSE '{}' END,
       is_starred = numbered.n % 5 = 0,
       labels = CASE WHEN numbered.n % 5 = 0 THEN ARRAY['Follow up'] WHEN numbered.n % 7 = 0 THEN ARRAY['Waiting on client'] ELSE '{}' END,
       is_archived = m.received_at < $1
     FROM numbered WHERE numbered.id = m.id`,
    [new Date(now.getTime() - 30 * DAY_MS)],
  );
}
