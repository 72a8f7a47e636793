import type { JsonLogic } from '../../../engine/index.ts';

/**
 * The risk-factor model as data, in one place (spec 002 section 2 'Risk factor panels show scores 0 to 100
 * for network security, cloud security, endpoint security, dark intelligence, funds transfer, cyber
 * extortion, compliance, supply chain, and company, industry and portfolio aggregates'). The spec does not
 * show how the scores are made; this model is ours and deliberately plain: each industry group starts from a
 * baseline per factor, and each adjustment below (a json-logic test over the account's facts, see
 * risk-factors.ts) adds or takes points with the reason it gives. Higher is better: 100 is the strongest
 * posture, 0 the weakest. Nothing here is live third-party data: the domain checks are the local scan's.
 */

export const RISK_FACTORS = [
  'networkSecurity', 'cloudSecurity', 'endpointSecurity', 'darkIntelligence', 'fundsTransfer', 'cyberExtortion', 'compliance', 'supplyChain',
] as const;
export type RiskFactorId = (typeof RISK_FACTORS)[number];

export const RISK_FACTOR_LABELS: Readonly<Record<RiskFactorId, string>> = {
  networkSecurity: 'Network Security',
  cloudSecurity: 'Cloud Security',
  endpointSecurity: 'Endpoint Security',
  darkIntelligence: 'Dark Intelligence',
  fundsTransfer: 'Funds Transfer',
  cyberExtortion: 'Cyber Extortion',
  compliance: 'Compliance',
  supplyChain: 'Supply Chain',
};

/** The company aggregate's weight of each factor, in per cent (they add up to 100). */
export const AGGREGATE_WEIGHTS: Readonly<Record<RiskFactorId, number>> = {
  networkSecurity: 18,
  cloudSecurity: 10,
  endpointSecurity: 14,
  darkIntelligence: 12,
  fundsTransfer: 12,
  cyberExtortion: 16,
  compliance: 10,
  supplyChain: 8,
};

export type IndustryGroup =
  | 'healthcare' | 'finance' | 'technology' | 'professional' | 'manufacturing' | 'retail' | 'transport' | 'hospitality' | 'construction'
  | 'education' | 'public' | 'other';

export const INDUSTRY_GROUP_LABELS: Readonly<Record<IndustryGroup, string>> = {
  healthcare: 'health care', finance: 'finance and insurance', technology: 'technology and information', professional: 'professional services',
  manufacturing: 'manufacturing', retail: 'retail and wholesale', transport: 'transport and logistics', hospitality: 'hospitality and leisure',
  construction: 'construction', education: 'education', public: 'public sector and utilities', other: 'other industries',
};

/**
 * Each group's starting score per factor, in RISK_FACTORS order: what a typical organisation of the group
 * scores before anything about this account is known (also the industry aggregate's inputs).
 */
export const INDUSTRY_BASELINES: Readonly<Record<IndustryGroup, readonly number[]>> = {
  healthcare: [62, 60, 58, 55, 66, 50, 48, 64],
  finance: [72, 70, 70, 58, 52, 64, 60, 66],
  technology: [70, 56, 68, 60, 68, 66, 66, 58],
  professional: [66, 66, 62, 64, 58, 64, 64, 70],
  manufacturing: [58, 70, 56, 68, 68, 52, 72, 54],
  retail: [60, 64, 60, 56, 58, 60, 58, 62],
  transport: [56, 66, 56, 66, 62, 54, 70, 52],
  hospitality: [54, 68, 54, 58, 56, 58, 62, 64],
  construction: [58, 72, 58, 70, 60, 60, 74, 62],
  education: [54, 62, 52, 56, 66, 52, 56, 66],
  public: [60, 64, 58, 62, 62, 56, 58, 64],
  other: [62, 66, 60, 64, 62, 60, 66, 64],
};

