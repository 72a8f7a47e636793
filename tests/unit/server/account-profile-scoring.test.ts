import { describe, expect, test } from 'vitest';
import { QUOTABLE_STATUSES, type AccountStatus } from '../../../server/resources/accounts/account-status.ts';
import { changedRatingFields, productFamilyOf } from '../../../server/resources/accounts/quote-effects.ts';
import { domainSyntaxOf, enteredDomains } from '../../../server/resources/account-profile/domain-check.ts';
import { ELIGIBILITY_TEXTS, profileScoreOf, quoteEligibilityOf, type ProfileFacts } from '../../../server/resources/account-profile/profile-score.ts';
import { otherDomainsOf, withClearingRules, type ProfileValues } from '../../../server/resources/account-profile/profile-values.ts';
import { aggregateOf, industryAggregateOf, industryGroupOf, riskScoresOf, type RiskFacts } from '../../../server/resources/account-profile/risk-factors.ts';
import { AGGREGATE_WEIGHTS, INDUSTRY_BASELINES, RISK_ADJUSTMENTS, RISK_FACTORS, type RiskFactorId } from '../../../server/resources/account-profile/risk-model.ts';

/**
 * The account profile's scoring as data tables (json-logic's habit: [input, expected] rows): the profile
 * score, quote eligibility with the spec's texts, the industry groups, the risk model's adjustments and
 * aggregates, the domain syntax, the clearing rules and which changes touch quotes.
 */

const COMPLETE: ProfileFacts = {
  industryCode: '621210', revenue: 4_200_000, employees: 32, yearEstablished: 2009, domainName: 'northwinddental.com', noDomainAttested: false,
  address1: '75 Market Street', city: 'Portland', zipCode: '04101',
};

describe('the profile score', () => {
  test.each<[string, Partial<ProfileFacts>, number, string[]]>([
    ['a complete profile', {}, 6, []],
    ['no revenue', { revenue: null }, 5, ['Revenue']],
    ['no domain but the attestation that there is none', { domainName: null, noDomainAttested: true }, 6, []],
    ['no domain and no attestation', { domainName: null }, 5, ['Primary domain, or the attestation that there is none']],
    ['a blank industry code counts as none', { industryCode: '  ' }, 5, ['Industry code']],
    ['zero employees counts as none', { employees: 0 }, 5, ['Number of employees']],
    ['no address city', { city: null }, 5, ['Business address']],
    ['a new account from the dialog: industry, domain and address', { revenue: null, employees: null, yearEstablished: null }, 3,
      ['Revenue', 'Number of employees', 'Year established']],
    ['nothing at all', { industryCode: null, revenue: null, employees: null, yearEstablished: null, domainName: null, address1: null }, 0,
      ['Industry code', 'Revenue', 'Number of employees', 'Year established', 'Primary domain, or the attestation that there is none', 'Business address']],
  ])('%s (%o) scores %d', (_, change, score, missing) => {
    expect(profileScoreOf({ ...COMPLETE, ...change })).toEqual({ score, max: 6, missing });
  });
});

describe('quote eligibility', () => {
  test.each<[AccountStatus, number, boolean, string | null]>([
    ['Open', 6, true, null],
    ['Open', 4, true, null],
    ['Open', 3, false, ELIGIBILITY_TEXTS.needsMoreInformation],
    ['Quoted', 4, true, null],
    ['Active Policy', 5, true, null],
    ['Declined', 6, false, ELIGIBILITY_TEXTS.notEligible],
    ['Lost', 0, false, ELIGIBILITY_TEXTS.notEligible],
    ['Inactive', 6, false, ELIGIBILITY_TEXTS.notEligible],
  ])('%s with score %i: %s', (status, score, canRequestQuote, reason) => {
    expect(quoteEligibilityOf(status, score)).toEqual({ canRequestQuote, reason });
  });

  test('uses the spec’s texts and statuses', () => {
    expect(ELIGIBILITY_TEXTS).toEqual({
      needsMoreInformation: 'Account needs more information to enable Request Quote',
      notEligible: 'Account is not eligible to Request Quote',
    });
    expect([...QUOTABLE_STATUSES]).toEqual(['Open', 'Quoted', 'Active Policy']);
  });
});

