import { describe, expect, it } from 'vitest';
import { rateQuote, type RatingResult } from '../../../engine/index.ts';
import { expectRated, raterFor, sampleInput, traceTriples } from './rater-support.ts';

type Totals = Pick<RatingResult, 'premium' | 'fees' | 'surplusLineTax' | 'surplusStampingFee' | 'premiumTax' | 'totalPremium' | 'currency'>;

/**
 * Every product of both editions rated from its shipped sample risk (definitions/rater/sample-risks.json)
 * with the illustrative tables: the premium, fees, taxes and the whole trace as [step, factor, running
 * premium]. A change to a rating table or to the rater's order of steps shows here as a changed row.
 */
const CASES: { risk: string; expected: Totals; trace: [string, string, string][] }[] = [
  {
    risk: 'p250-all-coverages',
    expected: { premium: '6689.76', fees: '50.00', surplusLineTax: '0.00', surplusStampingFee: '0.00', premiumTax: '0.00', totalPremium: '6739.76', currency: 'USD' },
    trace: [
      ['Base premium', '3455.00', '3455.00'],
      ['Product factor', '1', '3455.00'],
      ['Limit factor', '1.4', '4837.00'],
      ['Retention factor', '0.93', '4498.41'],
      ['Waiting period factor', '1', '4498.41'],
      ['Retroactive period factor', '1', '4498.41'],
      ['State factor', '1.15', '5173.17'],
      ['Coverage loading: Business Impersonation', '0.003750', '5192.57'],
      ['Coverage loading: Reputational Harm', '0.010000', '5244.30'],
      ['Coverage loading: Contingent Business Income', '0.050000', '5502.96'],
      ['Coverage loading: System Failure Business Income', '0.060000', '5813.35'],
      ['Coverage loading: Contingent System Failure', '0.022500', '5929.75'],
      ['Coverage loading: Cyber Crime Loss', '0.004375', '5952.38'],
      ['Coverage loading: Bricking', '0.005000', '5978.25'],
      ['Coverage loading: Criminal Reward', '0.000125', '5978.89'],
      ['Coverage loading: CCPA Fines and Penalties', '0.007500', '6017.69'],
      ['Coverage loading: GDPR Regulatory Liability', '0.015000', '6095.29'],
      ['Coverage loading: Utility Fraud', '0.000500', '6097.88'],
      ['Coverage loading: Website Media Content Liability', '0.050000', '6356.53'],
      ['Coverage loading: Full System Failure', '0.035000', '6537.60'],
      ['Coverage loading: Breach Fund Separate Limit', '0.020000', '6641.06'],
      ['Coverage loading: Dedicated Breach Costs', '0.002500', '6653.99'],
      ['Coverage loading: Service Fraud and Cryptojacking', '0.000750', '6657.87'],
      ['Coverage loading: Contingent Bodily Injury', '0.015000', '6735.47'],
      ['Coverage loading: Missed Bid', '0.001000', '6740.64'],
      ['Coverage loading: Contractual Damages', '0.030000', '6895.84'],
      ['Coverage loading: TRIA (Terrorism Risk Insurance Act)', '0.010000', '6947.57'],
      ['Coverage loading: Primary and Non-Contributory', '0.002500', '6960.50'],
      ['Coverage loading: Amendatory Endorsement: Construction', '0.005000', '6986.37'],
      ['Coverage loading: Amendatory Endorsement: Manufacturing', '0.005000', '7012.23'],
      ['Coverage loading: Additional Insured', '0.002500', '7025.17'],
      ['Coverage loading: Blanket Additional Insured', '0.005000', '7051.03'],
      ['Coverage loading: Waiver of Subrogation', '0.002500', '7063.97'],
      ['Coverage loading: Franchisor', '0.010000', '7115.70'],
      ['Coverage loading: Cyber Terrorism', '0.015000', '7193.29'],
      ['Security credits', '0.93', '6689.76'],
      ['Fee: Policy fee', '50.00', '6739.76'],
    ],
  },
  {
    risk: 'p250-popular-ny',
    expected: { premium: '2226.10', fees: '50.00', surplusLineTax: '0.00', surplusStampingFee: '0.00', premiumTax: '0.00', totalPremium: '2276.10', currency: 'USD' },
    trace: [
      ['Base premium', '1710.00', '1710.00'],
      ['Product factor', '1', '1710.00'],
      ['Limit factor', '1', '1710.00'],
      ['Retention factor', '0.93', '1590.30'],
      ['Waiting period factor', '1', '1590.30'],
      ['Retroactive period factor', '1', '1590.30'],
      ['State factor', '1.2', '1908.36'],
      ['Coverage loading: Business Impersonation', '0.007500', '1922.67'],
      ['Coverage loading: Reputational Harm', '0.020000', '1960.84'],
      ['Coverage loading: Contingent Business Income', '0.050000', '2056.26'],
      ['Coverage loading: System Failure Business Income', '0.060000', '2170.76'],
      ['Coverage loading: Cyber Crime Loss', '0.008750', '2187.46'],
      ['Coverage loading: Bricking', '0.010000', '2206.54'],
      ['Coverage loading: Criminal Reward', '0.000250', '2207.02'],
      ['Coverage loading: TRIA (Terrorism Risk Insurance Act)', '0.010000', '2226.10'],
      ['Fee: Policy fee', '50.00', '2276.10'],
    ],
  },
  {
    risk: 'p100-minimal',
    expected: { premium: '750.00', fees: '50.00', surplusLineTax: '0.00', surplusStampingFee: '0.00', premiumTax: '0.00', totalPremium: '800.00', currency: 'USD' },
    trace: [
      ['Base premium', '956.00', '956.00'],
      ['Product factor', '0.85', '812.60'],
      ['Limit factor', '0.75', '609.45'],
      ['Retention factor', '1.05', '639.92'],
      ['Waiting period factor', '1', '639.92'],
      ['Retroactive period factor', '1', '639.92'],
      ['State factor', '1', '639.92'],
      ['Minimum premium', '750.00', '750.00'],
      ['Fee: Policy fee', '50.00', '800.00'],
    ],
  },
  {
    risk: 'p250-surplus-tx',
    expected: { premium: '10686.53', fees: '200.00', surplusLineTax: '528.00', surplusStampingFee: '4.35', premiumTax: '0.00', totalPremium: '11418.88', currency: 'USD' },
    trace: [
      ['Base premium', '6020.00', '6020.00'],
      ['Product factor', '1.1', '6622.00'],
      ['Limit factor', '1.7', '11257.40'],
      ['Retention factor', '0.86', '9681.36'],
      ['Waiting period factor', '1', '9681.36'],
      ['Retroactive period factor', '1', '9681.36'],
      ['State factor', '1.05', '10165.43'],
      ['Coverage loading: Contingent Business Income', '0.050000', '10673.70'],
      ['Coverage loading: Cyber Crime Loss', '0.001262', '10686.53'],
      ['Fee: Policy fee', '50.00', '10736.53'],
      ['Fee: Surplus lines policy fee', '150.00', '10886.53'],
      ['Surplus lines: surplus lines tax', '0.0485', '11414.53'],
      ['Surplus lines: stamping fee', '0.0004', '11418.88'],
    ],
  },
  {
    risk: 'p250-excess-il',
    expected: { premium: '2500.00', fees: '50.00', surplusLineTax: '0.00', surplusStampingFee: '0.00', premiumTax: '0.00', totalPremium: '2550.00', currency: 'USD' },
    trace: [
      ['Base premium', '2190.00', '2190.00'],
      ['Product factor', '0.4', '876.00'],
      ['Limit factor', '2.17', '1900.92'],
      ['Attachment factor', '1', '1900.92'],
      ['State factor', '1.05', '1995.97'],
      ['Minimum premium', '2500.00', '2500.00'],
      ['Fee: Policy fee', '50.00', '2550.00'],
    ],
  },
  {
    risk: 'p100-pro-ma',
    expected: { premium: '2228.57', fees: '50.00', surplusLineTax: '0.00', surplusStampingFee: '0.00', premiumTax: '0.00', totalPremium: '2278.57', currency: 'USD' },
    trace: [
      ['Base premium', '2030.00', '2030.00'],
      ['Product factor', '0.95', '1928.50'],
      ['Limit factor', '1', '1928.50'],
      ['Retention factor', '1.02', '1967.07'],
      ['Waiting period factor', '1', '1967.07'],
      ['Retroactive period factor', '1', '1967.07'],
      ['State factor', '1.08', '2124.44'],
      ['Coverage loading: Website Media Content Liability', '0.049020', '2228.57'],
      ['Fee: Policy fee', '50.00', '2278.57'],
    ],
  },
  {
    risk: 'prime-cloud-wa',
    expected: { premium: '1728.35', fees: '50.00', surplusLineTax: '0.00', surplusStampingFee: '0.00', premiumTax: '0.00', totalPremium: '1778.35', currency: 'USD' },
    trace: [
      ['Base premium', '2060.00', '2060.00'],
      ['Product factor', '0.7', '1442.00'],
      ['Limit factor', '1', '1442.00'],
      ['Retention factor', '1', '1442.00'],
      ['Waiting period factor', '1.03', '1485.26'],
      ['Retroactive period factor', '1', '1485.26'],
      ['State factor', '1.05', '1559.52'],
      ['Coverage loading: Contingent Business Income', '0.050000', '1637.50'],
      ['Coverage loading: System Failure Business Income', '0.058252', '1728.35'],
      ['Fee: Policy fee', '50.00', '1778.35'],
    ],
  },
  {
    risk: 'prime-tech-co',
    expected: { premium: '9028.53', fees: '50.00', surplusLineTax: '0.00', surplusStampingFee: '0.00', premiumTax: '0.00', totalPremium: '9078.53', currency: 'USD' },
    trace: [
      ['Base premium', '4215.00', '4215.00'],
      ['Product factor', '1.2', '5058.00'],
      ['Limit factor', '1.4', '7081.20'],
      ['Retention factor', '1', '7081.20'],
      ['Waiting period factor', '1', '7081.20'],
      ['Retroactive period factor', '1', '7081.20'],
      ['State factor', '1.02', '7222.82'],
      ['Coverage loading: Technology Errors and Omissions', '0.250000', '9028.53'],
      ['Fee: Policy fee', '50.00', '9078.53'],
    ],
  },
  {
    risk: 'prime-tech-plus-ga',
    expected: { premium: '25814.55', fees: '50.00', surplusLineTax: '0.00', surplusStampingFee: '0.00', premiumTax: '0.00', totalPremium: '25864.55', currency: 'USD' },
    trace: [
      ['Base premium', '7960.00', '7960.00'],
      ['Product factor', '1.35', '10746.00'],
      ['Limit factor', '2.17', '23318.82'],
      ['Retention factor', '0.86', '20054.19'],
      ['Waiting period factor', '1', '20054.19'],
      ['Retroactive period factor', '1', '20054.19'],
      ['State factor', '1.02', '20455.27'],
      ['Coverage loading: Contractual Damages', '0.012000', '20700.73'],
      ['Coverage loading: Technology Errors and Omissions', '0.250000', '25814.55'],
      ['Fee: Policy fee', '50.00', '25864.55'],
    ],
  },
  {
    risk: 'zsp-nc',
    expected: { premium: '6417.60', fees: '50.00', surplusLineTax: '0.00', surplusStampingFee: '0.00', premiumTax: '0.00', totalPremium: '6467.60', currency: 'USD' },
    trace: [
      ['Base premium', '1910.00', '1910.00'],
      ['Product factor', '1.5', '2865.00'],
      ['Limit factor', '1.4', '4011.00'],
      ['Retention factor', '1', '4011.00'],
      ['Retroactive period factor', '1', '4011.00'],
      ['State factor', '1', '4011.00'],
      ['Coverage loading: Directors and Officers Liability', '0.450000', '5815.95'],
      ['Coverage loading: Employment Practices Liability', '0.150000', '6417.60'],
      ['Fee: Policy fee', '50.00', '6467.60'],
    ],
  },
  {
    risk: 'prime-one-eng',
    expected: { premium: '653.60', fees: '25.00', surplusLineTax: '0.00', surplusStampingFee: '0.00', premiumTax: '81.43', totalPremium: '760.03', currency: 'GBP' },
    trace: [
      ['Base premium', '962.00', '962.00'],
      ['Product factor', '0.85', '817.70'],
      ['Limit factor', '0.75', '613.28'],
      ['Excess factor', '1.05', '643.94'],
      ['Waiting period factor', '1', '643.94'],
      ['Retroactive period factor', '1', '643.94'],
      ['Nation factor', '1', '643.94'],
      ['Coverage loading: Business Impersonation', '0.015000', '653.60'],
      ['Fee: Administration fee', '25.00', '678.60'],
      ['Insurance premium tax', '0.12', '760.03'],
    ],
  },
  {
    risk: 'prime-one-plus-sct',
    expected: { premium: '2250.96', fees: '25.00', surplusLineTax: '0.00', surplusStampingFee: '0.00', premiumTax: '273.12', totalPremium: '2549.08', currency: 'GBP' },
    trace: [
      ['Base premium', '1576.00', '1576.00'],
      ['Product factor', '1', '1576.00'],
      ['Limit factor', '1.4', '2206.40'],
      ['Excess factor', '1', '2206.40'],
      ['Waiting period factor', '1', '2206.40'],
      ['Retroactive period factor', '1', '2206.40'],
      ['Nation factor', '0.97', '2140.21'],
      ['Coverage loading: Contingent Business Income', '0.050000', '2247.22'],
      ['Coverage loading: Cyber Crime Loss', '0.001750', '2250.96'],
      ['Fee: Administration fee', '25.00', '2275.96'],
      ['Insurance premium tax', '0.12', '2549.08'],
    ],
  },
  {
    risk: 'prime-one-tech-wls',
    expected: { premium: '3247.56', fees: '25.00', surplusLineTax: '0.00', surplusStampingFee: '0.00', premiumTax: '392.71', totalPremium: '3665.27', currency: 'GBP' },
    trace: [
      ['Base premium', '2232.00', '2232.00'],
      ['Product factor', '1.2', '2678.40'],
      ['Limit factor', '1', '2678.40'],
      ['Excess factor', '1', '2678.40'],
      ['Waiting period factor', '1', '2678.40'],
      ['Retroactive period factor', '1', '2678.40'],
      ['Nation factor', '0.97', '2598.05'],
      ['Coverage loading: Technology Errors and Omissions', '0.250000', '3247.56'],
      ['Fee: Administration fee', '25.00', '3272.56'],
      ['Insurance premium tax', '0.12', '3665.27'],
    ],
  },
  {
    risk: 'prime-one-tech-plus-nir',
    expected: { premium: '14111.33', fees: '25.00', surplusLineTax: '0.00', surplusStampingFee: '0.00', premiumTax: '1696.36', totalPremium: '15832.69', currency: 'GBP' },
    trace: [
      ['Base premium', '4208.00', '4208.00'],
      ['Product factor', '1.35', '5680.80'],
      ['Limit factor', '2.17', '12327.34'],
      ['Excess factor', '0.93', '11464.42'],
      ['Waiting period factor', '1', '11464.42'],
      ['Retroactive period factor', '1', '11464.42'],
      ['Nation factor', '0.98', '11235.13'],
      ['Coverage loading: Contractual Damages', '0.006000', '11302.54'],
      ['Coverage loading: Technology Errors and Omissions', '0.250000', '14111.33'],
      ['Fee: Administration fee', '25.00', '14136.33'],
      ['Insurance premium tax', '0.12', '15832.69'],
    ],
  },
];

