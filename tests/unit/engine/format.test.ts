import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatMoney,
  formatPhoneDisplay,
  formatPhoneInput,
  formatRate,
  groupMoneyInput,
  parseMoney,
  resolveDateToken,
} from '../../../engine/index.ts';
import { registry } from '../../support/registry.ts';

const us = registry.edition('us');
const uk = registry.edition('uk');

describe('formatting through Intl', () => {
  it('formats money with the edition symbol, grouping and 2 decimals', () => {
    expect(formatMoney(1234567.5, us)).toBe('$1,234,567.50');
    expect(formatMoney(1234567.5, uk)).toBe('£1,234,567.50');
    expect(formatMoney(undefined, us)).toBe('');
  });

  it('groups typed amounts and reads them back', () => {
    expect(groupMoneyInput('1234567.891', us)).toBe('1,234,567.89');
    expect(groupMoneyInput('abc12', us)).toBe('12');
    expect(parseMoney('1,234.56')).toBe(1234.56);
    expect(parseMoney('')).toBeUndefined();
  });

  it('shows rates as percentages to 4 decimals', () => {
    expect(formatRate(0.123456, 'en-US')).toBe('12.3456%');
    expect(formatRate(0.05, 'en-GB')).toBe('5.0000%');
  });

  it('formats dates per locale without shifting date-only values', () => {
    expect(formatDate('2026-01-02', 'en-US')).toBe('01/02/2026');
    expect(formatDate('2026-01-02', 'en-GB')).toBe('02/01/2026');
    expect(formatDate('', 'en-US')).toBe('');
  });

  it('formats phones as (xxx) xxx-xxxx while typing and with country codes for display', () => {
    expect(formatPhoneInput('5551234567', us)).toBe('(555) 123-4567');
    expect(formatPhoneInput('555', us)).toBe('(555');
    expect(formatPhoneDisplay('5551234567', '+1')).toBe('+1 (555) 123-4567');
    expect(formatPhoneDisplay('7911123456', '+44')).toBe('+44 07911 123456');
    expect(formatPhoneInput('7911123456', uk)).toBe('07911 123456');
  });

  it('resolves date tokens against today', () => {
    expect(resolveDateToken('today', '2026-11-22')).toBe('2026-11-22');
    expect(resolveDateToken('today+7', '2026-11-22')).toBe('2026-11-29');
    expect(resolveDateToken('today-14', '2026-11-22')).toBe('2026-11-08');
    expect(resolveDateToken('2020-01-01', '2026-11-22')).toBe('2020-01-01');
  });
});
