import { describe, expect, it } from 'vitest';
import { formatDateTime, formatTimeOfDay } from '../../../engine/index.ts';

describe('times as each edition writes them', () => {
  it('a 24-hour clock writes the hour with two digits, a 12-hour one does not', () => {
    expect(formatDateTime('2026-11-22T00:59:00Z', 'en-GB', 'UTC')).toBe('22/11/2026, 00:59');
    expect(formatDateTime('2026-11-22T09:47:00Z', 'en-US', 'UTC')).toBe('11/22/2026, 9:47 AM');
  });

  it("a policy's inception time reads 12:01 AM in the US and 00:01 in the UK", () => {
    expect(formatTimeOfDay('00:01', 'en-US')).toBe('12:01 AM');
    expect(formatTimeOfDay('00:01', 'en-GB')).toBe('00:01');
  });
});
