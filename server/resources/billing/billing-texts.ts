/** What the billing operations answer, word for word from spec 002 section 8 where it gives them. */
export const BILLING_TEXTS = {
  updated: 'Transaction Updated Successfully.',
  closed: 'Transaction Closed Successfully!',
  applied: 'Payment Applied Successfully.',
  notFound: 'Transaction not found.',
  policyNotFound: 'Policy not found.',
  binderNotFound: 'Binder not found.',
  binderNotBound: 'Only a bound binder takes a payment: once rescinded or expired it has nothing to pay for, and an issued one is paid on its policy.',
  noPayee: 'Say which policy or binder the payment is for.',
  transactionIdTaken: 'Another transaction already has this Transaction ID.',
  nothingToClose: 'Nothing is due on this policy: there is no payment to close.',
  processorOwned: 'A payment taken by the processor is updated by the processor; only its description can change here.',
} as const;
