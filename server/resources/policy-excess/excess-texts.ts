/** What the excess operations answer (the spec names the actions, not their texts; these follow its style). */
export const EXCESS_TEXTS = {
  notPrimary: 'An excess layer sits above a Prime 250 policy in force.',
  attachmentNotOffered: 'The Prime 250 Excess product does not attach above this policy\'s limit: an underwriter may write an ad-hoc excess layer.',
  unknownLimit: 'Choose one of the excess limits the product offers.',
  layerExists: 'The policy already has an excess layer in force at this attachment.',
  attachmentBelowLimit: 'An excess layer attaches at or above the policy\'s limit.',
  issued: (layerNumber: string, policyNumber: string) => `Excess layer ${layerNumber} issued above policy ${policyNumber}.`,
  layerNotFound: 'Excess layer not found.',
  alreadyRescinded: 'The excess layer was already rescinded.',
  rescinded: (layerNumber: string) => `Excess layer ${layerNumber} was rescinded; its premium is given back in full.`,
} as const;
