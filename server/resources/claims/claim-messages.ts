/**
 * The definition a claim is checked against (definitions/forms/claim.json, with the edition's overlay). It
 * binds createClaim and updateClaim, so their bodies are checked automatically (server/form-check); filing
 * checks the stored data with it again.
 */
export const CLAIM_DEFINITION_ID = 'claim';

/** The claims operations' own answers (a refused save answers the definition's failureText, 'Error saving claim'). */
export const CLAIM_MESSAGES = {
  notFound: 'Claim not found.',
  accountNotFound: 'Account not found.',
  filedCannotBeDeleted: 'A filed claim cannot be deleted.',
  alreadyFiled: 'This claim has already been filed.',
  agencyOwnAccount: "A claim is reported for a client's account, not for the agency's own account.",
} as const;
