import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { Decimal } from '../../engine/index.ts';
import { INVOICE_REMINDER_TEXTS, REMINDER_MAIL_TEXTS } from '../../server/lifecycle/reminders/invoice/invoice-reminder-texts.ts';
import { sendDueInvoiceReminders } from '../../server/lifecycle/reminders/invoice/send-due-invoice-reminders.ts';
import { messagesTo } from './support/mail.ts';
import { issuedPolicy } from './support/policy-fixtures.ts';
import { clientOf } from './support/quote-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Invoice reminders (spec 002 section 2 'Payment reminder', section 4 'toggle invoice reminder', section 7
 * toggle/invoiceReminder, invoiceReminder/{id}) and the agency-billed invoice stats (agencyBilledInvoices/stats).
 * Policies are issued on TODAY, so their premium is due 30 days later (2026-12-02) and the reminders fall on
 * 11-25 (a week before), 12-02 (the day), 12-09 and 12-16 (one and two weeks late).
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const accounts: Record<string, string> = {};
const TODAY = '2026-11-02';
const USERS = { agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example', admin: 'admin@provider.example' };
/** Each policy's payer, so one policy's mail never reads as another's. */
const payerOf = (name: string) => `payer-${name}@insured.example`;

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown) {
  return t.inject({ method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC' }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function travelTo(day: string): Promise<void> {
  t.clock.set(new Date(`${day}T12:00:00Z`));
  for (const [name, email] of Object.entries(USERS)) tokens[name] = (await t.tokensFor(email)).accessToken;
}

/** The run provider staff start by hand: how many reminders went out. */
async function runReminders(): Promise<number> {
  const run = await call('admin', 'POST', '/api/billing/v1/invoiceReminder/run');
  expect(run.statusCode, run.body).toBe(200);
  expect(run.json().message).toBe(INVOICE_REMINDER_TEXTS.sent(run.json().sent));
  return run.json().sent;
}

const remindersOf = async (name: string) => (await call('admin', 'GET', `/api/billing/v1/invoiceReminder/${ids[name]}`)).json() as Json;
const offsetsSent = async (name: string) => ((await remindersOf(name)).content as Json[]).map((reminder) => reminder.offsetDays).sort((a, b) => a - b);
const toggle = (caller: string, name: string) => call(caller, 'PUT', `/api/billing/v1/toggle/invoiceReminder?policyId=${ids[name]}`);

/** What an agency owes on an agency-billed policy: the premium it collected less its commission. */
async function netDueOf(name: string): Promise<string> {
  const [row] = await t.db.query<{ total_premium: string; premium: string; commission_rate: string }>(
    'SELECT total_premium::text, premium::text, commission_rate::text FROM policies WHERE id = $1', [ids[name]],
  );
  return Decimal.from(row!.total_premium).minus(Decimal.from(row!.premium).times(Decimal.from(row!.commission_rate)).round(2)).toFixed(2);
}

async function applyPayment(name: string, amount: string) {
  const paid = await call('admin', 'POST', '/api/billing/v1/external/applyPayment', { policyId: ids[name], amountPaid: Number(amount), paymentMethod: 'Check', paymentDate: TODAY });
  expect(paid.statusCode, paid.body).toBe(200);
}

beforeAll(async () => {
  t = await startTestApp();
  await travelTo(TODAY);
  const [agency] = await t.db.query<{ id: string }>(`SELECT id FROM accounts WHERE name = 'Summit Risk Partners'`);
  const [other] = await t.db.query<{ id: string }>(`SELECT account_id AS id FROM users WHERE email = $1`, [USERS.otherAgent]);
  accounts.agency = agency!.id;
  accounts.other = other!.id;
  // a: reminded; b: turned off, then back on; paid: paid in full; cancelled: flat cancelled; billed and billedPaid: agency billed.
  for (const name of ['a', 'b', 'paid', 'cancelled', 'billed', 'billedPaid']) {
    const client = await clientOf(t, 'Summit Risk Partners', `Reminder Client ${name} LLC`, { edition: 'us', state: 'CO', zip: '80202', industry: '541512', revenue: 5_000_000 });
    ids[name] = await issuedPolicy(t, call, 'agent', client, { edition: 'us', state: 'CO', product: 'P250', today: TODAY });
    await t.db.query('UPDATE policies SET contact_email = $2 WHERE id = $1', [ids[name], payerOf(name)]);
  }
  await t.db.query('UPDATE policies SET agency_billed = true WHERE id = ANY($1)', [[ids.billed, ids.billedPaid]]);
}, 300_000);

afterAll(async () => {
  await t?.close();
});

describe('turning a policy\'s invoice reminders off and on', () => {
  it('is for billing: an agent may not (403); a policy out of reach answers 404', async () => {
    expect((await toggle('agent', 'b')).statusCode).toBe(403);
    expect((await call('admin', 'PUT', '/api/billing/v1/toggle/invoiceReminder?policyId=00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call('otherAgent', 'GET', `/api/billing/v1/invoiceReminder/${ids.a}`)).statusCode).toBe(404);
    expect((await call('agent', 'GET', `/api/billing/v1/invoiceReminder/${ids.a}`)).statusCode).toBe(200);
  });

  it('billing turns them off: the policy says so, with an event and an audit entry', async () => {
    const before = (await call('admin', 'GET', `/api/policy/v1/${ids.b}`)).json() as Json;
    expect(before.invoiceRemindersOff).toBe(false);
    expect(before.actions).toContain('invoiceReminder');
    expect(((await call('agent', 'GET', `/api/policy/v1/${ids.b}`)).json() as Json).actions).not.toContain('invoiceReminder');

    const off = await toggle('admin', 'b');
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().message).toBe(INVOICE_REMINDER_TEXTS.turnedOff(before.policyNumber));
    const after = (await call('admin', 'GET', `/api/policy/v1/${ids.b}`)).json() as Json;
    expect(after.invoiceRemindersOff).toBe(true);
    expect(after.events.at(-1)).toMatchObject({ action: 'invoiceReminder', detail: { invoiceRemindersOff: true } });
    expect((await remindersOf('b')).remindersOn).toBe(false);
    const [audit] = await t.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM audit_log WHERE target = $1 AND action = 'policy.invoiceReminder'`, [ids.b]);
    expect(audit!.count).toBe(1);
  });
});

describe('scheduled invoice reminders', () => {
  it('none before the first reminder\'s day', async () => {
    await applyPayment('paid', (await call('admin', 'GET', `/api/policy/v1/${ids.paid}`)).json().totalPremium);
    const flat = await call('admin', 'PUT', `/api/policy/v1/flatcancel/${ids.cancelled}`, { reason: 'Written in error' });
    expect(flat.statusCode, flat.body).toBe(200);
    await travelTo('2026-11-24');
    expect(await runReminders()).toBe(0);
  });

  it('a week before the due date: the unpaid policy\'s payer is e-mailed, once; not off, paid, cancelled or agency-billed policies', async () => {
    await travelTo('2026-11-25');
    expect(await runReminders()).toBe(1);
    expect(await runReminders()).toBe(0);
    const policy = (await call('admin', 'GET', `/api/policy/v1/${ids.a}`)).json() as Json;
    const mail = await t.latestMessageTo(payerOf('a'));
    expect(mail?.subject).toBe(REMINDER_MAIL_TEXTS.subject(-7, policy.policyNumber, '12/02/2026'));
    expect(mail?.body).toMatch(/is due on 12\/02\/2026/);
    expect(mail?.body).toMatch(/\$[\d,]+\.\d{2}/);
    expect(mail?.body).toContain(`/customer/policies/${ids.a}/payment`);
    expect(mail?.body).toContain(`INV-${policy.policyNumber}`);
    for (const name of ['b', 'paid', 'cancelled', 'billed', 'billedPaid']) expect(await messagesTo(t, payerOf(name)), name).toEqual([]);

    const listed = await remindersOf('a');
    expect(listed).toMatchObject({ totalElements: 1, page: 0, remindersOn: true, dueDate: '2026-12-02', policyId: ids.a });
    expect(listed.content[0]).toMatchObject({ kind: 'BEFORE_DUE', offsetDays: -7, dueDate: '2026-12-02', recipient: payerOf('a'), amountDue: policy.totalPremium, currency: 'USD' });
  });

  it('turned back on, a policy gets the reminder whose day has come', async () => {
    await travelTo('2026-11-27');
    const on = await toggle('admin', 'b');
    expect(on.json().message).toMatch(/turned on/);
    expect(await sendDueInvoiceReminders(t.app.services, '2026-11-27')).toBe(1);
    expect(await offsetsSent('b')).toEqual([-7]);
    expect(await sendDueInvoiceReminders(t.app.services, '2026-12-01')).toBe(0);
  });

  it('on the due date, two sweeps at once (two servers) send each reminder once', async () => {
    await travelTo('2026-12-02');
    const [first, second] = await Promise.all([sendDueInvoiceReminders(t.app.services, '2026-12-02'), sendDueInvoiceReminders(t.app.services, '2026-12-02')]);
    expect(first + second).toBe(2);
    expect(await offsetsSent('a')).toEqual([-7, 0]);
    expect(await offsetsSent('b')).toEqual([-7, 0]);
    expect((await t.latestMessageTo(payerOf('a')))?.subject).toMatch(/is due today$/);
  });

  it('late: a reminder missed is not sent late, the latest due is; a payment in full stops them', async () => {
    // Billing receives b's premium; a's sweep was missed on 12-09, so 12-17 sends the two-weeks-late one only.
    await applyPayment('b', (await call('admin', 'GET', `/api/policy/v1/${ids.b}`)).json().totalPremium);
    await travelTo('2026-12-17');
    expect(await runReminders()).toBe(1);
    expect(await offsetsSent('a')).toEqual([-7, 0, 14]);
    expect(await offsetsSent('b')).toEqual([-7, 0]);
    const mail = await t.latestMessageTo(payerOf('a'));
    expect(mail?.subject).toMatch(/^Overdue invoice: .* was due on 12\/02\/2026$/);
    await travelTo('2027-01-20');
    expect(await runReminders()).toBe(0);
    for (const name of ['paid', 'cancelled', 'billed', 'billedPaid']) expect(await messagesTo(t, payerOf(name)), name).toEqual([]);
  });

  it('sending them by hand is for provider billing staff', async () => {
    expect((await call('agent', 'POST', '/api/billing/v1/invoiceReminder/run')).statusCode).toBe(403);
  });
});

describe('agency-billed invoice stats', () => {
  it('counts and totals the agency\'s invoices: paid, outstanding and, after the due date, overdue', async () => {
    const billed = await netDueOf('billed');
    const billedPaid = await netDueOf('billedPaid');
    await applyPayment('billedPaid', billedPaid);
    const expected = (overdue: boolean) => ({
      invoiceCount: 2, paidCount: 1, outstandingCount: 1, overdueCount: overdue ? 1 : 0,
      currencies: [{
        currency: 'USD', invoiceCount: 2, invoicedAmount: Decimal.from(billed).plus(Decimal.from(billedPaid)).toFixed(2),
        paidCount: 1, paidAmount: billedPaid, outstandingCount: 1, outstandingAmount: billed,
        overdueCount: overdue ? 1 : 0, overdueAmount: overdue ? billed : '0.00',
      }],
    });
    // The due date of invoices issued on TODAY is 2026-12-02: overdue now (2027-01-20).
    const stats = await call('agent', 'GET', '/api/billing/v1/agencyBilledInvoices/stats');
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json()).toMatchObject({ asOf: '2027-01-20', agencyId: null, ...expected(true) });
    await travelTo('2026-12-01');
    expect((await call('agent', 'GET', '/api/billing/v1/agencyBilledInvoices/stats')).json()).toMatchObject(expected(false));
  });

  it('provider staff see every agency\'s, or one\'s; another agency sees none of them and may not name this one', async () => {
    const all = (await call('admin', 'GET', '/api/billing/v1/agencyBilledInvoices/stats')).json() as Json;
    expect(all.invoiceCount).toBe(2);
    const one = (await call('admin', 'GET', `/api/billing/v1/agencyBilledInvoices/stats?agencyId=${accounts.agency}`)).json() as Json;
    expect(one).toMatchObject({ agencyId: accounts.agency, invoiceCount: 2 });
    expect((await call('admin', 'GET', `/api/billing/v1/agencyBilledInvoices/stats?agencyId=${accounts.other}`)).json()).toMatchObject({ invoiceCount: 0, currencies: [] });
    expect((await call('otherAgent', 'GET', '/api/billing/v1/agencyBilledInvoices/stats')).json()).toMatchObject({ invoiceCount: 0, paidCount: 0, currencies: [] });
    expect((await call('otherAgent', 'GET', `/api/billing/v1/agencyBilledInvoices/stats?agencyId=${accounts.agency}`)).statusCode).toBe(404);
  });
});
