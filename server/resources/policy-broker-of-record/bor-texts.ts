/** What the broker-of-record operations answer (the spec names the action, not its texts; these follow its style). */
export const BOR_TEXTS = {
  agencyNotFound: 'The agency was not found.',
  sameAgency: 'The policy is already with this agency.',
  otherEdition: 'The agency must work in the policy\'s edition.',
  agentNotInAgency: 'The agent must be a user of the new agency.',
  outsideTerm: 'The broker of record change must take effect within the policy period.',
  letterInFuture: 'The letter date cannot be after today.',
  changeNotFound: 'The broker of record change was not found.',
  notLatest: 'Only the policy\'s latest broker of record change, while the policy is still with that agency, can be corrected.',
  noCorrection: 'Nothing to correct: the dates and reason are as recorded.',
  corrected: (policyNumber: string, agencyName: string, date: string) => `The broker of record change of policy ${policyNumber} to ${agencyName} now takes effect from ${date}.`,
  changed: (policyNumber: string, agencyName: string, date: string) => `Policy ${policyNumber} moved to ${agencyName} as broker of record from ${date}.`,
} as const;
