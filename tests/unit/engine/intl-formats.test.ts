import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from '../../../engine/format/intl-formats.ts';

/** Formatters are kept per locale and options: the same options give the same formatter, others their own. */
describe('kept Intl formatters', () => {
  const cases = [
    { name: 'US money', make: () => numberFormat('en-US', { style: 'currency', currency: 'USD' }), value: 1234.5, text: '$1,234.50' },
    { name: 'UK money', make: () => numberFormat('en-GB', { style: 'currency', currency: 'GBP' }), value: 1234.5, text: '£1,234.50' },
    { name: 'US date', make: () => dateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }), value: new Date('2026-11-22T00:00:00Z'), text: '11/22/2026' },
    { name: 'UK date', make: () => dateTimeFormat('en-GB', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }), value: new Date('2026-11-22T00:00:00Z'), text: '22/11/2026' },
  ] as const;

  it.each(cases)('$name: formats as a new one would, and is made once', ({ make, value, text }) => {
    const first = make();
    expect(first.format(value as never)).toBe(text);
    expect(make()).toBe(first);
  });

  it('keeps different options and kinds apart', () => {
    expect(numberFormat('en-US')).not.toBe(numberFormat('en-US', { maximumFractionDigits: 0 }));
    expect(numberFormat('en-US')).not.toBe(numberFormat('en-GB'));
  });

  it('throws for an unknown time zone every time, keeping nothing', () => {
    const unknown = () => dateTimeFormat('en-CA', { timeZone: 'Mars/Olympus_Mons' });
    expect(unknown).toThrow(RangeError);
    expect(unknown).toThrow(RangeError);
  });
});
