/** What the commission operations answer; spec 002 section 8 gives the pause/resume text. */
export const COMMISSION_TEXTS = {
  toggled: 'Pause/Resume Payments successful.',
  agencyNotFound: 'Agency not found.',
  paused: 'Commission payments to this agency are paused. Resume them to pay.',
  noBankAccount: 'This agency has not given a bank account for commission deposits.',
  nothingOwed: 'No commission is owed to this agency.',
  moreThanOwed: (owed: string) => `The amount is more than the commission owed to this agency (${owed}).`,
  tokenRefused: (reason: string) => `The payment processor refused the payment: ${reason}`,
  paid: (amount: string, agency: string) => `Commission of ${amount} paid to ${agency}.`,
  failed: (reason: string) => `The commission payment failed: ${reason}`,
  bankAccountSaved: 'Bank account for commission deposits saved.',
  processorUnavailable: 'Commission payments are not available: no payment processor is configured.',
  agencyRequired: 'Choose an agency.',
  noDocument: 'No invoice/statements found for this month',
} as const;
