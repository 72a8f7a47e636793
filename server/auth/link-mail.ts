import {
  INVITE_LINK_TTL_MS,
  LINK_RESEND_INTERVAL_MS,
  MFA_RESET_TTL_MS,
  PASSWORD_RESET_TTL_MS,
} from '../constants.ts';
import { editionOfUser, publicLink } from '../mail/public-link.ts';
import type { Services } from '../services.ts';
import { issueLink, issuedRecently, type LinkPurpose } from './links.ts';

/** The e-mails that carry a one-time link. Links point at the console's own pages (spec 000 section 2). */

export interface MailUser {
  id: string;
  email: string;
  first_name: string;
}

interface LinkMail {
  purpose: LinkPurpose;
  ttlMs: number;
  page: string;
  subject: string;
  text(name: string, url: string, hours: number): string;
}

function hoursOf(ms: number): number {
  return Math.round(ms / 3_600_000);
}

function validity(hours: number): string {
  return hours >= 48 ? `${Math.round(hours / 24)} days` : hours === 1 ? '1 hour' : `${hours} hours`;
}

const MAILS = {
  passwordReset: {
    purpose: 'PASSWORD_RESET',
    ttlMs: PASSWORD_RESET_TTL_MS,
    page: 'confirmPasswordReset',
    subject: 'Reset your password',
    text: (name, url, hours) =>
      `Hello ${name},\n\nUse this link to choose a new password:\n${url}\n\nThe link works once and expires in ${validity(hours)}. `
      + 'If you did not ask for it, you can ignore this e-mail; your password stays as it is.',
  },
  passwordExpired: {
    purpose: 'PASSWORD_RESET',
    ttlMs: PASSWORD_RESET_TTL_MS,
    page: 'confirmPasswordReset',
    subject: 'Your password has expired',
    text: (name, url, hours) =>
      `Hello ${name},\n\nYour password has expired. Use this link to choose a new one:\n${url}\n\n`
      + `The link works once and expires in ${validity(hours)}.`,
  },
  invite: {
    purpose: 'INVITE',
    ttlMs: INVITE_LINK_TTL_MS,
    page: 'confirmUser',
    subject: 'Confirm your e-mail address',
    text: (name, url, hours) =>
      `Hello ${name},\n\nPlease confirm your e-mail address and set your password:\n${url}\n\n`
      + `The link works once and expires in ${validity(hours)}.`,
  },
  mfaReset: {
    purpose: 'MFA_RESET',
    ttlMs: MFA_RESET_TTL_MS,
    page: 'confirmMfaReset',
    subject: 'Reset your multi-factor authentication',
    text: (name, url, hours) =>
      `Hello ${name},\n\nUse this link to reset your multi-factor authentication:\n${url}\n\nThe link works once and expires in `
      + `${validity(hours)}. If you did not ask for it, change your password.`,
  },
} satisfies Record<string, LinkMail>;

export type LinkMailKind = keyof typeof MAILS;

/**
 * Issues a link and e-mails it; returns the link. A link of the same purpose sent to the user less than a
 * minute ago means nothing is sent (returns null), so repeated clicks or scripted requests cannot flood a
 * mailbox.
 */
export async function sendLinkMail(services: Services, user: MailUser, kind: LinkMailKind): Promise<string | null> {
  const mail: LinkMail = MAILS[kind];
  if (await issuedRecently(services.db, services.clock, user.id, mail.purpose, LINK_RESEND_INTERVAL_MS)) return null;
  const token = await issueLink(services.db, services.clock, { userId: user.id, purpose: mail.purpose, ttlMs: mail.ttlMs });
  const url = publicLink(services.config, await editionOfUser(services.db, user.id), `/${mail.page}/${token}`);
  await services.mailer.sendMail({ to: user.email, subject: mail.subject, text: mail.text(user.first_name, url, hoursOf(mail.ttlMs)) });
  return url;
}