/** US NAICS: by the first four digits when listed, else the first two (the sector). */
export const NAICS_GROUPS: Readonly<Record<string, IndustryGroup>> = {
  '11': 'other', '21': 'other', '22': 'public', '23': 'construction', '31': 'manufacturing', '32': 'manufacturing', '33': 'manufacturing',
  '42': 'retail', '44': 'retail', '45': 'retail', '48': 'transport', '49': 'transport', '51': 'technology', '52': 'finance',
  '53': 'professional', '54': 'professional', '5415': 'technology', '5419': 'healthcare', '55': 'finance', '56': 'professional',
  '61': 'education', '62': 'healthcare', '71': 'hospitality', '72': 'hospitality', '81': 'other', '92': 'public',
};

/** UK SIC 2007: by division (the first two of the five digits), as ranges [from, to, group]. */
export const SIC_DIVISION_GROUPS: ReadonlyArray<readonly [number, number, IndustryGroup]> = [
  [1, 9, 'other'], [10, 33, 'manufacturing'], [35, 39, 'public'], [41, 43, 'construction'], [45, 47, 'retail'], [49, 53, 'transport'],
  [55, 56, 'hospitality'], [58, 63, 'technology'], [64, 66, 'finance'], [68, 68, 'professional'], [69, 74, 'professional'],
  [75, 75, 'healthcare'], [77, 82, 'professional'], [84, 84, 'public'], [85, 85, 'education'], [86, 88, 'healthcare'],
  [90, 93, 'hospitality'], [94, 99, 'other'],
];

export interface RiskAdjustment {
  id: string;
  /** json-logic over the facts (risk-factors.ts RiskFacts); the adjustment applies while it holds. */
  when: JsonLogic;
  /** Points added (negative: taken) per factor. */
  points: Partial<Record<RiskFactorId, number>>;
  /** The reason, as the factor's 'why' shows it. */
  why: string;
}

const scan = (check: string) => ({ var: `scan.${check}` });

