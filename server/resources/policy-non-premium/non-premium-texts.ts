/** What the non-premium endorsement answers (the spec names the endpoint, not its texts; these follow its style). */
export const NON_PREMIUM_TEXTS = {
  noChange: 'The named insured and mailing address are the same as the policy has now.',
  addressIncomplete: 'A mailing address needs at least the address and the city.',
  sameDates: 'The policy already starts on this day.',
  outsideStartWindow: (from: string, to: string) => `The new effective date must be between ${from} and ${to}.`,
  endorsed: 'An endorsed policy keeps its dates: revert its endorsements first.',
  excessLayers: 'The policy has excess layers in force: rescind them before moving its dates.',
  renewalStarted: 'The policy\'s renewal has been quoted: its dates can no longer move.',
  datesChanged: (policyNumber: string, from: string, to: string) => `Policy ${policyNumber} now runs from ${from} to ${to}. The premium does not change.`,
  changed: (policyNumber: string) => `Policy ${policyNumber} was updated. The premium does not change.`,
} as const;
