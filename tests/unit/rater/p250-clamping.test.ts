import { describe, expect, it } from 'vitest';
import {
  applyP250Change,
  createP250State,
  getPath,
  p250RatingInput,
  RatingError,
  type P250Account,
  type P250Change,
  type P250State,
} from '../../../engine/index.ts';
import { raterFor } from './rater-support.ts';

const TODAY = '2026-11-22';
const ACCOUNT: P250Account = { state: 'CA', industryCode: '541211', revenue: 4500000 };
const ALL_YES = { dmzSeparation: true, thirdPartySecurityAgreement: true, isVerifyingBankAccounts: true, isAuthenticatingFundTransferRequests: true, isPreventingUnauthorizedWireTransfers: true, backupFrequency: 'WEEKLY', testedFullFailover: true };
const RETRO_LINKED_IN_P250 = [0, 1, 2, 14, 31, 33, 37];

interface ClampCase {
  name: string;
  account?: Partial<P250Account>;
  presetName?: string;
  /** Changes applied first, to reach the state before. */
  before?: P250Change[];
  /** The change under test (none: the created state itself). */
  change?: P250Change;
  /** Dotted paths into the state after, and their expected values. */
  expect: Record<string, unknown>;
}

function stateFor(testCase: Pick<ClampCase, 'account' | 'presetName' | 'before'>): P250State {
  const rater = raterFor('us');
  let state = createP250State({ account: { ...ACCOUNT, ...testCase.account }, today: TODAY, presetName: testCase.presetName }, rater);
  for (const change of testCase.before ?? []) {
    state = applyP250Change(state, change, rater);
    expect(state.ui.errors).toEqual({});
  }
  return state;
}

/**
 * The P250 editor's rules (spec 002 sections 4 and 9) as a table: the state before (account, preset,
 * earlier changes), the change, and the fields after.
 */
