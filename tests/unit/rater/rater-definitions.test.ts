import { describe, expect, it } from 'vitest';
import {
  coverageValidity,
  createRegistry,
  DefinitionError,
  endorsementEligibility,
  publicRelationsShare,
  validateAgainstMeta,
  type DefinitionSourceDocuments,
} from '../../../engine/index.ts';
import { readDefinitionFiles } from '../../../engine/node/file-source.ts';
import { projectRoot, registry } from '../../support/registry.ts';
import { raterFor } from './rater-support.ts';

describe('products per edition (offered through the UK overlays)', () => {
  it('the US edition offers the nine US products, the UK edition the four UK ones', () => {
    expect([...raterFor('us').products.keys()].sort()).toEqual(['P100', 'P100_PRO', 'P250', 'P250_EXCESS', 'P250_S', 'PRIME_CLOUD', 'PRIME_TECH', 'PRIME_TECH_PLUS', 'ZSP']);
    expect([...raterFor('uk').products.keys()].sort()).toEqual(['PRIME_ONE_TECH', 'PRIME_ONE_TECH_PLUS', 'P_ONE', 'P_ONE_PLUS']);
  });

  it('UK products are in pounds and rate with UK tables; US products in dollars with US tables', () => {
    for (const product of raterFor('uk').products.values()) {
      expect(product.currency).toBe('GBP');
      expect(Object.values(product.rating).every((table) => table.startsWith('uk-'))).toBe(true);
    }
    for (const product of raterFor('us').products.values()) {
      expect(product.currency).toBe('USD');
      expect(Object.values(product.rating).every((table) => table.startsWith('us-'))).toBe(true);
    }
  });

  it('each product names its coverages, options, eligibility and questionnaire forms', () => {
    for (const edition of ['us', 'uk'] as const) {
      for (const product of raterFor(edition).products.values()) {
        expect(product.coverages.length, product.code).toBeGreaterThan(0);
        expect(product.options.limits, product.code).toContain(product.options.defaults.limit);
        expect(registry.get(product.questionnaire.application)?.kind, product.code).toBe('form');
      }
    }
  });

  it('P250 options are the spec defaults', () => {
    const p250 = raterFor('us').products.get('P250')!;
    expect(p250.options.limits).toEqual([1000000, 1500000, 2000000, 2500000, 3000000, 3500000, 4000000, 4500000, 5000000]);
    expect(p250.options.waitingPeriods).toEqual([6, 8, 12, 24]);
    expect(p250.options.retroActivePeriods!.map((option) => option.value)).toEqual([1, 2, -1]);
    expect(p250.options.defaults).toEqual({ limit: 1000000, deductible: 25000, waitingPeriod: 12, retroActivePeriod: -1, preset: 2 });
  });

  it('seeded rating tables say they are illustrative', () => {
    for (const versions of raterFor('us').tables.values()) {
      for (const table of versions) {
        expect(table.illustrative, table.id).toBe(true);
        expect(table.description, table.id).toMatch(/not filed rates/);
      }
    }
  });
});

