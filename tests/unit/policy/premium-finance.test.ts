import { describe, expect, it } from 'vitest';
import { financeQuoteOf, installmentAmount, installmentDownPayment } from '../../../engine/index.ts';

/** Premium financing (spec 002 'Premium financing'): level instalments of an amortised loan, as data. */
describe('installmentAmount', () => {
  it.each([
    { financed: '10000.00', apr: 12, count: 12, installment: '888.49' },
    { financed: '5000.00', apr: 6, count: 10, installment: '513.85' },
    { financed: '2785.20', apr: 9.5, count: 10, installment: '290.79' },
    { financed: '1000.00', apr: 0, count: 10, installment: '100.00' },
    { financed: '0.01', apr: 10, count: 10, installment: '0.00' },
    { financed: '0.00', apr: 10, count: 10, installment: '0.00' },
    { financed: '1000.00', apr: 10, count: 0, installment: '0.00' },
  ])('$financed at $apr% over $count months: $installment a month', ({ financed, apr, count, installment }) => {
    expect(installmentAmount(financed, apr, count)).toBe(installment);
  });
});

describe('financeQuoteOf', () => {
  it('finances the premium less the down payment in 10 monthly instalments, the first one day after FirstInstallmentDue', () => {
    const premium = '3486.02';
    const down = installmentDownPayment(premium, '0.00', '0.00');
    expect(down).toBe('697.20');
    const quote = financeQuoteOf({ totalPremium: premium, downPayment: down, apr: '9.5', numberOfInstallments: 10, firstInstallmentDue: '2026-12-01' });
    expect(quote.amountFinanced).toBe('2788.82');
    expect(quote.installmentAmount).toBe(installmentAmount('2788.82', '9.5', 10));
    expect(Number(quote.financeCharge)).toBeCloseTo(Number(quote.installmentAmount) * 10 - 2788.82, 2);
    expect(quote.totalPaymentAmount).toBe((697.2 + Number(quote.installmentAmount) * 10).toFixed(2));
    expect(quote.schedule.map((row) => row.dueDate)).toEqual([
      '2026-12-02', '2027-01-02', '2027-02-02', '2027-03-02', '2027-04-02', '2027-05-02', '2027-06-02', '2027-07-02', '2027-08-02', '2027-09-02',
    ]);
  });

  it('keeps the fees out of what is financed: the down payment carries them', () => {
    const down = installmentDownPayment('10350.00', '250.00', '100.00');
    expect(down).toBe('2350.00');
    expect(financeQuoteOf({ totalPremium: '10350.00', downPayment: down, apr: 0, numberOfInstallments: 10, firstInstallmentDue: '2026-12-01' }).amountFinanced).toBe('8000.00');
  });
});