describe('industry groups', () => {
  test.each<['us' | 'uk', string | null, string]>([
    ['us', '621210', 'healthcare'],
    ['us', '541511', 'technology'],
    ['us', '541940', 'healthcare'],
    ['us', '541110', 'professional'],
    ['us', '522130', 'finance'],
    ['us', '332710', 'manufacturing'],
    ['us', '484110', 'transport'],
    ['us', '722511', 'hospitality'],
    ['us', '99', 'other'],
    ['us', null, 'other'],
    ['uk', '86230', 'healthcare'],
    ['uk', '62012', 'technology'],
    ['uk', '1110', 'other'],
    ['uk', '25620', 'manufacturing'],
    ['uk', '69102', 'professional'],
  ])('%s %s is %s', (edition, code, group) => {
    expect(industryGroupOf(edition, code)).toBe(group);
  });
});

const BASE_FACTS: RiskFacts = {
  edition: 'us', industryCode: '621210', employees: 32, revenue: 4_200_000, yearsInBusiness: 17, noDomainAttested: false, otherDomains: 1, scan: null,
  incidentResponsePlan: null, personalRecords: null, isFranchise: false, franchiseSystemConnectivity: null, entityType: 'Independent',
  percentInternationalSales: null, changeInScope: null, security: {},
};
const CLEAN_SCAN = {
  certificateValid: true, spfPublished: true, dmarcEnforced: true, remoteDesktopExposed: false, webServerSupported: true, credentialsBreached: false, allPassed: true,
};
const scoreOf = (facts: Partial<RiskFacts>, id: RiskFactorId) => riskScoresOf({ ...BASE_FACTS, ...facts }).factors.find((factor) => factor.id === id)!.score;

describe('the risk model', () => {
  test('its weights add up to 100 and every baseline lists the eight factors within 0..100', () => {
    expect(Object.values(AGGREGATE_WEIGHTS).reduce((sum, weight) => sum + weight, 0)).toBe(100);
    for (const baseline of Object.values(INDUSTRY_BASELINES)) {
      expect(baseline).toHaveLength(RISK_FACTORS.length);
      for (const value of baseline) expect(value >= 0 && value <= 100).toBe(true);
    }
    expect(new Set(RISK_ADJUSTMENTS.map((adjustment) => adjustment.id)).size).toBe(RISK_ADJUSTMENTS.length);
  });

  // [what the account has, factor, points against the account without it]
  test.each<[string, Partial<RiskFacts>, RiskFactorId, number]>([
    ['remote desktop reachable', { scan: { ...CLEAN_SCAN, allPassed: false, remoteDesktopExposed: true } }, 'networkSecurity', -25],
    ['remote desktop reachable', { scan: { ...CLEAN_SCAN, allPassed: false, remoteDesktopExposed: true } }, 'cyberExtortion', -20],
    ['DMARC not enforced', { scan: { ...CLEAN_SCAN, allPassed: false, dmarcEnforced: false } }, 'fundsTransfer', -18],
    ['breached credentials', { scan: { ...CLEAN_SCAN, allPassed: false, credentialsBreached: true } }, 'darkIntelligence', -25],
    ['a clean scan', { scan: CLEAN_SCAN }, 'networkSecurity', 10],
    ['an incident response plan', { incidentResponsePlan: true }, 'cyberExtortion', 10],
    ['no incident response plan', { incidentResponsePlan: false }, 'compliance', -8],
    ['a million personal records', { personalRecords: 1_000_000 }, 'compliance', -15],
    ['300,000 personal records', { personalRecords: 300_000 }, 'compliance', -8],
    ['a connected franchise', { isFranchise: true, franchiseSystemConnectivity: true }, 'supplyChain', -15],
    ['a subsidiary', { entityType: 'Subsidiary' }, 'supplyChain', -6],
    ['300 employees (against 32)', { employees: 300 }, 'endpointSecurity', -10],
    ['12 employees (against 32)', { employees: 12 }, 'endpointSecurity', 4],
    ['60 employees (against 32)', { employees: 60 }, 'endpointSecurity', -4],
    ['revenue of 60 million', { revenue: 60_000_000 }, 'cyberExtortion', -10],
    ['two years in business', { yearsInBusiness: 2 }, 'compliance', -6],
    ['MFA in place', { security: { mfa: true } }, 'networkSecurity', 6],
    ['MFA answered no (no credit, no penalty)', { security: { mfa: false } }, 'networkSecurity', 0],
    ['no primary domain, attested', { noDomainAttested: true }, 'cloudSecurity', 6],
  ])('%s (%o on %s by %d)', (_, facts, factor, points) => {
    expect(scoreOf(facts, factor) - scoreOf({}, factor)).toBe(points);
  });

  test('keeps every score within 0..100 and says why', () => {
    const worst = riskScoresOf({
      ...BASE_FACTS, industryCode: '611110', employees: 5000, revenue: 900_000_000, yearsInBusiness: 1, otherDomains: 9, incidentResponsePlan: false,
      personalRecords: 5_000_000, isFranchise: true, franchiseSystemConnectivity: true, entityType: 'Branch', percentInternationalSales: 60, changeInScope: true,
      scan: { certificateValid: false, spfPublished: false, dmarcEnforced: false, remoteDesktopExposed: true, webServerSupported: false, credentialsBreached: true, allPassed: false },
    });
    for (const factor of worst.factors) {
      expect(factor.score >= 0 && factor.score <= 100).toBe(true);
      expect(factor.why).toMatch(/^Starts at \d+, typical of education\. /);
    }
    expect(worst.companyAggregate).toBeLessThan(industryAggregateOf('education'));
    expect(riskScoresOf(BASE_FACTS)).toEqual(riskScoresOf({ ...BASE_FACTS }));
  });

  test('aggregates by the weights', () => {
    const all = (value: number) => Object.fromEntries(RISK_FACTORS.map((id) => [id, value])) as Record<RiskFactorId, number>;
    expect(aggregateOf(all(70))).toBe(70);
    expect(aggregateOf({ ...all(50), networkSecurity: 100 })).toBe(59);
    expect(industryAggregateOf('finance')).toBe(64);
  });
});

