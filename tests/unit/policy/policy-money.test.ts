import { describe, expect, it } from 'vitest';
import { earnedPremium, endorsementPremiumChange, extendedReportingPremium, flatCancelReturnPremium, proRataReturnPremium, termDays, unearnedDays } from '../../../engine/index.ts';

const YEAR = { effectiveDate: '2026-01-01', endDate: '2027-01-01' };
const LEAP_YEAR = { effectiveDate: '2028-01-01', endDate: '2029-01-01' };

// [premium, term, cancellation date, unearned days, returned, earned]
const CANCELLATIONS: ReadonlyArray<readonly [string, typeof YEAR, string, number, string, string]> = [
  ['3650.00', YEAR, '2026-01-01', 365, '3650.00', '0.00'],
  ['3650.00', YEAR, '2026-07-02', 183, '1830.00', '1820.00'],
  ['3650.00', YEAR, '2027-01-01', 0, '0.00', '3650.00'],
  // Before inception returns it all; after expiry nothing.
  ['3650.00', YEAR, '2025-12-15', 365, '3650.00', '0.00'],
  ['3650.00', YEAR, '2027-03-01', 0, '0.00', '3650.00'],
  // A third of a cent rounds half away from zero: 1000 x 100 / 365 = 273.972602...
  ['1000.00', YEAR, '2026-09-23', 100, '273.97', '726.03'],
  ['0.01', YEAR, '2026-07-02', 183, '0.01', '0.00'],
  ['12345.67', LEAP_YEAR, '2028-03-01', 306, '10321.79', '2023.88'],
  // A 0.1 + 0.2 style amount stays exact: 0.30 x 1 / 365 rounds to 0.00.
  ['0.30', YEAR, '2026-12-31', 1, '0.00', '0.30'],
];

describe('policy money: pro-rata cancellation', () => {
  it.each(CANCELLATIONS)('%s over %o cancelled on %s leaves %i days, returns %s, keeps %s', (premium, term, date, days, returned, earned) => {
    expect(unearnedDays(term, date)).toBe(days);
    expect(proRataReturnPremium(premium, term, date)).toBe(returned);
    expect(earnedPremium(premium, term, date)).toBe(earned);
  });

  it('counts the term in calendar days, leap years included', () => {
    expect(termDays(YEAR)).toBe(365);
    expect(termDays(LEAP_YEAR)).toBe(366);
    expect(termDays({ effectiveDate: '2026-03-01', endDate: '2026-09-01' })).toBe(184);
  });

  it('returns the whole premium on a flat cancellation', () => {
    expect(flatCancelReturnPremium('4519.67')).toBe('4519.67');
    expect(flatCancelReturnPremium(2871.4)).toBe('2871.40');
  });
});

// [annual before, annual after, term, endorsement date, change for the rest of the term]
const ENDORSEMENTS: ReadonlyArray<readonly [string, string, typeof YEAR, string, string]> = [
  // From the first day: the whole difference.
  ['3650.00', '4380.00', YEAR, '2026-01-01', '730.00'],
  // Half way (183 of 365 days left): half, a little over.
  ['3650.00', '4380.00', YEAR, '2026-07-02', '366.00'],
  // A lower limit returns premium.
  ['3650.00', '2920.00', YEAR, '2026-07-02', '-366.00'],
  // On the end date, nothing.
  ['3650.00', '4380.00', YEAR, '2027-01-01', '0.00'],
  ['1000.00', '1000.00', YEAR, '2026-03-01', '0.00'],
  // 100 x 100 / 365 = 27.3972... ; -27.3972... rounds half away from zero the other way.
  ['1000.00', '1100.00', YEAR, '2026-09-23', '27.40'],
  ['1100.00', '1000.00', YEAR, '2026-09-23', '-27.40'],
  ['2871.40', '3015.85', LEAP_YEAR, '2028-03-01', '120.77'],
];

describe('policy money: endorsements', () => {
  it.each(ENDORSEMENTS)('%s -> %s over %o from %s charges %s', (before, after, term, date, change) => {
    expect(endorsementPremiumChange(before, after, term, date)).toBe(change);
  });
});

// [annual premium, percent of it, extended reporting premium]
const EXTENDED_REPORTING: ReadonlyArray<readonly [string, number, string]> = [
  ['5868.58', 100, '5868.58'],
  ['5868.58', 150, '8802.87'],
  ['5868.58', 175, '10270.02'],
  ['0.01', 175, '0.02'],
  ['2079.08', 150, '3118.62'],
];

describe('policy money: extended reporting period', () => {
  it.each(EXTENDED_REPORTING)('%s at %i%% costs %s', (annual, percent, premium) => {
    expect(extendedReportingPremium(annual, percent)).toBe(premium);
  });
});
