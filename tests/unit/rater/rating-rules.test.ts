import { describe, expect, it } from 'vitest';
import { irpmModifier, rateQuote, validateIrpm, irpmBoundsOf, irpmBoundsFor, tableInForce, type RatingInput, type RatingRefusalCode } from '../../../engine/index.ts';
import { expectRated, raterFor, sampleInput } from './rater-support.ts';

const with_ = (id: string, change: Partial<RatingInput>): RatingInput => ({ ...sampleInput(id), ...change });

describe('rating tables: the version in force on the effective date', () => {
  // The base-rate table has two versions: 2026-01-01 and 2027-01-01 (6% higher).
  const CASES: [string, string | null, string][] = [
    ['2026-01-01', 'rating-us-base-rate-2026@1', '1710.00'],
    ['2026-12-31', 'rating-us-base-rate-2026@1', '1710.00'],
    ['2027-01-01', 'rating-us-base-rate-2027@1', '1812.60'],
    ['2028-06-30', 'rating-us-base-rate-2027@1', '1812.60'],
  ];
  it.each(CASES)('a quote effective %s rates with %s', (effectiveDate, version, basePremium) => {
    const result = expectRated(rateQuote(with_('p250-popular-ny', { effectiveDate }), raterFor('us')));
    expect(result.tableVersions['us-base-rate']).toBe(version);
    expect(result.trace[0]!.source.table).toBe(version);
    expect(result.trace[0]!.factor).toBe(basePremium);
  });

  it('a quote effective before the first version is refused, naming the table', () => {
    const outcome = rateQuote(with_('p250-popular-ny', { effectiveDate: '2025-12-31' }), raterFor('us'));
    expect(outcome).toEqual({
      ok: false,
      code: 'no-table-in-force',
      field: 'effectiveDate',
      reason: 'No version of rating table us-industry-class is in force on 2025-12-31; the first takes effect on 2026-01-01.',
    });
  });

  it('tableInForce picks by effective date, not by the order of definitions', () => {
    expect(tableInForce(raterFor('us'), 'us-base-rate', '2027-03-01').id).toBe('rating-us-base-rate-2027');
    expect(tableInForce(raterFor('us'), 'us-base-rate', '2026-03-01').id).toBe('rating-us-base-rate-2026');
  });
});

describe('IRPM modifier: 1 + sum of percentages / 100, to 10 decimals', () => {
  const CASES: [Record<string, number>, string][] = [
    [{}, '1.0000000000'],
    [{ companyStability: 5 }, '1.0500000000'],
    [{ companyStability: -5, dcmPractices: 2.5 }, '0.9750000000'],
    [{ companyStability: 0.1, drPlanning: 0.2 }, '1.0030000000'],
    [{ securityAwareness: 1 / 3 }, '1.0033333333'],
    [{ financialCondition: 15, managementExperience: 15, managementOfContent: 15 }, '1.4500000000'],
    [{ companyStability: -15, dcmPractices: -15, drPlanning: -15, securityAwareness: -15, financialCondition: -15, managementExperience: -15, managementOfContent: -15 }, '-0.0500000000'],
  ];
  it.each(CASES)('%j gives %s', (percentages, expected) => {
    expect(irpmModifier(percentages)).toBe(expected);
  });

  it('the modifier multiplies the premium, shown in the trace with its 10 decimals', () => {
    const plain = expectRated(rateQuote(sampleInput('p250-popular-ny'), raterFor('us')));
    const modified = expectRated(rateQuote(with_('p250-popular-ny', { irpm: { companyStability: -5, securityAwareness: 2.5 } }), raterFor('us')));
    expect(modified.irpmModifier).toBe('0.9750000000');
    expect(plain.irpmModifier).toBe('1.0000000000');
    const step = modified.trace.find((entry) => entry.step === 'IRPM modifier');
    expect(step).toMatchObject({ operation: 'multiply', factor: '0.9750000000', source: { table: 'rating-us-irpm-bounds@1', row: 'sum of 2 characteristics -2.5%' } });
    // 2,226.10 (unmodified, before fees) x 0.975 = 2,170.4475
    expect(modified.premium).toBe('2170.45');
  });

  const bounds = irpmBoundsOf(raterFor('us').tables.get('us-irpm-bounds')![0]!);
  const VALIDATION: [Record<string, unknown>, Record<string, string>][] = [
    [{ companyStability: 15, dcmPractices: -15 }, {}],
    [{ companyStability: 15.5 }, { companyStability: 'Invalid' }],
    [{ drPlanning: -16, securityAwareness: 3 }, { drPlanning: 'Invalid' }],
    [{ unknownThing: 1 }, { unknownThing: 'Invalid' }],
    [{ financialCondition: 'abc' }, { financialCondition: 'Invalid' }],
    [{ managementOfContent: null, managementExperience: '' }, {}],
  ];
  it.each(VALIDATION)('bounds check of %j', (values, errors) => {
    expect(validateIrpm(values, bounds)).toEqual(errors);
  });

  it('the bounds of a product on a date: seeded -15% to +15% for each of the seven characteristics', () => {
    const bounds = irpmBoundsFor(raterFor('uk'), 'P_ONE_PLUS', '2026-12-01');
    expect(bounds.map((bound) => bound.characteristic)).toEqual(['companyStability', 'dcmPractices', 'drPlanning', 'securityAwareness', 'financialCondition', 'managementExperience', 'managementOfContent']);
    expect(bounds.every((bound) => bound.min === -15 && bound.max === 15)).toBe(true);
  });

  it('a modifier outside its bounds refuses the rating', () => {
    expect(rateQuote(with_('p250-popular-ny', { irpm: { companyStability: 20 } }), raterFor('us'))).toMatchObject({ ok: false, code: 'invalid-irpm', field: 'irpm.companyStability' });
  });
});