const CASES: ClampCase[] = [
  {
    name: 'defaults: preset 2, limit 1,000,000, deductible 25,000, 12 hours, full prior acts, dates from today',
    expect: {
      'global.preset': 2,
      'global.limit': 1000000,
      'global.deductible': 25000,
      'global.waitingPeriod': 12,
      'global.retroActivePeriod': { value: -1, asDate: null },
      'global.effectiveDate': '2026-12-06',
      'global.endDate': '2027-12-06',
      'global.minEffectiveDate': '2026-11-15',
      'global.maxEffectiveDate': '2027-02-05',
      'global.minEndDate': '2027-06-06',
      'global.maxEndDate': '2028-06-06',
      'options.limits': [1000000, 1500000, 2000000, 2500000, 3000000, 3500000, 4000000, 4500000, 5000000],
      'options.waitingPeriods': [6, 8, 12, 24],
      'options.retroActivePeriods': [{ value: 1, label: '1 Year' }, { value: 2, label: '2 Years' }, { value: -1, label: 'Full Prior Acts' }],
      'coverages.24.selected': true,
      'coverages.24.deductible': 25000,
      'coverages.24.limit': 250000,
      'coverages.6.locked': true,
      'coverages.7.limit': 50000,
      'rating.ok': true,
      'ui.ratingRevision': 1,
    },
  },
  { name: 'public relations share in New York is a fixed 50,000', account: { state: 'NY' }, change: { type: 'limit', value: 3000000 }, expect: { 'coverages.7.limit': 50000 } },
  { name: 'public relations share in Washington is a fixed 50,000', account: { state: 'WA' }, change: { type: 'limit', value: 5000000 }, expect: { 'coverages.7.limit': 50000 } },
  { name: 'public relations share elsewhere is 5% of the limit', change: { type: 'limit', value: 2500000 }, expect: { 'coverages.7.limit': 125000 } },
  { name: 'global deductible below a coverage range clamps it to the smallest option', change: { type: 'deductible', value: 1000 }, expect: { 'global.deductible': 1000, 'coverages.24.deductible': 10000, 'coverages.14.deductible': 10000, 'global.preset': 2 } },
  { name: 'global deductible above a coverage range clamps it to the largest option', change: { type: 'deductible', value: 100000 }, expect: { 'coverages.24.deductible': 50000, 'coverages.14.deductible': 50000 } },
  { name: 'global deductible inside the range is taken as it is', before: [{ type: 'deductible', value: 1000 }], change: { type: 'deductible', value: 10000 }, expect: { 'coverages.24.deductible': 10000 } },
  {
    name: 'global waiting period 6 clamps each coverage into its own hours',
    change: { type: 'waitingPeriod', value: 6 },
    expect: { 'global.waitingPeriod': 6, 'coverages.10.waitingPeriod': 6, 'coverages.9.waitingPeriod': 12, 'coverages.11.waitingPeriod': 8, 'coverages.12.waitingPeriod': 12, 'coverages.23.waitingPeriod': 12, 'coverages.34.waitingPeriod': 12 },
  },
  {
    name: 'global waiting period 24 reaches every coverage that offers it',
    change: { type: 'waitingPeriod', value: 24 },
    expect: { 'coverages.10.waitingPeriod': 24, 'coverages.9.waitingPeriod': 24, 'coverages.11.waitingPeriod': 24, 'coverages.12.waitingPeriod': 24 },
  },
  {
    name: 'global retro period goes to the linked coverages 0, 1, 2, 14, 31, 33, 37 (30 is not sold with P250)',
    change: { type: 'retroActivePeriod', value: 1 },
    expect: {
      'global.retroActivePeriod': { value: 1, asDate: '2025-12-06' },
      ...Object.fromEntries(RETRO_LINKED_IN_P250.map((id) => [`coverages.${id}.retroActivePeriod`, { value: 1, asDate: '2025-12-06' }])),
      'coverages.24.retroActivePeriod': undefined,
      'coverages.30': undefined,
    },
  },
  {
    name: 'a coverage at the aggregate follows a new aggregate; sublimits stay',
    change: { type: 'limit', value: 2500000 },
    expect: { 'global.limit': 2500000, 'coverages.10.limit': 2500000, 'coverages.3.limit': 2500000, 'coverages.8.limit': 250000, 'coverages.24.limit': 250000, 'global.preset': 2 },
  },
  {
    name: 'a coverage set below the aggregate keeps its limit when the aggregate rises',
    before: [{ type: 'limit', value: 3000000 }, { type: 'coverage', id: 11, field: 'limit', value: 2000000 }],
    change: { type: 'limit', value: 5000000 },
    expect: { 'coverages.11.limit': 2000000, 'coverages.10.limit': 5000000, 'coverages.11.options.limits': [1000000, 1500000, 2000000, 2500000, 3000000, 3500000, 4000000, 4500000, 5000000] },
  },
  {
    name: 'a coverage above a lowered aggregate is clamped to it',
    before: [{ type: 'limit', value: 3000000 }, { type: 'coverage', id: 11, field: 'limit', value: 2000000 }],
    change: { type: 'limit', value: 1500000 },
    expect: { 'coverages.11.limit': 1500000, 'coverages.11.options.limits': [1000000, 1500000] },
  },
  {
    name: 'the effective date moves the end date a year on, its bounds, and date-type retro periods',
    before: [{ type: 'retroActivePeriod', value: 2 }],
    change: { type: 'effectiveDate', value: '2027-01-15' },
    expect: {
      'global.effectiveDate': '2027-01-15',
      'global.endDate': '2028-01-15',
      'global.minEndDate': '2027-07-15',
      'global.maxEndDate': '2028-07-15',
      'global.retroActivePeriod': { value: 2, asDate: '2025-01-15' },
      'coverages.0.retroActivePeriod': { value: 2, asDate: '2025-01-15' },
      'global.minEffectiveDate': '2026-11-15',
      'rating.tableVersions.us-base-rate': 'rating-us-base-rate-2027@1',
    },
  },
  { name: 'full prior acts has no date to follow', change: { type: 'effectiveDate', value: '2026-11-15' }, expect: { 'global.retroActivePeriod': { value: -1, asDate: null }, 'global.endDate': '2027-11-15' } },
  { name: 'the last day of the start window is allowed', change: { type: 'effectiveDate', value: '2027-02-05' }, expect: { 'global.effectiveDate': '2027-02-05', 'ui.errors': {} } },
  {
    name: 'an effective date after the start window is refused and nothing changes',
    change: { type: 'effectiveDate', value: '2027-02-06' },
    expect: { 'global.effectiveDate': '2026-12-06', 'ui.errors': { effectiveDate: 'The effective date must be between 2026-11-15 and 2027-02-05.' }, 'ui.ratingRevision': 1 },
  },
  { name: 'an effective date more than 7 days back is refused', change: { type: 'effectiveDate', value: '2026-11-14' }, expect: { 'global.effectiveDate': '2026-12-06', 'ui.errors.effectiveDate': 'The effective date must be between 2026-11-15 and 2027-02-05.' } },
  { name: 'an end date 18 months on is allowed', change: { type: 'endDate', value: '2028-06-06' }, expect: { 'global.endDate': '2028-06-06', 'ui.errors': {} } },
  { name: 'an end date under 6 months is refused', change: { type: 'endDate', value: '2027-06-05' }, expect: { 'global.endDate': '2027-12-06', 'ui.errors': { endDate: 'The end date must be between 2027-06-06 and 2028-06-06.' } } },
  { name: 'a limit that is not offered is refused', change: { type: 'limit', value: 1200000 }, expect: { 'global.limit': 1000000, 'ui.errors.limit': 'Limit 1,200,000 is not offered (1,000,000 to 5,000,000).' } },
  { name: 'a coverage deductible is clamped into its options and makes the preset custom', change: { type: 'coverage', id: 24, field: 'deductible', value: 30000 }, expect: { 'coverages.24.deductible': 25000, 'global.preset': -1, 'ui.ratingRevision': 2 } },
  { name: 'a coverage limit change makes the preset custom', change: { type: 'coverage', id: 8, field: 'limit', value: 100000 }, expect: { 'coverages.8.limit': 100000, 'global.preset': -1 } },
  { name: 'a coverage waiting period change makes the preset custom', change: { type: 'coverage', id: 11, field: 'waitingPeriod', value: 6 }, expect: { 'coverages.11.waitingPeriod': 8, 'global.preset': -1 } },
  { name: 'a coverage retro change makes the preset custom', change: { type: 'coverage', id: 14, field: 'retroActivePeriod', value: 1 }, expect: { 'coverages.14.retroActivePeriod': { value: 1, asDate: '2025-12-06' }, 'global.preset': -1 } },
  { name: 'unselecting an optional coverage makes the preset custom', change: { type: 'coverage', id: 13, field: 'selected', value: false }, expect: { 'coverages.13.selected': false, 'global.preset': -1, 'ui.ratingRevision': 2 } },
  { name: 'a locked coverage cannot be unselected', change: { type: 'coverage', id: 0, field: 'selected', value: false }, expect: { 'coverages.0.selected': true, 'global.preset': 2, 'ui.errors': { 'coverages.0.selected': 'Security Breach Liability is locked.' } } },
  { name: 'ransom is always locked', change: { type: 'coverage', id: 6, field: 'selected', value: false }, expect: { 'coverages.6.selected': true, 'ui.errors': { 'coverages.6.selected': 'Ransom Payment is locked.' } } },
  { name: 'a mandatory coverage cannot be unselected', change: { type: 'coverage', id: 3, field: 'selected', value: false }, expect: { 'coverages.3.selected': true, 'ui.errors': { 'coverages.3.selected': 'Security Breach Expense is mandatory.' } } },
  { name: 'a mandatory unlocked coverage takes a limit', before: [{ type: 'limit', value: 2000000 }], change: { type: 'coverage', id: 3, field: 'limit', value: 1000000 }, expect: { 'coverages.3.limit': 1000000, 'global.preset': -1 } },
  {
    name: 'ELITE sets limit 3,000,000, deductible 10,000 and its coverages and sublimits',
    change: { type: 'preset', value: 'ELITE' },
    expect: { 'global.preset': 3, 'global.limit': 3000000, 'global.deductible': 10000, 'coverages.24.deductible': 10000, 'coverages.34.selected': true, 'coverages.8.limit': 250000, 'coverages.10.limit': 3000000, 'coverages.7.limit': 150000 },
  },
  { name: 'BASIC keeps only the mandatory coverages', change: { type: 'preset', value: 1 }, expect: { 'global.preset': 1, 'coverages.24.selected': false, 'coverages.8.selected': false, 'coverages.0.selected': true, 'coverages.10.selected': true } },
  { name: 'custom (-1) can be chosen and changes nothing else', change: { type: 'preset', value: -1 }, expect: { 'global.preset': -1, 'coverages.24.selected': true } },
  { name: 'an unknown preset is refused', change: { type: 'preset', value: 'PLATINUM' }, expect: { 'global.preset': 2, 'ui.errors': { preset: 'There is no preset PLATINUM.' } } },
  {
    name: 'security answers that do not qualify unselect cyber crime (answered but invalid)',
    change: { type: 'securityQuestions', value: { ...ALL_YES, isAuthenticatingFundTransferRequests: false } },
    expect: { 'coverages.24.selected': false, 'coverages.24.answered': true, 'coverages.24.valid': false, 'coverages.23.valid': true, 'rating.ok': true, 'global.preset': -1 },
  },
  {
    name: 'an answered-but-invalid coverage cannot be selected again',
    before: [{ type: 'securityQuestions', value: { ...ALL_YES, dmzSeparation: false } }],
    change: { type: 'coverage', id: 23, field: 'selected', value: true },
    expect: { 'coverages.23.selected': false, 'ui.errors': { 'coverages.23.selected': 'Contingent System Failure is not available: the security answers do not qualify.' } },
  },
  {
    name: 'answers given before the quote starts: the default preset without the invalid coverage is custom',
    account: { securityQuestions: { ...ALL_YES, isVerifyingBankAccounts: false } },
    expect: { 'coverages.24.selected': false, 'coverages.13.selected': true, 'global.preset': -1, 'ui.ratingRevision': 1 },
  },
  { name: 'an unanswered coverage can be selected (its questions come next)', change: { type: 'coverage', id: 34, field: 'selected', value: true }, expect: { 'coverages.34.selected': true, 'coverages.34.answered': false } },
  { name: 'qualifying answers let full system failure be chosen', before: [{ type: 'securityQuestions', value: ALL_YES }], change: { type: 'coverage', id: 34, field: 'selected', value: true }, expect: { 'coverages.34.selected': true, 'coverages.34.valid': true, 'global.preset': -1 } },
  {
    name: 'a technology services industry gets its own POPULAR and a TECH STARTER preset',
    account: { industryCode: '541512' },
    expect: { 'global.preset': 2, 'coverages.14.selected': true, 'coverages.18.selected': true, presets: [{ id: 1, name: 'BASIC', label: 'Basic' }, { id: 2, name: 'POPULAR', label: 'Popular (technology services)' }, { id: 3, name: 'ELITE', label: 'Elite' }, { id: 101, name: 'TECH STARTER', label: 'Tech starter' }] },
  },
  {
    name: "an agency's custom preset by name",
    account: { agencyId: 'agency-demo-wholesale' },
    presetName: 'wholesale standard',
    expect: { 'global.preset': 201, 'global.limit': 2000000, 'global.deductible': 10000, 'global.waitingPeriod': 8, 'coverages.11.waitingPeriod': 8, 'coverages.9.waitingPeriod': 12, 'coverages.24.selected': true, 'coverages.13.selected': false },
  },
];