describe('coverage catalogue', () => {
  const catalogue = raterFor('us').catalogue;
  const byId = new Map(catalogue.coverages.map((coverage) => [coverage.id, coverage]));

  it('numbers the coverages the P250 state and the spec name', () => {
    expect(byId.get(23)!.key).toBe('CONTINGENT_SYSTEM_FAILURE');
    expect(byId.get(24)!.key).toBe('CYBER_CRIME');
    expect(byId.get(34)!.key).toBe('FULL_SYSTEM_FAILURE');
    expect(catalogue.coverages.filter((coverage) => coverage.retroLinked).map((coverage) => coverage.id).sort((a, b) => a - b)).toEqual([0, 1, 2, 14, 30, 31, 33, 37]);
  });

  it('groups 1 to 7 as the spec lists them, group 1 mandatory and locked, ransom locked', () => {
    const keysOf = (group: number) => catalogue.coverages.filter((coverage) => coverage.group === group).map((coverage) => coverage.key);
    expect(keysOf(1)).toEqual(['LIABILITY', 'PCI', 'REGULATORY']);
    expect(catalogue.coverages.filter((coverage) => coverage.group === 1).every((coverage) => coverage.mandatory && coverage.locked)).toBe(true);
    expect(keysOf(5)).toEqual(['TECH_ENO']);
    expect(keysOf(6)).toEqual(expect.arrayContaining(['PRIMARY_NON_CONTRIBUTORY', 'STATE_INCONSISTENCY', 'AMENDATORY_CONSTRUCTION', 'AMENDATORY_MANUFACTURING']));
    expect(keysOf(7)).toEqual(expect.arrayContaining(['ADDITIONAL_INSURED', 'WAIVER_OF_SUBROGATION', 'WAR_EXCLUSION', 'BIPA_EXCLUSION', 'EXTORTION_THREAT_SUBLIMIT']));
    expect(byId.get(3)).toMatchObject({ key: 'COWBELL_BREACH_FUND', group: 2, mandatory: true });
    expect(byId.get(6)).toMatchObject({ key: 'RANSOM_PAYMENT', locked: true });
    const retroLinked = catalogue.coverages.filter((coverage) => coverage.retroLinked);
    expect(retroLinked.every((coverage) => coverage.options.includes('retroActivePeriod'))).toBe(true);
  });

  it('the UK overlay withdraws the US laws (CCPA, TRIA, BIPA)', () => {
    const uk = new Map(raterFor('uk').catalogue.coverages.map((coverage) => [coverage.key, coverage.available]));
    expect([uk.get('CCPA'), uk.get('TRIA'), uk.get('BIPA_EXCLUSION'), uk.get('GDPR')]).toEqual([false, false, false, true]);
    expect(byId.get(16)!.available).toBe(true);
  });
});

describe('coverage validity (23, 24, 34) from security answers', () => {
  const CASES: [string, Record<string, unknown>, Record<number, { answered: boolean; valid: boolean }>][] = [
    ['nothing answered', {}, { 23: { answered: false, valid: false }, 24: { answered: false, valid: false }, 34: { answered: false, valid: false } }],
    ['23 needs DMZ separation and the third-party agreement', { dmzSeparation: true, thirdPartySecurityAgreement: false }, { 23: { answered: true, valid: false } }],
    ['23 valid', { dmzSeparation: true, thirdPartySecurityAgreement: true }, { 23: { answered: true, valid: true } }],
    ['24 needs all three bank questions', { isVerifyingBankAccounts: true, isAuthenticatingFundTransferRequests: true, isPreventingUnauthorizedWireTransfers: false }, { 24: { answered: true, valid: false } }],
    ['24 is unanswered while one is null', { isVerifyingBankAccounts: true, isAuthenticatingFundTransferRequests: true, isPreventingUnauthorizedWireTransfers: null }, { 24: { answered: false, valid: false } }],
    ['24 valid with Yes texts too', { isVerifyingBankAccounts: 'Yes', isAuthenticatingFundTransferRequests: 'YES', isPreventingUnauthorizedWireTransfers: true }, { 24: { answered: true, valid: true } }],
    ['34 invalid with backups NEVER', { backupFrequency: 'NEVER', dmzSeparation: true, testedFullFailover: true }, { 34: { answered: true, valid: false } }],
    ['34 invalid without a failover test', { backupFrequency: 'MONTHLY', dmzSeparation: true, testedFullFailover: false }, { 34: { answered: true, valid: false } }],
    ['34 valid', { backupFrequency: 'SIX_MONTHS', dmzSeparation: true, testedFullFailover: true }, { 34: { answered: true, valid: true } }],
  ];
  it.each(CASES)('%s', (_name, answers, expected) => {
    expect(coverageValidity(answers, raterFor('us').catalogue)).toMatchObject(expected);
  });
});