describe('fees and taxes', () => {
  it('P250 Surplus in Texas: surplus lines tax 4.85% and stamping fee 0.04% of premium plus fees', () => {
    const result = expectRated(rateQuote(sampleInput('p250-surplus-tx'), raterFor('us')));
    // premium 10,686.53 + fees 50.00 + 150.00 = 10,886.53; x 4.85% = 527.996...; x 0.04% = 4.354...
    expect(result).toMatchObject({ premium: '10686.53', fees: '200.00', surplusLineTax: '528.00', surplusStampingFee: '4.35', totalPremium: '11418.88' });
    expect(result.tableVersions['us-surplus-lines-tax']).toBe('rating-us-surplus-lines-tax@1');
    expect(result.trace.slice(-2).map((step) => [step.step, step.operation, step.source.row, step.amount])).toEqual([
      ['Surplus lines: surplus lines tax', 'tax', 'region TX', '528.00'],
      ['Surplus lines: stamping fee', 'tax', 'region TX', '4.35'],
    ]);
  });

  it('an admitted P250 switched to surplus pays the surplus fee and tax of its state', () => {
    const admitted = expectRated(rateQuote(sampleInput('p250-popular-ny'), raterFor('us')));
    const surplus = expectRated(rateQuote(with_('p250-popular-ny', { isSurplus: true }), raterFor('us')));
    expect(admitted).toMatchObject({ fees: '50.00', surplusLineTax: '0.00', surplusStampingFee: '0.00' });
    // 2,226.10 + 200.00 = 2,426.10; NY 3.6% = 87.3396; stamping 0.15% = 3.63915
    expect(surplus).toMatchObject({ premium: '2226.10', fees: '200.00', surplusLineTax: '87.34', surplusStampingFee: '3.64', totalPremium: '2517.08' });
  });

  it('UK products pay insurance premium tax at 12% of premium plus fees, no surplus lines tax', () => {
    const result = expectRated(rateQuote(sampleInput('prime-one-eng'), raterFor('uk')));
    // 653.60 + 25.00 = 678.60 x 12% = 81.432
    expect(result).toMatchObject({ currency: 'GBP', premium: '653.60', fees: '25.00', premiumTax: '81.43', surplusLineTax: '0.00', totalPremium: '760.03' });
  });

  it('a UK product cannot be switched to surplus lines', () => {
    expect(rateQuote(with_('prime-one-eng', { isSurplus: true }), raterFor('uk'))).toMatchObject({ ok: false, code: 'invalid-option', field: 'isSurplus' });
  });
});

