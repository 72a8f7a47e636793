/** What the payment operations answer. */
export const PAYMENT_TEXTS = {
  notFound: 'Policy not found.',
  transactionNotFound: 'Transaction not found.',
  checkoutNotFound: 'This payment form is no longer available. Please start the payment again.',
  methodNotFound: 'This payment method is not saved for your account.',
  /** A processor webhook delivered again exactly as it was accepted (a replay, not the processor's retry). */
  webhookReplayed: 'This webhook delivery was already received.',
  nothingDue: 'Nothing is due on this policy.',
  notPayable: (status: string) => `A policy that is ${status} cannot be paid online.`,
  inProcess: 'A payment for this policy is already being processed.',
  unavailable: 'Card and bank payments are not available at the moment. Please pay by ACH or wire transfer.',
  processorUnavailable: 'The payment processor could not be reached. Nothing was charged; please try again.',
  submitted: 'Payment submitted. It is being processed.',
  declined: (reason: string | null) => `Your payment failed: ${reason ?? 'the payment was refused.'}`,
} as const;
