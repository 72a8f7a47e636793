/** What the extended reporting operations answer (the spec names the endpoints, not their texts). */
export const ERP_TEXTS = {
  notEnded: 'An extended reporting period can be bought once the policy has expired or been cancelled.',
  renewedOrFlat: 'A renewed, voided or flat cancelled policy has no extended reporting period.',
  tooLate: (lastDay: string) => `The extended reporting period had to be bought by ${lastDay}.`,
  alreadyBought: 'An extended reporting period was already bought for this policy.',
  unknownOption: 'Choose one of the extended reporting periods offered.',
  bought: (policyNumber: string, months: number, endsOn: string) => `Extended reporting period of ${months} months bought for policy ${policyNumber}: claims may be reported until ${endsOn}.`,
  optionLabel: (months: number, premium: string) => `${months} months - ${premium}`,
} as const;
