/** What the financing operations answer, word for word from spec 002 section 8 where it gives them. */
export const FINANCING_TEXTS = {
  added: 'Premium Financer added Successfully!',
  accepted: 'Installment plan accepted. Thank you.',
  notOffered: 'No installment plan is offered for this policy.',
  alreadyAccepted: 'The installment plan of this policy was already accepted.',
  policyNotFound: 'Policy not found.',
  agencyDetailsMissing: 'Agency Details Missing. Please contact your agent or support.',
  notFinanceable: (status: string) => `A policy that is ${status} cannot be financed.`,
  downPaymentTooLarge: 'The down payment cannot be more than the total premium.',
  paidAlready: 'This policy is already paid.',
  feesNotFinanced: (fees: string) => `The down payment must cover the broker and MGA fees (${fees}): they are not financed.`,
  beyondTerm: (months: number) => `The installments must all fall due within the ${months}-month term of the plan.`,
} as const;