describe('security answers', () => {
  it('credits are summed and capped at -15%', () => {
    const answers = { training: 'Yes', mfaEmail: 'YES', mfaRemoteAccess: true, mfaAdminAccounts: 'YES', edr: 'YES', dmzSeparation: true, testedFullFailover: true, backupFrequency: 'WEEKLY' };
    const result = expectRated(rateQuote(with_('p250-popular-ny', { securityAnswers: answers }), raterFor('us')));
    const step = result.trace.find((entry) => entry.step === 'Security credits')!;
    expect(step.factor).toBe('0.85');
    expect(step.source.row).toMatch(/capped at -15%$/);
  });

  it('a debit for no backups raises the premium', () => {
    const result = expectRated(rateQuote(with_('p250-popular-ny', { securityAnswers: { backupFrequency: 'NEVER' }, coverages: {} }), raterFor('us')));
    expect(result.trace.find((entry) => entry.step === 'Security credits')).toMatchObject({ factor: '1.15', source: { row: 'backupFrequency=NEVER (15%)' } });
  });
});

describe('refusals: a typed answer with a sentence, never a throw', () => {
  const CASES: [string, string, Partial<RatingInput>, RatingRefusalCode, string | undefined, RegExp][] = [
    ['a product of the other edition', 'p250-popular-ny', { product: 'P_ONE' }, 'product-not-offered', 'product', /^Prime One is not offered in the US edition\.$/],
    ['an unknown product', 'p250-popular-ny', { product: 'NotSupported' }, 'unknown-product', 'product', /no product NotSupported/],
    ['a limit outside the options', 'p250-popular-ny', { aggLimit: 7000000 }, 'invalid-option', 'aggLimit', /Limit 7,000,000 is not offered for Prime 250/],
    ['a retention outside the options', 'p250-popular-ny', { deductible: 3000 }, 'invalid-option', 'deductible', /Retention 3,000/],
    ['a waiting period outside the options', 'p250-popular-ny', { waitingPeriod: 48 }, 'invalid-option', 'waitingPeriod', /Waiting period 48/],
    ['revenue above the product', 'p100-minimal', { revenue: 150000000 }, 'revenue-out-of-range', 'revenue', /Revenue of 150,000,000 is above the 100,000,000 Prime 100 accepts/],
    ['an excluded industry', 'p250-popular-ny', { industryCode: '713210' }, 'industry-not-eligible', 'industryCode', /not available for industry code 713210/],
    ['an unknown state', 'p250-popular-ny', { riskState: 'ZZ' }, 'region-not-supported', 'riskState', /no rates for ZZ/],
    ['a coverage the product does not sell', 'p100-minimal', { coverages: { '30': { selected: true } } }, 'coverage-not-offered', 'coverages.30', /Technology Errors and Omissions \(coverage 30\) is not offered with Prime 100/],
    ['an unknown coverage', 'p100-minimal', { coverages: { '999': { selected: true } } }, 'unknown-coverage', 'coverages.999', /no coverage 999/],
    ['a mandatory coverage unselected', 'p100-minimal', { coverages: { '0': { selected: false } } }, 'mandatory-coverage', 'coverages.0', /Security Breach Liability \(coverage 0\) is mandatory/],
    ['a coverage limit above the aggregate', 'p250-popular-ny', { coverages: { '11': { selected: true, limit: 2000000 } } }, 'invalid-option', 'coverages.11.limit', /Limit 2,000,000 is not offered for Contingent Business Income/],
    ['cyber crime with answers that do not qualify', 'p250-popular-ny', { securityAnswers: { isVerifyingBankAccounts: true, isAuthenticatingFundTransferRequests: false, isPreventingUnauthorizedWireTransfers: true } }, 'coverage-not-valid', 'coverages.24', /Cyber Crime Loss \(coverage 24\) cannot be chosen/],
    ['a date that is not a date', 'p250-popular-ny', { effectiveDate: '01/12/2026' }, 'invalid-input', 'effectiveDate', /not a YYYY-MM-DD date/],
    ['an input for the other edition', 'p250-popular-ny', { edition: 'uk' }, 'invalid-input', 'edition', /UK edition/],
    ['an industry code that is not digits', 'p250-popular-ny', { industryCode: 'abc' }, 'invalid-input', 'industryCode', /not 2 to 6 digits/],
  ];
  it.each(CASES)('%s', (_name, risk, change, code, field, reason) => {
    const outcome = rateQuote(with_(risk, change), raterFor('us'));
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.code).toBe(code);
    expect(outcome.field).toBe(field);
    expect(outcome.reason).toMatch(reason);
  });

  it('UK wording: turnover and excess', () => {
    expect(rateQuote(with_('prime-one-eng', { revenue: 60000000 }), raterFor('uk'))).toMatchObject({ ok: false, reason: 'Turnover of 60,000,000 is above the 50,000,000 Prime One accepts.' });
    expect(rateQuote(with_('prime-one-eng', { deductible: 3000 }), raterFor('uk'))).toMatchObject({ ok: false, reason: expect.stringMatching(/^Excess 3,000 is not offered/) });
  });

  it('a US product is not offered in the UK edition', () => {
    expect(rateQuote(with_('prime-one-eng', { product: 'P250' }), raterFor('uk'))).toMatchObject({ ok: false, code: 'product-not-offered', reason: 'Prime 250 is not offered in the UK edition.' });
  });
});

