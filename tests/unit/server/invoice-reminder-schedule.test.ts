import { describe, expect, test } from 'vitest';
import { invoiceReminderMail } from '../../../server/lifecycle/reminders/invoice/reminder-mail.ts';
import { reminderKindOf, reminderWindows } from '../../../server/lifecycle/reminders/invoice/reminder-schedule.ts';
import { paymentDueDate } from '../../../server/lifecycle/ledger/invoice-terms.ts';
import { registry } from '../../support/registry.ts';

/** The reminder due on a day for a due date, as the sweep's SQL applies the windows. */
function dueOffset(dueDate: string, today: string, offsets: number[]): number | null {
  const window = reminderWindows(today, offsets).find((candidate) => dueDate <= candidate.dueBy && (candidate.dueAfter === null || dueDate > candidate.dueAfter));
  return window?.offsetDays ?? null;
}

describe('which invoice reminder is due', () => {
  const OFFSETS = [-7, 0, 7, 14];
  // [due date, today, the reminder due]: the latest whose day has come; none before the first.
  const CASES: Array<[string, string, number | null]> = [
    ['2026-12-02', '2026-11-24', null],
    ['2026-12-02', '2026-11-25', -7],
    ['2026-12-02', '2026-12-01', -7],
    ['2026-12-02', '2026-12-02', 0],
    ['2026-12-02', '2026-12-08', 0],
    ['2026-12-02', '2026-12-09', 7],
    ['2026-12-02', '2026-12-15', 7],
    ['2026-12-02', '2026-12-16', 14],
    ['2026-12-02', '2027-06-30', 14],
    ['2027-01-03', '2026-12-27', -7],
  ];
  test.each(CASES)('due %s, on %s: %s', (dueDate, today, expected) => {
    expect(dueOffset(dueDate, today, OFFSETS)).toBe(expected);
  });

  test('offsets given out of order or twice count once, in order', () => {
    expect(reminderWindows('2026-12-02', [7, -7, 7]).map((window) => window.offsetDays)).toEqual([-7, 7]);
  });

  test('the due date counts from the UTC day of issue; kinds by the side of the due date', () => {
    expect(paymentDueDate('2026-11-02T23:30:00Z')).toBe('2026-12-02');
    expect([-7, 0, 7].map(reminderKindOf)).toEqual(['BEFORE_DUE', 'DUE', 'OVERDUE']);
  });
});

describe('the reminder e-mail', () => {
  const subject = {
    policyId: 'a7c6f7b2-0d1e-4f4a-9a55-0b2a3c4d5e6f', policyNumber: 'P-2026-000042', companyName: 'Harbourside Analytics Ltd', agencyName: 'Thames Cyber Brokers',
    edition: 'uk' as const, contactFirstName: 'Oliver', contactEmail: 'oliver@harbourside.example', effectiveDate: '2026-11-02', endDate: '2027-11-02',
    dueDate: '2026-12-02', offsetDays: 7, today: '2026-12-09', amountDue: '1234.50',
  };
  const config = { publicUrls: { us: 'https://console.example', uk: 'https://console.example.uk' } };

  test('reads in the policy\'s edition: its date format and currency, a link to the payment page at its address', () => {
    const mail = invoiceReminderMail(subject, registry.edition('uk'), config);
    expect(mail.to).toBe('oliver@harbourside.example');
    expect(mail.subject).toBe('Overdue invoice: the premium of policy P-2026-000042 was due on 02/12/2026');
    expect(mail.text).toContain('£1,234.50');
    expect(mail.text).toContain('https://console.example.uk/customer/policies/a7c6f7b2-0d1e-4f4a-9a55-0b2a3c4d5e6f/payment');
    expect(mail.text).toContain('Invoice INV-P-2026-000042');
  });

  // [edition, due date, schedule day, sent on, the words about the due date]: the words follow the day it is
  // sent, never the schedule's day (a 'due today' reminder a sweep sends three days late says 'was due').
  const WORDS: Array<['us' | 'uk', string, number, string, string]> = [
    ['us', '2026-11-29', 0, '2026-11-29', 'is due today, 11/29/2026.'],
    ['us', '2026-11-29', 0, '2026-12-02', 'it was due on 11/29/2026.'],
    ['us', '2026-11-29', -7, '2026-11-22', 'is due on 11/29/2026.'],
    ['uk', '2026-11-29', 0, '2026-11-29', 'is due today, 29/11/2026.'],
    ['uk', '2026-11-29', 0, '2026-12-02', 'it was due on 29/11/2026.'],
    ['uk', '2026-11-29', -7, '2026-11-24', 'is due on 29/11/2026.'],
  ];
  test.each(WORDS)('%s: due %s, reminder of day %i sent on %s says "%s"', (edition, dueDate, offsetDays, today, words) => {
    const mail = invoiceReminderMail({ ...subject, edition, dueDate, offsetDays, today }, registry.edition(edition), config);
    expect(mail.text).toContain(words);
    expect(mail.subject.endsWith('is due today')).toBe(today === dueDate);
    expect(mail.text).toContain(`${config.publicUrls[edition]}/customer/policies/`);
  });
});
