import { formatDate, type Edition } from '../../../engine/index.ts';
import type { ServerConfig } from '../../config.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { publicLink } from '../../mail/public-link.ts';
import type { InsuredAccess } from './insured-access.ts';

/** What the insured is told when their policy is issued (the spec gives none of these texts). */
export const POLICY_ISSUED_TEXTS = {
  subject: (policyNumber: string) => `Your cyber insurance policy ${policyNumber}`,
  lead: (agencyName: string, policyNumber: string, companyName: string, from: string, to: string) =>
    `${agencyName} has issued policy ${policyNumber} for ${companyName}, from ${from} to ${to}.`,
  signIn: (url: string) => `Your policy documents are in the console; sign in with this e-mail address to open them: ${url}`,
  setPassword: (url: string, days: number) =>
    `Your policy documents are in the console. To open them, first set your password here (the link works once and expires in ${days} days): ${url}`,
  thenOpen: (url: string) => `Then your policy is here: ${url}`,
  askAgency: (agencyName: string) => `For your policy documents, please contact ${agencyName}: this e-mail address has no sign-in to them in the console.`,
} as const;

export interface IssuedPolicyFacts {
  policyId: string;
  policyNumber: string;
  companyName: string;
  agencyName: string;
  effectiveDate: string;
  endDate: string;
  to: string;
  firstName: string | null;
}

/**
 * The insured's e-mail on issue, in the policy's edition (dates as it writes them, links at its address),
 * pointing only at pages the insured can open: the policy page when they can sign in, the confirm-user page
 * that sets their password first (then the policy page) when they cannot yet, and no link when the console
 * has no sign-in for them.
 */
export function policyIssuedMail(
  facts: IssuedPolicyFacts,
  access: InsuredAccess,
  setPassword: { path: string; days: number } | null,
  edition: Edition,
  config: Pick<ServerConfig, 'publicUrls'>,
): MailMessage {
  const day = (iso: string) => formatDate(iso, edition.locale);
  const link = (path: string) => publicLink(config, edition.id, path);
  const policyPage = link(`/customer/policies/${facts.policyId}`);
  const accessLines = access.kind === 'SIGN_IN'
    ? [POLICY_ISSUED_TEXTS.signIn(policyPage)]
    : access.kind === 'SET_PASSWORD' && setPassword
      ? [POLICY_ISSUED_TEXTS.setPassword(link(setPassword.path), setPassword.days), POLICY_ISSUED_TEXTS.thenOpen(policyPage)]
      : [POLICY_ISSUED_TEXTS.askAgency(facts.agencyName)];
  return {
    to: facts.to,
    subject: POLICY_ISSUED_TEXTS.subject(facts.policyNumber),
    text: [
      facts.firstName ? `Hello ${facts.firstName},` : 'Hello,',
      '',
      POLICY_ISSUED_TEXTS.lead(facts.agencyName, facts.policyNumber, facts.companyName, day(facts.effectiveDate), day(facts.endDate)),
      ...accessLines,
    ].join('\n'),
  };
}
