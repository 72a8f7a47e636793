import type { Queryable } from '../../db/database.ts';
import { PROVIDER_ACCOUNT_TYPE } from '../../auth/session-context.ts';
import type { MailMessage, Mailer } from '../../mail/mailer.ts';
import { publicLink } from '../../mail/public-link.ts';
import type { ServerConfig } from '../../config.ts';
import type { EditionId } from '../../../engine/index.ts';
import type { Caller } from '../../services.ts';
import { submissionUnderwriters } from '../../resources/submissions/repository.ts';
import type { QuoteAction } from './transitions.ts';

/** Who acts next on a quote after a hand-over: the provider's underwriting desk or the agency that wrote it. */
export type NextActor = 'underwriting' | 'agency';

/** The state a hand-over leaves the quote in is its move's (transitions.ts); this is who owns it then and what they are told. */
export interface HandOver {
  /**
   * Whose queue holds the quote now: underwriting's inbox lists it by its status (INBOX_STATUSES), the agency's
   * inbox gets a message (inbox/post-message.ts).
   */
  next: NextActor;
  /** The e-mail to whoever acts next; {number}, {client}, {agency}, {reason} and {link} are filled in. */
  mail: { subject: string; lines: readonly string[] };
}

/**
 * The quote's hand-overs, one row each (issue 35: every hand-over is a state with an owner). Each action here
 * moves the quote to a named status (transitions.ts), leaves an item in the next actor's queue, and e-mails
 * that side with the reason the other side gave. The policyholder's own e-mails (the link to sign, the issued
 * policy) stay with their handlers; these are the desk's and the agency's.
 */
export const QUOTE_HAND_OVERS: Readonly<Partial<Record<QuoteAction, HandOver>>> = {
  requestToBind: {
    next: 'underwriting',
    mail: {
      subject: 'Request to bind quote {number} for {client}',
      lines: ['{agency} asks to bind quote {number} for {client}.', 'It is waiting in the underwriting inbox: {link}'],
    },
  },
  refer: {
    next: 'underwriting',
    mail: {
      subject: 'Quote {number} for {client} was referred to underwriting',
      lines: ['Quote {number} of {agency} for {client} was referred to underwriting.', 'Reason: {reason}', 'It is waiting in the underwriting inbox: {link}'],
    },
  },
  release: {
    next: 'agency',
    mail: { subject: 'Quote {number} for {client} is ready', lines: ['Underwriting released quote {number} for {client}. It is ready to send and bind: {link}'] },
  },
  decline: {
    next: 'agency',
    mail: { subject: 'Quote {number} for {client} was declined', lines: ['Underwriting declined quote {number} for {client}.', 'Reason: {reason}', '{link}'] },
  },
  bind: {
    next: 'agency',
    mail: { subject: 'Quote {number} for {client} is bound', lines: ['Quote {number} for {client} is bound. The policy is issued from the binder: {link}'] },
  },
  issue: {
    next: 'agency',
    mail: { subject: 'The policy for quote {number} ({client}) was issued', lines: ['The policy for quote {number} of {client} was issued: {link}'] },
  },
  rescind: {
    next: 'agency',
    mail: { subject: 'The binder of quote {number} for {client} was rescinded', lines: ['Underwriting rescinded the binder of quote {number} for {client}.', 'Reason: {reason}', '{link}'] },
  },
};

const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/**
 * The reason the acting side gave, as the other side reads it: the summary, then the description when there is
 * one ('Poor Claims History: Three claims'); a description that already begins with the summary stands alone.
 */
export function reasonText(detail: { reasonSummary?: unknown; reason?: unknown } | null | undefined): string | null {
  const summary = textOf(detail?.reasonSummary);
  const description = textOf(detail?.reason);
  if (!summary || !description) return summary ?? description;
  return description.startsWith(summary) ? description : `${summary}: ${description}`;
}

interface HandedOverQuote {
  id: string;
  agency_id: string;
  quote_number: string;
  company_name: string;
  agency_name: string;
  agent_user_id: string | null;
  submission_id: string | null;
  decision: Record<string, unknown> | null;
  edition: EditionId;
}

