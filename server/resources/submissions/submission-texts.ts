/** What users read about submissions, in one place (spec 002 section 8: 'Failed to decline submission'). */
export const SUBMISSION_TEXTS = {
  notFound: 'Submission not found.',
  assigned: 'Submission assigned',
  certified: 'Submission certified',
  declined: 'Submission declined',
  nonViable: 'Submission marked non-viable',
  completed: 'Submission completed',
  declineFailed: 'Failed to decline submission',
  underwriterNotFound: 'Choose an underwriter of the underwriting team.',
  /** Why nothing more is quoted for a declined, non-viable or complete submission (the quote flow's verify-submission step, createQuote). */
  settled: 'This submission is settled: nothing more is quoted for it.',
} as const;
