/**
 * Which catalogue coverage each endorsement of a product's eligibility object stands for (spec 002
 * section 6: 'Coverage availability follows an endorsement eligibility object (computer funds transfer,
 * hardware replacement, post breach remediation, social engineering, telecoms fraud, website media
 * liability, dedicated breach costs)'). Post breach remediation has no coverage of its own in the
 * catalogue, so nothing is disabled for it.
 */
export const ENDORSEMENT_COVERAGE_KEYS: Readonly<Record<string, string>> = {
  computerFraudEndorsement: 'CYBER_CRIME',
  hardwareReplCostEndorsement: 'BRICKING',
  socialEngEndorsement: 'BUSINESS_IMPERSONATION',
  telecomsFraudEndorsement: 'UTILITY_FRAUD',
  websiteMediaContentLiabilityEndorsement: 'MEDIA_LIABILITY',
  dedicatedBreachCostsEndorsement: 'DEDICATED_BREACH_COSTS',
};