export const RISK_ADJUSTMENTS: readonly RiskAdjustment[] = [
  { id: 'rdp-exposed', when: { '===': [scan('remoteDesktopExposed'), true] }, points: { networkSecurity: -25, cyberExtortion: -20, endpointSecurity: -8 },
    why: 'Remote desktop (port 3389) is reachable from the internet' },
  { id: 'tls-invalid', when: { '===': [scan('certificateValid'), false] }, points: { networkSecurity: -10, cloudSecurity: -8 },
    why: 'The web certificate is expired or self-signed' },
  { id: 'dmarc-missing', when: { '===': [scan('dmarcEnforced'), false] }, points: { fundsTransfer: -18, darkIntelligence: -5 },
    why: 'DMARC is not enforced, so the domain can be spoofed in payment fraud' },
  { id: 'spf-missing', when: { '===': [scan('spfPublished'), false] }, points: { fundsTransfer: -8 },
    why: 'No SPF record is published for the domain' },
  { id: 'eol-web-server', when: { '===': [scan('webServerSupported'), false] }, points: { networkSecurity: -10, endpointSecurity: -10, cloudSecurity: -5 },
    why: 'The web server runs an end-of-life version' },
  { id: 'breached-credentials', when: { '===': [scan('credentialsBreached'), true] }, points: { darkIntelligence: -25, fundsTransfer: -6 },
    why: 'Addresses of the domain appear in breach lists' },
  { id: 'clean-scan', when: { '===': [scan('allPassed'), true] }, points: { networkSecurity: 10, darkIntelligence: 8 },
    why: 'Every check of the domain scan passed' },
  { id: 'no-domain', when: { '===': [{ var: 'noDomainAttested' }, true] }, points: { networkSecurity: 4, cloudSecurity: 6, darkIntelligence: 6 },
    why: 'No public web domain: a small attack surface' },
  { id: 'many-domains', when: { '>=': [{ var: 'otherDomains' }, 3] }, points: { cloudSecurity: -6, networkSecurity: -4 },
    why: 'Several domains to keep secure' },
  { id: 'large-workforce', when: { '>=': [{ var: 'employees' }, 250] }, points: { endpointSecurity: -10, darkIntelligence: -6 },
    why: '250 or more employees: many endpoints and users to protect' },
  { id: 'mid-workforce', when: { and: [{ '>=': [{ var: 'employees' }, 50] }, { '<': [{ var: 'employees' }, 250] }] }, points: { endpointSecurity: -4 },
    why: '50 to 249 employees: a sizeable fleet of endpoints' },
  { id: 'small-workforce', when: { and: [{ '>=': [{ var: 'employees' }, 1] }, { '<': [{ var: 'employees' }, 20] }] }, points: { endpointSecurity: 4 },
    why: 'Fewer than 20 employees: few endpoints to manage' },
  { id: 'high-revenue', when: { '>=': [{ var: 'revenue' }, 50_000_000] }, points: { cyberExtortion: -10, fundsTransfer: -6 },
    why: 'Revenue of 50 million or more makes it an attractive target for extortion and payment fraud' },
  { id: 'mid-revenue', when: { and: [{ '>=': [{ var: 'revenue' }, 10_000_000] }, { '<': [{ var: 'revenue' }, 50_000_000] }] }, points: { cyberExtortion: -4 },
    why: 'Revenue between 10 and 50 million draws the attention of extortion groups' },
  { id: 'young-business', when: { and: [{ '!==': [{ var: 'yearsInBusiness' }, null] }, { '<': [{ var: 'yearsInBusiness' }, 3] }] }, points: { compliance: -6, supplyChain: -4 },
    why: 'Established less than three years ago' },
  { id: 'established-business', when: { '>=': [{ var: 'yearsInBusiness' }, 20] }, points: { compliance: 4 },
    why: 'In business for 20 years or more' },
  { id: 'incident-response-plan', when: { '===': [{ var: 'incidentResponsePlan' }, true] }, points: { cyberExtortion: 10, compliance: 8 },
    why: 'A written incident response plan' },
  { id: 'no-incident-response-plan', when: { '===': [{ var: 'incidentResponsePlan' }, false] }, points: { cyberExtortion: -10, compliance: -8 },
    why: 'No written incident response plan' },
  { id: 'many-personal-records', when: { '>=': [{ var: 'personalRecords' }, 1_000_000] }, points: { compliance: -15, darkIntelligence: -6 },
    why: 'Holds a million or more personal records' },
  { id: 'personal-records', when: { and: [{ '>=': [{ var: 'personalRecords' }, 250_000] }, { '<': [{ var: 'personalRecords' }, 1_000_000] }] }, points: { compliance: -8 },
    why: 'Holds 250,000 or more personal records' },
  { id: 'franchise-connected', when: { and: [{ '===': [{ var: 'isFranchise' }, true] }, { '===': [{ var: 'franchiseSystemConnectivity' }, true] }] },
    points: { supplyChain: -15, networkSecurity: -5 }, why: "Connected to a franchisor's systems" },
  { id: 'shares-parent-systems', when: { in: [{ var: 'entityType' }, ['Subsidiary', 'Branch']] }, points: { supplyChain: -6 },
    why: 'Shares systems with a parent organisation' },
  { id: 'international-sales', when: { '>': [{ var: 'percentInternationalSales' }, 25] }, points: { compliance: -6 },
    why: 'More than a quarter of sales abroad: several privacy regimes apply' },
  { id: 'change-in-scope', when: { '===': [{ var: 'changeInScope' }, true] }, points: { supplyChain: -6, compliance: -4 },
    why: 'A material change in operations (a merger, acquisition or new line of business)' },
  // Security answers given on a quote's questionnaire, when the account has any (true is a good answer).
  { id: 'mfa-in-place', when: { '===': [{ var: 'security.mfa' }, true] }, points: { networkSecurity: 6, darkIntelligence: 6, cloudSecurity: 6 },
    why: 'Multi-factor authentication is in place' },
  { id: 'backups-tested', when: { '===': [{ var: 'security.backups' }, true] }, points: { cyberExtortion: 8 },
    why: 'Backups are taken and kept apart from the network' },
  { id: 'payment-callbacks', when: { '===': [{ var: 'security.fundsVerification' }, true] }, points: { fundsTransfer: 10 },
    why: 'Payment instructions are verified by call-back' },
  { id: 'edr-in-place', when: { '===': [{ var: 'security.edr' }, true] }, points: { endpointSecurity: 10 },
    why: 'Endpoint detection and response is deployed' },
];