describe("referral rules: a product's rules that send a quote to an underwriter", () => {
  const CASES: Array<[string, Partial<RatingInput>, string[]]> = [
    ['p250-popular-ny', {}, []],
    ['p250-popular-ny', { aggLimit: 3_000_000 }, []],
    ['p250-popular-ny', { aggLimit: 3_500_000 }, ['high-limit']],
    ['p250-popular-ny', { revenue: 250_000_001 }, ['large-revenue']],
    ['p250-popular-ny', { aggLimit: 5_000_000, revenue: 400_000_000 }, ['high-limit', 'large-revenue']],
    ['p250-surplus-tx', { aggLimit: 4_000_000 }, ['high-limit']],
    ['prime-one-eng', {}, []],
    ['prime-one-eng', { revenue: 30_000_000 }, ['large-turnover']],
    ['prime-one-plus-sct', { aggLimit: 3_500_000 }, ['high-limit']],
    ['prime-tech-co', { aggLimit: 5_000_000 }, []],
    // The security answers saved on the account refer too.
    ['p250-popular-ny', { securityAnswers: { backupFrequency: 'NEVER' } }, ['no-backups']],
    ['p250-popular-ny', { securityAnswers: { backupFrequency: 'WEEKLY', claimHistory: 1 } }, ['recent-claim']],
    ['p250-popular-ny', { securityAnswers: { claimHistory: 2 } }, []],
    ['p250-surplus-tx', { aggLimit: 4_000_000, securityAnswers: { backupFrequency: 'NEVER', claimHistory: '1' } }, ['high-limit', 'no-backups', 'recent-claim']],
    ['prime-one-eng', { securityAnswers: { backupFrequency: 'NEVER' } }, ['no-backups']],
    ['prime-tech-co', { securityAnswers: { backupFrequency: 'NEVER' } }, []],
  ];
  it.each(CASES)('%s with %j refers by %j', (id, change, rules) => {
    const input = with_(id, change);
    const result = expectRated(rateQuote(input, raterFor(input.edition)));
    expect(result.referrals.map((referral) => referral.id)).toEqual(rules);
  });

  it('gives the reason in the edition\'s words and money, and leaves the premium as rated', () => {
    const plain = expectRated(rateQuote(with_('prime-one-plus-sct', {}), raterFor('uk')));
    const referred = expectRated(rateQuote(with_('prime-one-plus-sct', { aggLimit: 3_500_000, revenue: 8_000_000 }), raterFor('uk')));
    expect(referred.referrals).toEqual([{ id: 'high-limit', reason: "An aggregate limit above £3,000,000 needs an underwriter's review." }]);
    expect(Number(referred.premium)).toBeGreaterThan(Number(plain.premium));
    expect(referred.trace.length).toBe(plain.trace.length);
  });
});
