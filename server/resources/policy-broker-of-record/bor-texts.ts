/** What the broker-of-record operations answer (the spec names the action, not its texts; these follow its style). */
export const BOR_TEXTS = {
  agencyNotFound: 'The agency was not found.',
  sameAgency: 'The policy is already with this agency.',
  otherEdition: 'The agency must work in the policy\'s edition.',
  agentNotInAgency: 'The agent must be a user of the new agency.',
  outsideTerm: 'The broker of record change must take effect within the policy period.',
  letterInFuture: 'The letter date cannot be after today.',
  changed: (policyNumber: string, agencyName: string, date: string) => `Policy ${policyNumber} moved to ${agencyName} as broker of record from ${date}.`,
} as const;