describe('endorsement eligibility and the public relations share', () => {
  const p250 = () => raterFor('us').products.get('P250')!;
  it.each([
    ['CA', '541211', 'computerFraudEndorsement', { eligible: true }],
    ['NY', '541211', 'computerFraudEndorsement', { eligible: false, tooltip: 'State Not Supported' }],
    ['CA', '522110', 'computerFraudEndorsement', { eligible: false, tooltip: 'Not Available For Industry / State!' }],
    ['CA', '517311', 'telecomsFraudEndorsement', { eligible: false, tooltip: 'Not Available For Industry / State!' }],
    ['LA', '541211', 'hardwareReplCostEndorsement', { eligible: false, tooltip: 'State Not Supported' }],
    ['MT', '541211', 'postBreachRemediationEndorsement', { eligible: false, tooltip: 'State Not Supported' }],
    ['CA', '511110', 'websiteMediaContentLiabilityEndorsement', { eligible: false, tooltip: 'Not Available For Industry / State!' }],
    ['CA', '622110', 'dedicatedBreachCostsEndorsement', { eligible: false, tooltip: 'Not Available For Industry / State!' }],
    ['TX', '541211', 'socialEngEndorsement', { eligible: true }],
  ])('%s %s %s', (state, industry, endorsement, expected) => {
    expect(endorsementEligibility(p250(), state, industry)[endorsement]).toEqual(expected);
  });

  it('every spec endorsement has an eligibility entry on P250', () => {
    expect(Object.keys(endorsementEligibility(p250(), 'CA', '541211')).sort()).toEqual([
      'computerFraudEndorsement', 'dedicatedBreachCostsEndorsement', 'hardwareReplCostEndorsement', 'postBreachRemediationEndorsement',
      'socialEngEndorsement', 'telecomsFraudEndorsement', 'websiteMediaContentLiabilityEndorsement',
    ]);
  });

  it.each([
    ['NY', 1000000, 50000],
    ['WA', 5000000, 50000],
    ['CA', 1000000, 50000],
    ['CA', 1500000, 75000],
    ['TX', 5000000, 250000],
  ])('public relations share in %s at %i is %i', (state, limit, share) => {
    expect(publicRelationsShare(state, limit, raterFor('us').catalogue)).toBe(share);
  });
});

describe('meta-schemas of the rater kinds: a broken definition never loads, the fault names file and pointer', () => {
  const table = () => structuredClone(registry.get('rating-us-limit-factor')) as unknown as Record<string, unknown>;
  it.each([
    ['a factor that is not positive', (doc: Record<string, unknown>) => ((doc.rows as Record<string, unknown>[])[2]!.factor = 0), '/rows/2/factor'],
    ['a row field of another table type', (doc: Record<string, unknown>) => ((doc.rows as Record<string, unknown>[])[0]!.region = 'NY'), '/rows/0'],
    ['an effective date that is not a date', (doc: Record<string, unknown>) => (doc.effectiveDate = '2026-13-01'), '/effectiveDate'],
    ['no illustrative flag', (doc: Record<string, unknown>) => delete doc.illustrative, ''],
  ])('%s', (_name, breakIt, pointer) => {
    const doc = table();
    breakIt(doc);
    const faults = validateAgainstMeta('definitions/rater/tables/us/limit-factor.json', doc);
    expect(faults.length).toBeGreaterThan(0);
    expect(faults.map((fault) => fault.pointer)).toContain(pointer);
    expect(faults[0]!.file).toBe('definitions/rater/tables/us/limit-factor.json');
  });

  it('a product naming a rating table that does not exist refuses the whole set', () => {
    const files: DefinitionSourceDocuments = readDefinitionFiles(projectRoot);
    const entry = files.definitions.find((source) => (source.document as { id?: string }).id === 'product-p250')!;
    (entry.document as { rating: Record<string, string> }).rating.fees = 'us-fees-missing';
    try {
      createRegistry(files);
      expect.unreachable('the registry loaded');
    } catch (error) {
      expect(error).toBeInstanceOf(DefinitionError);
      expect((error as DefinitionError).faults).toContainEqual({ file: entry.file, pointer: '/rating/fees', message: 'no rating table us-fees-missing' });
    }
  });

  it('two versions of one table with the same effective date refuse the set', () => {
    const files: DefinitionSourceDocuments = readDefinitionFiles(projectRoot);
    const entry = files.definitions.find((source) => (source.document as { id?: string }).id === 'rating-us-base-rate-2027')!;
    (entry.document as { effectiveDate: string }).effectiveDate = '2026-01-01';
    expect(() => createRegistry(files)).toThrow(/rating-us-base-rate-2026 is already the version of us-base-rate effective 2026-01-01/);
  });
});
