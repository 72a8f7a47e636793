import { daysBetween, formatDate, formatMoney, type Edition } from '../../../../engine/index.ts';
import type { ServerConfig } from '../../../config.ts';
import { PAYEE_BANK_DETAILS } from '../../../constants.ts';
import { publicLink } from '../../../mail/public-link.ts';
import type { MailMessage } from '../../../mail/mailer.ts';
import { REMINDER_MAIL_TEXTS } from './invoice-reminder-texts.ts';
import { invoiceNumberOf } from '../../ledger/invoice-terms.ts';

/** What a reminder is about: the policy, its payer and what is due. */
export interface ReminderSubject {
  policyId: string;
  policyNumber: string;
  companyName: string;
  agencyName: string;
  edition: 'us' | 'uk';
  contactFirstName: string;
  contactEmail: string;
  effectiveDate: string;
  endDate: string;
  /** The premium's due date (YYYY-MM-DD), the one the payment page shows. */
  dueDate: string;
  /** The day of the schedule this reminder stands for (days from the due date). */
  offsetDays: number;
  /** The day it is sent (YYYY-MM-DD): its words say where that day stands from the due date. */
  today: string;
  /** Exact decimal text ('1234.50'). */
  amountDue: string;
}

/**
 * One reminder e-mail in the policy's edition (its date format and currency), linking to the policy's
 * payment page at that edition's public address (never the request's host: the sweep has no request).
 */
export function invoiceReminderMail(subject: ReminderSubject, edition: Edition, config: Pick<ServerConfig, 'publicUrls'>): MailMessage {
  const day = (iso: string) => formatDate(iso, edition.locale);
  const due = day(subject.dueDate);
  const daysPastDue = daysBetween(subject.dueDate, subject.today);
  // Display only: the amount was computed in exact decimals; Intl needs a number to print it.
  const amount = formatMoney(Number(subject.amountDue), edition);
  return {
    to: subject.contactEmail,
    subject: REMINDER_MAIL_TEXTS.subject(daysPastDue, subject.policyNumber, due),
    text: [
      `Hello ${subject.contactFirstName},`,
      '',
      REMINDER_MAIL_TEXTS.lead(daysPastDue, amount, due),
      REMINDER_MAIL_TEXTS.policy(subject.companyName, subject.policyNumber, `${day(subject.effectiveDate)} to ${day(subject.endDate)}`, invoiceNumberOf(subject.policyNumber)),
      REMINDER_MAIL_TEXTS.payLink(publicLink(config, subject.edition, `/customer/policies/${subject.policyId}/payment`)),
      REMINDER_MAIL_TEXTS.questions(subject.agencyName, PAYEE_BANK_DETAILS[subject.edition].email),
      '',
      REMINDER_MAIL_TEXTS.alreadyPaid,
    ].join('\n'),
  };
}
