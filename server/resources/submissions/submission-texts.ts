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
} as const;
