import { describe, expect, it } from 'vitest';
import { amountDue, installmentDownPayment, paymentStatusOf, type RecordedPayment } from '../../../engine/index.ts';

/** The payment status of spec 000 ('Policy payment status values') and the payer's down payment (section 9), as data. */
const paid = (amount: string): RecordedPayment => ({ status: 'Paid', amount });
const failed = (amount: string): RecordedPayment => ({ status: 'Failed', amount });
const inProcess = (amount: string): RecordedPayment => ({ status: 'In Process', amount });
const voided = (amount: string): RecordedPayment => ({ status: 'Void', amount });

describe('paymentStatusOf (most recent payment first)', () => {
  it.each([
    { name: 'nothing recorded', total: '1200.00', payments: [], status: 'Unpaid', due: '1200.00' },
    { name: 'paid in full', total: '1200.00', payments: [paid('1200.00')], status: 'Paid', due: '0.00' },
    { name: 'paid in two parts', total: '1200.00', payments: [paid('200.01'), paid('999.99')], status: 'Paid', due: '0.00' },
    { name: 'overpaid', total: '1200.00', payments: [paid('1300.00')], status: 'Paid', due: '0.00' },
    { name: 'a payment on its way', total: '1200.00', payments: [inProcess('1200.00')], status: 'Processed', due: '1200.00' },
    { name: 'part paid, the rest on its way', total: '1200.00', payments: [inProcess('700.00'), paid('500.00')], status: 'Processed', due: '700.00' },
    { name: 'part paid', total: '1200.00', payments: [paid('500.00')], status: 'Partially Paid', due: '700.00' },
    { name: 'part paid, then a failure', total: '1200.00', payments: [failed('700.00'), paid('500.00')], status: 'Partially Paid', due: '700.00' },
    { name: 'the last attempt failed', total: '1200.00', payments: [failed('1200.00')], status: 'Failed', due: '1200.00' },
    { name: 'a failure, then a voided attempt', total: '1200.00', payments: [voided('1200.00'), failed('1200.00')], status: 'Failed', due: '1200.00' },
    { name: 'failed before, nothing since', total: '0.30', payments: [failed('0.10')], status: 'Failed', due: '0.30' },
    { name: 'a failure followed by a void only', total: '1200.00', payments: [voided('1200.00')], status: 'Unpaid', due: '1200.00' },
    // 0.1 + 0.2 is not 0.3 in binary floating point; decimals make it exact.
    { name: 'cents add up exactly', total: '0.30', payments: [paid('0.10'), paid('0.20')], status: 'Paid', due: '0.00' },
  ] as Array<{ name: string; total: string; payments: RecordedPayment[]; status: string; due: string }>)('$name: $status, $due due', ({ total, payments, status, due }) => {
    expect(paymentStatusOf(total, payments)).toBe(status);
    expect(amountDue(total, payments)).toBe(due);
  });
});

describe('installmentDownPayment: 20% of (payment - broker fee - MGA fee) + the fees', () => {
  it.each([
    { payment: '10000.00', broker: '0.00', mga: '0.00', down: '2000.00' },
    { payment: '10000.00', broker: '250.00', mga: '100.00', down: '2280.00' },
    { payment: '3273.55', broker: '0.00', mga: '0.00', down: '654.71' },
    { payment: '1234.57', broker: '50.00', mga: '25.00', down: '306.91' },
  ])('$payment with fees $broker and $mga: $down', ({ payment, broker, mga, down }) => {
    expect(installmentDownPayment(payment, broker, mga)).toBe(down);
  });
});
