/** What the review, send and sign operations answer, word for word from spec 002 section 8 where it gives them. */
export const REVIEW_TEXTS = {
  requestToBindSent: 'Request to bind successfully sent',
  attested: 'Thank you. Please sign the application to send your request to bind.',
  signed: 'Thank you. Your application is signed and your request to bind has been sent.',
  verifyFirst: 'Please verify the account details before requesting to bind.',
  attestFirst: 'Please accept the attestation before signing.',
  /** Spec 002 section 8, word for word (its spelling too). */
  patched: 'Quote succesfully updated. Please review coverages.',
  notReviewable: 'This quote can no longer be sent, attested or bound from here.',
  emailOfOtherOrganisation: "This email address belongs to a user of another organisation. Please enter the policyholder's own address.",
  emailOfOtherAgency: 'This email address belongs to a user of another organisation. Please enter the address of an agent of the agency the quote was written for.',
  agentDisabled: "This agent's access is disabled. Please ask the agency's administrator to enable it.",
  policyholderDisabled: "This policyholder's access is disabled. Please ask your administrator to enable it.",
  /** The review page's heading by agency status (spec 002 section 2: normal title, request sent, bound, invalid). */
  headings: {
    ACTIVE: 'Quote {number} for {company}',
    REQUEST_TO_BIND_SENT: 'A request to bind quote {number} for {company} has been sent',
    BOUND: 'Quote {number} for {company} has been bound',
    INVALID: 'Quote {number} for {company} is no longer valid',
  },
} as const;

export type AgencyStatus = keyof typeof REVIEW_TEXTS.headings;

/** Agency statuses in which the review page can still verify, send, request to bind and sign (spec 002 section 6). */
export const REVIEWABLE_AGENCY_STATUSES: readonly string[] = ['ACTIVE', 'REQUEST_TO_BIND_SENT'];

/** The one-time-code flow of a quote sent to its policyholder (spec 000 /validate: 'otherwise access the quote'). */
export const QUOTE_REVIEW_FLOW = 'QUOTE_REVIEW';
