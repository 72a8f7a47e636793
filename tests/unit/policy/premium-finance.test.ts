import { describe, expect, it } from 'vitest';
import { amountFinanced, financeablePremium, financeQuoteOf, installmentAmount, installmentDownPayment } from '../../../engine/index.ts';

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

describe('amountFinanced: the total premium less the down payment, exact to the cent (never binary floating point)', () => {
  it.each([
    { totalPremium: '0.30', downPayment: '0.10', financed: '0.20' },
    { totalPremium: 1000.1, downPayment: 200.2, financed: '799.90' },
    { totalPremium: '12500.10', downPayment: '2500.10', financed: '10000.00' },
    { totalPremium: '500.00', downPayment: '650.00', financed: '0.00' },
  ])('$totalPremium less $downPayment: $financed', ({ totalPremium, downPayment, financed }) => {
    expect(amountFinanced(totalPremium, downPayment)).toBe(financed);
  });
});

describe('financeQuoteOf: the premium less the down payment in monthly instalments, the first one day after FirstInstallmentDue', () => {
  it.each([
    { totalPremium: '3486.02', downPayment: '697.20', apr: '9.5', count: 10, amountFinanced: '2788.82', installment: '291.17', financeCharge: '122.88', totalPaymentAmount: '3608.90', last: '2027-09-02' },
    { totalPremium: '10350.00', downPayment: '2350.00', apr: 0, count: 10, amountFinanced: '8000.00', installment: '800.00', financeCharge: '0.00', totalPaymentAmount: '10350.00', last: '2027-09-02' },
    { totalPremium: '10350.00', downPayment: '2350.00', apr: '7.25', count: 12, amountFinanced: '8000.00', installment: '693.14', financeCharge: '317.68', totalPaymentAmount: '10667.68', last: '2027-11-02' },
    { totalPremium: '1200.00', downPayment: '240.00', apr: '12', count: 10, amountFinanced: '960.00', installment: '101.36', financeCharge: '53.60', totalPaymentAmount: '1253.60', last: '2027-09-02' },
  ])('$totalPremium less $downPayment at $apr% over $count months', ({ totalPremium, downPayment, apr, count, amountFinanced, installment, financeCharge, totalPaymentAmount, last }) => {
    const quote = financeQuoteOf({ totalPremium, downPayment, apr, numberOfInstallments: count, firstInstallmentDue: '2026-12-01' });
    expect(quote).toMatchObject({ amountFinanced, installmentAmount: installment, financeCharge, totalPaymentAmount });
    expect(quote.schedule).toHaveLength(count);
    expect(quote.schedule[0]).toEqual({ number: 1, dueDate: '2026-12-02', amount: installment });
    expect(quote.schedule.at(-1)!.dueDate).toBe(last);
  });
});

describe('financeablePremium: the total premium less the broker and MGA fees (never negative)', () => {
  it.each([
    ['10350.00', '250.00', '100.00', '10000.00'],
    ['3486.02', '0.00', '0.00', '3486.02'],
    ['0.30', '0.10', '0.10', '0.10'],
    ['100.00', '80.00', '40.00', '0.00'],
  ])('%s less %s and %s is %s', (total, brokerFee, mgaFee, financeable) => {
    expect(financeablePremium(total, brokerFee, mgaFee)).toBe(financeable);
  });
});

describe("installmentDownPayment: 20% of (payment - broker fee - MGA fee) plus the fees, to 2 decimals", () => {
  it.each([
    ['10350.00', '250.00', '100.00', '2350.00'],
    ['3486.02', '0.00', '0.00', '697.20'],
    ['1234.57', '12.34', '0.01', '256.79'],
    ['0.00', '0.00', '0.00', '0.00'],
  ])('%s with fees %s and %s: %s', (payment, brokerFee, mgaFee, downPayment) => {
    expect(installmentDownPayment(payment, brokerFee, mgaFee)).toBe(downPayment);
  });
});
