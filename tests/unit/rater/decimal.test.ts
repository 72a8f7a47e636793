import { describe, expect, it } from 'vitest';
import { Decimal } from '../../../engine/index.ts';

describe('Decimal: exact money arithmetic', () => {
  it.each([
    ['0.1 + 0.2', Decimal.from(0.1).plus(Decimal.from(0.2)).toString(), '0.3'],
    ['1.15 x 100', Decimal.from(1.15).times(Decimal.from(100)).toString(), '115'],
    ['0.93 from a JSON number', Decimal.from(0.93).toString(), '0.93'],
    ['1e6', Decimal.from('1e6').toString(), '1000000'],
    ['2.5e-3', Decimal.from('2.5e-3').toString(), '0.0025'],
    ['2 / 3 to 12 places', Decimal.from(2).dividedBy(Decimal.from(3)).toString(), '0.666666666667'],
    ['1.005 to cents rounds half up', Decimal.from('1.005').toFixed(2), '1.01'],
    ['-1.005 to cents rounds half away from zero', Decimal.from('-1.005').toFixed(2), '-1.01'],
    ['1.004999 to cents', Decimal.from('1.004999').toFixed(2), '1.00'],
    ['1234.5 with two decimals', Decimal.from(1234.5).toFixed(2), '1234.50'],
    ['to 10 decimals', Decimal.from(1).plus(Decimal.from(1 / 3).dividedBy(Decimal.HUNDRED)).toFixed(10), '1.0033333333'],
    ['a large premium', Decimal.from('999999999999.99').plus(Decimal.from('0.01')).toFixed(2), '1000000000000.00'],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('refuses text that is not a decimal', () => {
    expect(() => Decimal.from('12,5')).toThrow(RangeError);
    expect(() => Decimal.from(Number.NaN)).toThrow(RangeError);
    expect(Decimal.isDecimal('abc')).toBe(false);
    expect(Decimal.isDecimal('-3.5')).toBe(true);
  });
});
