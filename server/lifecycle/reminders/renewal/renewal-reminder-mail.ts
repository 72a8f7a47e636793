import { daysBetween, formatDate, formatMoney, type Edition } from '../../../../engine/index.ts';
import type { ServerConfig } from '../../../config.ts';
import type { MailMessage } from '../../../mail/mailer.ts';
import { publicLink } from '../../../mail/public-link.ts';
import { RENEWAL_REMINDER_TEXTS } from './renewal-reminder-texts.ts';

/** Who a reminder goes to: the policy's agent, or, with none to reach, a contact of its agency. */
export interface ReminderRecipient {
  email: string;
  firstName: string | null;
  kind: 'AGENT' | 'AGENCY_CONTACT';
}

/** What a renewal reminder is about. */
export interface RenewalReminderSubject {
  policyId: string;
  policyNumber: string;
  companyName: string;
  agencyName: string;
  endDate: string;
  /** Exact decimal text ('4210.00'). */
  totalPremium: string;
  recipient: ReminderRecipient;
}

/**
 * One reminder e-mail in the policy's edition: its words for agent and agency, its date format and currency,
 * linking to the policy's page at that edition's public address (the sweep has no request to take a host from).
 */
export function renewalReminderMail(subject: RenewalReminderSubject, today: string, edition: Edition, config: Pick<ServerConfig, 'publicUrls'>): MailMessage {
  const term = (word: string) => edition.terms?.[word] ?? word;
  const endDate = formatDate(subject.endDate, edition.locale);
  const { recipient } = subject;
  return {
    to: recipient.email,
    subject: RENEWAL_REMINDER_TEXTS.subject(subject.policyNumber, subject.companyName, endDate),
    text: [
      recipient.firstName ? `Hello ${recipient.firstName},` : 'Hello,',
      '',
      RENEWAL_REMINDER_TEXTS.lead(subject.policyNumber, subject.companyName, endDate, daysBetween(today, subject.endDate)),
      // Display only: the amount is stored in exact decimals; Intl needs a number to print it.
      RENEWAL_REMINDER_TEXTS.premium(formatMoney(Number(subject.totalPremium), edition)),
      RENEWAL_REMINDER_TEXTS.renewLink(publicLink(config, edition.id, `/agency/policies/${subject.policyId}`)),
      '',
      recipient.kind === 'AGENT' ? RENEWAL_REMINDER_TEXTS.asAgent(term) : RENEWAL_REMINDER_TEXTS.asAgencyContact(term, subject.agencyName),
      RENEWAL_REMINDER_TEXTS.mute,
    ].join('\n'),
  };
}
