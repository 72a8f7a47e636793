import { describe, expect, it } from 'vitest';
import { calendarDateOf } from '../../../renderers/form/widgets/calendar-date.ts';

/** A date input shows a calendar date as it is and a record's moment as the day it fell on where the user is. */
describe('the calendar date a date input shows', () => {
  const noon = new Date(2026, 10, 18, 12, 0, 0); // 18 Nov 2026, local noon: the same day in every time zone's reading
  it.each([
    ['a calendar date', '2026-11-18', '2026-11-18'],
    ['a moment, read locally', noon.toISOString(), '2026-11-18'],
    ['nothing', undefined, ''],
    ['an empty value', '', ''],
    ['a number', 20261118, ''],
    ['text that is no date', 'soon', ''],
    ['a malformed moment', '2026-13-45T99:00:00Z', ''],
  ])('of %s', (_, value, shown) => {
    expect(calendarDateOf(value)).toBe(shown);
  });
});
