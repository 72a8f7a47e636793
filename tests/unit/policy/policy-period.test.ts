import { describe, expect, it } from 'vitest';
import { movedPeriod } from '../../../engine/index.ts';

describe('a policy period moved to another start day keeps its length', () => {
  it.each([
    ['a year moves as a year', '2026-12-01', '2027-12-01', '2026-12-15', '2027-12-15'],
    ['a year across 29 February stays a year', '2027-03-01', '2028-03-01', '2027-03-15', '2028-03-15'],
    ['a year that starts on 29 February ends on 28 February', '2028-01-15', '2029-01-15', '2028-02-29', '2029-02-28'],
    ['18 months stay 18 months', '2026-12-01', '2028-06-01', '2026-11-20', '2028-05-20'],
    ['moved earlier', '2026-12-10', '2027-12-10', '2026-11-20', '2027-11-20'],
    ['an odd number of days keeps its days', '2026-12-01', '2027-11-15', '2026-12-08', '2027-11-22'],
    ['a month-end period of days keeps its days', '2026-01-31', '2026-08-15', '2026-02-01', '2026-08-16'],
  ])('%s', (_, effectiveDate, endDate, newStart, newEnd) => {
    expect(movedPeriod({ effectiveDate, endDate }, newStart)).toEqual({ effectiveDate: newStart, endDate: newEnd });
  });
});
