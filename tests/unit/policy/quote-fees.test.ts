import { describe, expect, it } from 'vitest';
import { feeAmounts, installmentDownPayment, totalPremiumWithFees } from '../../../engine/index.ts';

// [rated total, broker fee, additional broker fee, MGA fee, total with fees]
const TOTALS: ReadonlyArray<readonly [string, number | string, number | string, number | string, string]> = [
  ['3118.12', 0, 0, 0, '3118.12'],
  ['3118.12', 150.5, 25, 75, '3368.62'],
  // Binary floating point would give 0.30000000000000004 here.
  ['0.10', 0.2, 0, 0, '0.30'],
  ['1000.00', '0.1', '0.2', '0.3', '1000.60'],
  // Fees are kept to the cent, half away from zero.
  ['2500.00', 10.005, 0, 0, '2510.01'],
  ['4519.67', 0, 10000, 0, '14519.67'],
];

describe('quote fees: the payer\'s total', () => {
  it.each(TOTALS)('%s + broker %s + additional %s + MGA %s = %s', (rated, brokerFee, additionalBrokerFee, mgaFee, total) => {
    expect(totalPremiumWithFees(rated, { brokerFee, additionalBrokerFee, mgaFee })).toBe(total);
  });

  it('keeps each fee to the cent', () => {
    expect(feeAmounts({ brokerFee: 150.5, additionalBrokerFee: '25', mgaFee: 0 })).toEqual({ brokerFee: '150.50', additionalBrokerFee: '25.00', mgaFee: '0.00' });
  });

  it('leaves the fees out of the financed share of the payer\'s down payment', () => {
    // 20% of (3368.62 - 175.50 - 75.00) + 175.50 + 75.00 = 623.62 + 250.50
    expect(installmentDownPayment('3368.62', '175.50', '75.00')).toBe('874.12');
  });
});