/** The addresses of whoever acts next: the submission's underwriter (else the whole desk), or the quote's agent. */
async function recipientsOf(db: Queryable, quote: HandedOverQuote, next: NextActor): Promise<string[]> {
  if (next === 'agency') {
    const [agent] = await db.query<{ email: string }>(`SELECT email FROM users WHERE id = $1 AND status = 'ACTIVE'`, [quote.agent_user_id]);
    return agent ? [agent.email] : [];
  }
  if (quote.submission_id) {
    const [assignee] = await db.query<{ email: string }>(
      `SELECT u.email FROM submissions s JOIN users u ON u.id = s.assignee_user_id WHERE s.id = $1 AND u.status = 'ACTIVE'`, [quote.submission_id],
    );
    if (assignee) return [assignee.email];
  }
  return (await submissionUnderwriters(db)).map((underwriter) => underwriter.email);
}

/** The console page of the quote for whoever acts next, at the quote's edition's address. */
function linkOf(config: Pick<ServerConfig, 'publicUrls'>, quote: HandedOverQuote, next: NextActor): string {
  return publicLink(config, quote.edition, `/${next === 'underwriting' ? 'admin' : 'agency'}/quotes/${quote.id}`);
}

/** A hand-over's e-mail with its values filled in; a line about the reason is left out when none was given. */
export function composeMail(mail: HandOver['mail'], values: Record<string, string>, to: string, reason: string | null): MailMessage {
  const all: Record<string, string> = { ...values, reason: reason ?? '' };
  const fill = (template: string) => template.replace(/\{(\w+)\}/g, (_, name: string) => all[name] ?? '');
  const lines = mail.lines.filter((line) => reason !== null || !line.includes('{reason}')).map(fill);
  return { to, subject: fill(mail.subject), text: lines.join('\n') };
}

/** Whether the caller is itself the side the quote is handed to (an agent binding its own quote): nobody to tell. */
function actsForNext(caller: Pick<Caller, 'accountId' | 'accountType'>, quote: HandedOverQuote, next: NextActor): boolean {
  return next === 'agency' ? caller.accountId === quote.agency_id : caller.accountType === PROVIDER_ACCOUNT_TYPE;
}

/**
 * After an action's transaction committed: e-mails whoever acts next, with the reason the acting side gave
 * (read from the action's event in the quote's history). A decline the underwriter chose not to notify
 * (isNotificationEnabled false) sends nothing; its inbox message still tells the agency.
 */
export async function notifyHandOver(
  services: { db: Queryable; mailer: Mailer; config: Pick<ServerConfig, 'publicUrls'> },
  caller: Pick<Caller, 'accountId' | 'accountType'>,
  quoteId: string,
  action: QuoteAction,
): Promise<void> {
  const handOver = QUOTE_HAND_OVERS[action];
  if (!handOver) return;
  const { db, mailer, config } = services;
  const [quote] = await db.query<HandedOverQuote>(
    `SELECT q.id, q.agency_id, q.quote_number, a.name AS company_name, ag.name AS agency_name, q.agent_user_id, q.submission_id, q.decision, q.edition
     FROM quotes q JOIN accounts a ON a.id = q.account_id JOIN accounts ag ON ag.id = q.agency_id WHERE q.id = $1`,
    [quoteId],
  );
  if (!quote || actsForNext(caller, quote, handOver.next)) return;
  if (action === 'decline' && quote.decision?.isNotificationEnabled === false) return;
  const [event] = await db.query<{ detail: Record<string, unknown> | null }>(
    'SELECT detail FROM quote_events WHERE quote_id = $1 AND action = $2 ORDER BY id DESC LIMIT 1', [quoteId, action],
  );
  const reason = reasonText(event?.detail);
  const link = linkOf(config, quote, handOver.next);
  const values = { number: quote.quote_number, client: quote.company_name, agency: quote.agency_name, link };
  for (const to of await recipientsOf(db, quote, handOver.next)) await mailer.sendMail(composeMail(handOver.mail, values, to, reason));
}
