/**
 * The words of a renewal reminder (the spec gives none). `term` is the edition's wording (US agent/agency, UK
 * broker/brokerage); dates and money arrive formatted in the policy's edition.
 */
export const RENEWAL_REMINDER_TEXTS = {
  subject: (policyNumber: string, companyName: string, endDate: string) =>
    `Renewal reminder: policy ${policyNumber} for ${companyName} expires on ${endDate}`,
  lead: (policyNumber: string, companyName: string, endDate: string, daysLeft: number) =>
    `Policy ${policyNumber} of ${companyName} expires on ${endDate}, ${daysLeft === 1 ? 'tomorrow' : `in ${daysLeft} days`}. `
    + `Please renew it before then so that ${companyName} stays covered.`,
  premium: (totalPremium: string) => `The policy's current total premium is ${totalPremium}.`,
  renewLink: (url: string) => `Renew it from the policy's page: ${url}`,
  asAgent: (term: (word: string) => string) => `You receive this as the ${term('agent')} on the policy.`,
  asAgencyContact: (term: (word: string) => string, agencyName: string) =>
    `You receive this as a contact of ${agencyName}, the ${term('agency')} on the policy, which has no ${term('agent')} assigned.`,
  mute: 'To stop these reminders for this policy, choose Mute Renewal Reminders on its page.',
} as const;
