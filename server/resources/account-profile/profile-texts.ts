/** The account profile's answers in the spec's words (spec 002 section 8), and ours where it shows none. */
export const PROFILE_TEXTS = {
  updated: 'Account Details Updated Successfully.',
  updateFailed: 'Not able to update account details at this time.Please try again later',
  noteFailed: 'Failed to save note',
  insuredUpdated: 'Additional insured successfully updated',
  insuredRemoved: 'Additional insured removed',
  otherEdition: (edition: 'us' | 'uk') => `This account belongs to the ${edition === 'uk' ? 'UK' : 'US'} console; change its details there.`,
} as const;
