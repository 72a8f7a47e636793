/** What the non-premium endorsement answers (the spec names the endpoint, not its texts; these follow its style). */
export const NON_PREMIUM_TEXTS = {
  noChange: 'The named insured and mailing address are the same as the policy has now.',
  addressIncomplete: 'A mailing address needs at least the address and the city.',
  changed: (policyNumber: string) => `Policy ${policyNumber} was updated. The premium does not change.`,
} as const;
