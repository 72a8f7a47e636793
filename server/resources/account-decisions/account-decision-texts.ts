/** What users read about account decisions, in one place ('Account Declined Successfully!' is spec 002's). */
export const ACCOUNT_DECISION_TEXTS = {
  declined: 'Account Declined Successfully!',
  undeclined: 'Account Undeclined Successfully!',
  lost: 'Account Marked as Lost Successfully!',
  reopened: 'Account Reopened Successfully!',
} as const;
