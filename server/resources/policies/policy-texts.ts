/** What the binding and policy operations answer, word for word from spec 002 section 8 where it gives them. */
export const POLICY_TEXTS = {
  notFound: 'Policy not found.',
  quoteNotFound: 'Quote not found.',
  bound: 'Quote bound. The binder is ready.',
  quoteExpired: 'This quote has expired and can no longer be bound.',
  rescinded: 'Binder rescinded',
  issued: (number: string) => `Policy ${number} issued`,
  binderExpired: 'This binder has expired: bind the quote again or ask your underwriter.',
  /** Spec 002 section 8 'Policy generation' (from a binder). */
  issueFailed: 'Something went wrong while submitting for policy generation.',
  cancelled: (number: string) => `Policy ${number} cancelled`,
  cancelPending: (number: string, day: string) => `Policy ${number} will be cancelled on ${day}`,
  flatCancelled: (number: string) => `Policy ${number} flat cancelled`,
  voided: (number: string) => `Policy ${number} voided`,
  reinstated: (number: string) => `Cancellation of policy ${number} undone`,
  cancellationRequested: 'Cancellation requested',
  cancellationOutsideTerm: 'The cancellation date must fall within the policy period.',
  /** Spec 002 section 8 'Check In Mail'. */
  checkInMail: (number: string) => `Policy ${number} was marked as Check In Mail`,
  checkInMailDescription: 'Check In Mail',
  optedOut: 'Policy opted out of renewal',
  optedIn: 'Policy opted back into renewal',
  remindersMuted: 'Renewal reminders muted',
  remindersUnmuted: 'Renewal reminders turned back on',
  contactUpdated: 'Policy contact updated',
  /** Spec 002 section 8 'Certificates'. */
  certificateGenerated: 'Policy certificate successfully generated',
  certificateNotFound: 'An error occurred finding the document. Please try again',
  renewalQuoteCreated: (number: string) => `Renewal quote ${number} created`,
  renewalOptedOut: 'This policy was opted out of renewal. Opt it back in to renew it.',
  renewalInProgress: (number: string) => `This policy already has a renewal quote in progress: ${number}.`,
  notAvailable: (action: string, status: string) => `This policy cannot be ${action} while it is ${status}.`,
} as const;