describe('P250 quote state: the clamping rules', () => {
  it.each(CASES)('$name', (testCase) => {
    const before = stateFor(testCase);
    const snapshot = structuredClone(before);
    const after = testCase.change ? applyP250Change(before, testCase.change, raterFor('us')) : before;
    for (const [path, value] of Object.entries(testCase.expect)) expect(getPath(after, path), path).toEqual(value);
    if (testCase.change) expect(before, 'the state given is not changed').toEqual(snapshot);
  });
});

describe('P250 quote state: rating', () => {
  it('every change re-rates; a coverage change moves the premium', () => {
    const rater = raterFor('us');
    const start = stateFor({});
    const without = applyP250Change(start, { type: 'coverage', id: 12, field: 'selected', value: false }, rater);
    expect(start.rating.ok && without.rating.ok).toBe(true);
    if (!start.rating.ok || !without.rating.ok) return;
    expect(Number(without.rating.premium)).toBeLessThan(Number(start.rating.premium));
    expect(without.ui.ratingRevision).toBe(start.ui.ratingRevision + 1);
  });

  it('p250RatingInput carries the global options and each coverage with the options it takes', () => {
    const input = p250RatingInput(stateFor({ before: [{ type: 'retroActivePeriod', value: 2 }] }));
    expect(input).toMatchObject({ product: 'P250', edition: 'us', riskState: 'CA', industryCode: '541211', revenue: 4500000, effectiveDate: '2026-12-06', aggLimit: 1000000, deductible: 25000, waitingPeriod: 12, retroActivePeriod: 2 });
    expect(input.coverages['24']).toEqual({ selected: true, limit: 250000, deductible: 25000 });
    expect(input.coverages['0']).toEqual({ selected: true, retroActivePeriod: 2 });
    expect(input.coverages['7']).toEqual({ selected: true });
  });

  it('an unknown preset name or product is a typed RatingError', () => {
    const rater = raterFor('us');
    expect(() => createP250State({ account: ACCOUNT, today: TODAY, presetName: 'GOLD' }, rater)).toThrow(RatingError);
    expect(() => createP250State({ product: 'P_ONE_PLUS', account: ACCOUNT, today: TODAY }, rater)).toThrow('Prime One Plus is not offered in the US edition.');
  });

  it('the UK counterpart (Prime One Plus) uses the same editor with the UK catalogue', () => {
    const state = createP250State({ product: 'P_ONE_PLUS', account: { state: 'SCT', industryCode: '69201', revenue: 8000000 }, today: TODAY }, raterFor('uk'));
    expect(state.global.preset).toBe(2);
    expect(state.coverages[22]).toBeUndefined(); // TRIA is a US law
    expect(state.coverages[7]!.limit).toBe(50000);
    expect(state.rating).toMatchObject({ ok: true, currency: 'GBP' });
  });
});
