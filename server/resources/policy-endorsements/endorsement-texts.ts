/** What the endorsement operations answer (the spec gives no texts for endorsements; these follow its style). */
export const ENDORSEMENT_TEXTS = {
  outsideWindow: (from: string, to: string) => `The endorsement date must be between ${from} and ${to}.`,
  outsideTerm: 'The endorsement date must fall within the policy period.',
  noChange: 'The limit and retention are the same as the policy has now.',
  unknownOption: 'Choose one of the options the policy\'s product offers.',
  endorsed: (policyNumber: string, date: string) => `Policy ${policyNumber} endorsed from ${date}.`,
  nothingToRevert: 'The policy has no endorsement to revert.',
  reverted: (policyNumber: string, revision: number) => `Endorsement ${revision} of policy ${policyNumber} was reverted.`,
} as const;