describe('domains', () => {
  test.each<[string, string | null]>([
    ['example.com', 'example.com'],
    ['https://www.Example.com/about', 'example.com'],
    ['http://shop.example.co.uk:8080/', 'shop.example.co.uk'],
    ['example', null],
    ['exa mple.com', null],
    ['-bad.com', null],
    ['intranet.test', null],
    ['printer.local', null],
    ['a.b', null],
  ])('%s is %s', (entered, domain) => {
    expect(domainSyntaxOf(entered)).toBe(domain);
  });

  test('splits on commas, leaving out blanks, and keeps the primary domain out of the others', () => {
    expect(enteredDomains(' a.com, ,b.com,')).toEqual(['a.com', 'b.com']);
    expect(otherDomainsOf('https://a.com, b.com, B.com', 'a.com')).toEqual(['b.com']);
  });
});

describe('the clearing rules and what touches quotes', () => {
  const VALUES = { primaryNaicsPercentage: 80, secondIndustryCode: '339116', isFranchise: true, franchiseSystemConnectivity: true,
    collectingPersonalInformation: true, numberOfPersonalRecords: 300_000, changeInScope: true, changeInScopeDetail: 'Merger' } as unknown as ProfileValues;

  test.each<[string, Partial<ProfileValues>, Partial<ProfileValues>]>([
    ['all answered yes: nothing cleared', {}, VALUES],
    ['primary 100%: no secondary code', { primaryNaicsPercentage: 100 }, { secondIndustryCode: null }],
    ['not a franchise: no connectivity answer', { isFranchise: false }, { franchiseSystemConnectivity: null }],
    ['franchise unanswered: no connectivity answer', { isFranchise: null }, { franchiseSystemConnectivity: null }],
    ['not collecting: no record count', { collectingPersonalInformation: false }, { numberOfPersonalRecords: null }],
    ['no change in scope: no detail', { changeInScope: false }, { changeInScopeDetail: null }],
  ])('%s', (_, change, expected) => {
    expect(withClearingRules({ ...VALUES, ...change })).toMatchObject(expected);
  });

  test.each<[Record<string, unknown>, Record<string, unknown>, string[]]>([
    [{ revenue: 1 }, { revenue: 2 }, ['revenue']],
    [{ name: 'Acme  Ltd' }, { name: 'acme ltd' }, []],
    [{ domainName: null }, { domainName: '' }, []],
    [{ zipCode: '04101', state: 'ME' }, { zipCode: '03101', state: 'NH' }, ['state', 'zipCode']],
    [{ phone: '1' }, { phone: '2' }, []],
  ])('%j to %j changes %j', (before, after, changed) => {
    expect(changedRatingFields(before, after)).toEqual(changed);
  });

  test.each<[string, 'P100' | 'P250']>([['P100', 'P100'], ['P100_PRO', 'P100'], ['P_ONE', 'P100'], ['P250', 'P250'], ['P250_S', 'P250'], ['PRIME_CLOUD', 'P250'], ['P_ONE_PLUS', 'P250']])(
    '%s is of the %s family',
    (product, family) => expect(productFamilyOf(product)).toBe(family),
  );
});