describe('rateQuote: every product of both editions, premium and trace', () => {
  it.each(CASES)('$risk', ({ risk, expected, trace }) => {
    const input = sampleInput(risk);
    const result = expectRated(rateQuote(input, raterFor(input.edition)));
    const { premium, fees, surplusLineTax, surplusStampingFee, premiumTax, totalPremium, currency } = result;
    expect({ premium, fees, surplusLineTax, surplusStampingFee, premiumTax, totalPremium, currency }).toEqual(expected);
    expect(traceTriples(result)).toEqual(trace);
  });

  it('covers every product each edition offers', () => {
    const rated = new Set(CASES.map(({ risk }) => sampleInput(risk).product));
    const offered = [...raterFor('us').products.keys(), ...raterFor('uk').products.keys()];
    expect(offered.filter((code) => !rated.has(code))).toEqual([]);
    expect(offered).toHaveLength(13);
  });
});

describe('rateQuote: a case worked by hand', () => {
  // Prime 100, a retailer (NAICS 445110: prefix 44, class B) in Ohio with revenue 800,000:
  //   base 780 + 220 x 0.8 (millions above the band's start 0) = 956.00
  //   x 0.85 (P100) = 812.60; x 0.75 (limit 500,000) = 609.45; x 1.05 (retention 2,500) = 639.9225
  //   x 1 (12 hours) x 1 (full prior acts) x 1 (OH) = 639.9225, under P100's minimum premium 750.00
  //   + policy fee 50.00 = 800.00
  it('P100 minimal: the minimum premium applies', () => {
    const result = expectRated(rateQuote(sampleInput('p100-minimal'), raterFor('us')));
    expect(result.premium).toBe('750.00');
    expect(result.totalPremium).toBe('800.00');
    expect(result.trace[0]).toEqual({
      step: 'Base premium',
      operation: 'set',
      factor: '956.00',
      source: { table: 'rating-us-base-rate-2026@1', row: 'class B, revenue 0-1,000,000 (prefix 44 -> class B)' },
      runningPremium: '956.00',
    });
    expect(result.trace.find((step) => step.step === 'Minimum premium')).toEqual({
      step: 'Minimum premium',
      operation: 'minimum',
      factor: '750.00',
      source: { table: 'rating-us-product-factor@1', row: 'product P100' },
      amount: '110.08',
      runningPremium: '750.00',
    });
  });

  // Prime 250 for an accountancy (541211: class C) in New York, revenue 4,500,000, the POPULAR coverages:
  //   base 1,150 + 160 x 3.5 = 1,710.00; x 0.93 (retention 25,000) = 1,590.30; x 1.2 (NY) = 1,908.36
  //   business impersonation: its sublimit 250,000 of the 1,000,000 aggregate x loading 0.03 = 0.0075,
  //   so 1,908.36 x 0.0075 = 14.3127 is added: 1,922.67.
  it('P250 POPULAR in New York: a sublimit coverage loads in proportion to its limit', () => {
    const result = expectRated(rateQuote(sampleInput('p250-popular-ny'), raterFor('us')));
    const impersonation = result.trace.find((step) => step.step === 'Coverage loading: Business Impersonation');
    expect(impersonation).toEqual({
      step: 'Coverage loading: Business Impersonation',
      operation: 'add',
      factor: '0.007500',
      source: { table: 'rating-us-coverage-loading@1', row: 'coverage 8 BUSINESS_IMPERSONATION' },
      amount: '14.31',
      runningPremium: '1922.67',
    });
  });

  it('the same input gives the same answer every time (no hidden state)', () => {
    const input = sampleInput('p250-all-coverages');
    expect(rateQuote(input, raterFor('us'))).toEqual(rateQuote(structuredClone(input), raterFor('us')));
  });
});
