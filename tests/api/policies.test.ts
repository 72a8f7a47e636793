import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { PDFParse } from 'pdf-parse';
import { flatCancelReturnPremium, proRataReturnPremium } from '../../engine/index.ts';
import { POLICY_TEXTS } from '../../server/lifecycle/policies/policy-texts.ts';
import { QUOTE_TEXTS } from '../../server/lifecycle/quotes/quote-texts.ts';
import { messagesTo } from './support/mail.ts';
import { clientOf, p250Request } from './support/quote-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Binding and policies (spec 002 sections 3, 4 and 7 Policy): an agent binds a Ready quote as a binder and
 * issues its policy; the binders and policies lists within the tenant rule; the calendar's moves; the
 * provider's cancel, flat cancel, void and undo with exact return premiums; the agent's servicing (Check In
 * Mail, renewal opt-out, reminders, the policy contact, a cancellation request); the binder and policy PDFs;
 * an audit entry for every change. In both editions where the edition changes what is said.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const TODAY = '2026-11-23';
const UK = 'console.example.uk';

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC', ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function readyQuote(caller: string, accountId: string, edition: 'us' | 'uk', state: string, product: string, host?: string): Promise<string> {
  // Dated from the clock's day, as the editor would: a test that moved the clock quotes within the start window of then.
  const created = await call(caller, 'POST', '/api/quote/v1/create', p250Request(accountId, edition, state, t.clock.now().toISOString().slice(0, 10), product), host);
  expect(created.statusCode, created.body).toBe(201);
  const quote = created.json() as Json;
  if (quote.status !== 'READY') await t.db.query(`UPDATE quotes SET status = 'READY' WHERE id = $1`, [quote.id]);
  return quote.id as string;
}

const CONTACT = { customerFirstName: 'Priya', customerLastName: 'Raman', customerEmail: 'Priya.Raman@juniperridge.example', customerPhone: '3035550164' };
const UK_CONTACT = { customerFirstName: 'Oliver', customerLastName: 'Hughes', customerEmail: 'oliver@harbourside.example', customerPhone: '02079460321' };

async function pdfText(response: { rawPayload: Buffer }): Promise<string> {
  return (await new PDFParse({ data: new Uint8Array(response.rawPayload) }).getText()).text;
}

async function auditCount(target: string, action: string): Promise<number> {
  const [row] = await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM audit_log WHERE target = $1 AND action = $2', [target, action]);
  return row!.count;
}

const USERS = {
  agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example', broker: 'broker@brokerage.example', admin: 'admin@provider.example',
  underwriter: 'underwriter@provider.example', policyholder: 'policyholder@insured.example',
};

/** Days pass: the clock moves and everyone signs in again (an access token lives minutes). */
async function travelTo(at: Date): Promise<void> {
  t.clock.set(at);
  for (const [name, email] of Object.entries(USERS)) tokens[name] = (await t.tokensFor(email)).accessToken;
}

beforeAll(async () => {
  t = await startTestApp();
  await travelTo(new Date(`${TODAY}T12:00:00Z`));
  ids.client = await clientOf(t, 'Summit Risk Partners', 'Juniper Ridge Clinics LLC', { edition: 'us', state: 'CO', zip: '80202', industry: '541512', revenue: 5_000_000 });
  ids.ukClient = await clientOf(t, 'Thames Cyber Brokers', 'Harbourside Dental Ltd', { edition: 'uk', state: null, zip: 'BS1 4DJ', industry: '62020', revenue: 3_000_000 });
  ids.usQuote = await readyQuote('agent', ids.client, 'us', 'CO', 'P250');
  ids.spareQuote = await readyQuote('agent', ids.client, 'us', 'CO', 'P250');
  ids.expiringQuote = await readyQuote('agent', ids.client, 'us', 'CO', 'P250');
  ids.ukQuote = await readyQuote('broker', ids.ukClient, 'uk', 'ENG', 'P_ONE', UK);
  // The demo policyholder's own account, given what the rater needs, so the insured's side can be seen.
  const [acme] = await t.db.query<{ id: string }>(`SELECT id FROM accounts WHERE name = 'Acme Precision Manufacturing'`);
  ids.acme = acme!.id;
  await t.db.query(
    `INSERT INTO account_details (account_id, address1, city, state, zip_code, country, industry_code, modified_at)
     VALUES ($1, '410 Industrial Parkway', 'Denver', 'CO', '80216', 'US', '541512', now())
     ON CONFLICT (account_id) DO UPDATE SET state = 'CO', zip_code = '80216', industry_code = '541512', country = 'US'`,
    [ids.acme],
  );
  await t.db.query(`INSERT INTO account_profiles (account_id, status, revenue, employees, modified_at) VALUES ($1, 'Open', 5000000, 40, now())
    ON CONFLICT (account_id) DO UPDATE SET status = 'Open', revenue = 5000000, employees = 40`, [ids.acme]);
  ids.acmeQuote = await readyQuote('agent', ids.acme, 'us', 'CO', 'P250');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('binding a quote', () => {
  it.each([
    { edition: 'us', caller: 'agent', quote: 'usQuote', contact: CONTACT, host: undefined, email: 'priya.raman@juniperridge.example' },
    { edition: 'uk', caller: 'broker', quote: 'ukQuote', contact: UK_CONTACT, host: UK, email: 'oliver@harbourside.example' },
  ])('$edition: a Ready quote becomes a binder with its number, its expiry and the policy holder', async ({ caller, quote, contact, host, email }) => {
    const bound = await call(caller, 'PUT', `/api/quote/v1/${ids[quote]}/bind`, contact, host);
    expect(bound.statusCode, bound.body).toBe(200);
    const body = bound.json() as Json;
    expect(body.message).toBe(POLICY_TEXTS.bound);
    expect(body.quote).toMatchObject({ status: 'BOUND', agencyStatus: 'BOUND', binderNumber: expect.stringMatching(/^B-2026-\d{6}$/), customerEmail: email, policyId: null });
    // Cover is held for 30 days from the effective date (it is later than today).
    const effective = new Date(`${body.quote.effectiveDate}T00:00:00Z`);
    expect(body.quote.binderExpiresOn).toBe(new Date(effective.getTime() + 30 * 86_400_000).toISOString().slice(0, 10));
    expect(await auditCount(ids[quote]!, 'quote.bind')).toBe(1);
  });

  it.each([
    { name: 'an invalid e-mail', payload: { ...CONTACT, customerEmail: 'priya@' }, status: 400, text: 'Please enter a valid Email Address' },
    { name: 'no first name', payload: { ...CONTACT, customerFirstName: '' }, status: 400, text: 'Please enter Policy Holder First Name.' },
  ])('refuses $name with the form\'s message', async ({ payload, status, text }) => {
    const refused = await call('agent', 'PUT', `/api/quote/v1/${ids.spareQuote}/bind`, payload);
    expect(refused.statusCode).toBe(status);
    expect(refused.body).toContain(text);
  });

  it('answers another agency like a missing quote, refuses a policyholder, and refuses a quote already bound', async () => {
    expect((await call('otherAgent', 'PUT', `/api/quote/v1/${ids.spareQuote}/bind`, CONTACT)).statusCode).toBe(404);
    expect((await call('policyholder', 'PUT', `/api/quote/v1/${ids.spareQuote}/bind`, CONTACT)).statusCode).toBe(403);
    const again = await call('agent', 'PUT', `/api/quote/v1/${ids.usQuote}/bind`, CONTACT);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This quote cannot be bound while it is BOUND.');
  });

  it('lists binders on the binders tab of their own agency only, and prints the binder', async () => {
    const own = (await call('agent', 'GET', '/api/quote/v1/binders')).json() as Json;
    expect(own.content.map((binder: Json) => binder.id)).toEqual([ids.usQuote]);
    expect(own.content[0]).toMatchObject({ status: 'BOUND', companyName: 'Juniper Ridge Clinics LLC' });
    expect((await call('otherAgent', 'GET', '/api/quote/v1/binders')).json().totalElements).toBe(0);
    expect((await call('admin', 'GET', '/api/quote/v1/binders?status=BOUND')).json().totalElements).toBe(2);
    const pdf = await call('agent', 'GET', `/api/quote/v1/${ids.usQuote}/binder`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toMatch(/Juniper_Ridge_Clinics_LLC_B-2026-\d{6}_Binder\.pdf/);
    const text = await pdfText(pdf);
    expect(text).toContain('Binder of Insurance');
    expect(text).toContain(own.content[0].binderNumber);
    expect(text).toContain('Juniper Ridge Clinics LLC');
  });

  it('an underwriter rescinds a binder with a reason; an agent may not', async () => {
    expect((await call('agent', 'PUT', `/api/quote/v1/${ids.spareQuote}/bind`, CONTACT)).statusCode).toBe(200);
    expect((await call('agent', 'PUT', `/api/quote/v1/rescind/${ids.spareQuote}`, { reason: 'Bound in error' })).statusCode).toBe(403);
    expect((await call('underwriter', 'PUT', `/api/quote/v1/rescind/${ids.spareQuote}`, { reason: 'Bound in error' })).statusCode).toBe(403);
    const rescinded = await call('admin', 'PUT', `/api/quote/v1/rescind/${ids.spareQuote}`, { reason: 'Bound in error' });
    expect(rescinded.statusCode, rescinded.body).toBe(200);
    expect(rescinded.json()).toMatchObject({ message: 'Binder rescinded', quote: { status: 'RESCIND', agencyStatus: 'INVALID' } });
    expect((await call('agent', 'POST', `/api/policy/v1/generate/${ids.spareQuote}`)).statusCode).toBe(409);
  });
});

describe('issuing the policy', () => {
  it.each([
    { edition: 'us', caller: 'agent', quote: 'usQuote', host: undefined, company: 'Juniper Ridge Clinics LLC', money: /\$[\d,]+\.\d{2}/, to: 'priya.raman@juniperridge.example', productName: 'Prime 250', taxed: false },
    { edition: 'uk', caller: 'broker', quote: 'ukQuote', host: UK, company: 'Harbourside Dental Ltd', money: /£[\d,]+\.\d{2}/, to: 'oliver@harbourside.example', productName: 'Prime One', taxed: true },
  ])('$edition: the binder is issued as a policy with its number; the insured is told; the declarations print', async ({ caller, quote, host, company, money, to, productName, taxed }) => {
    const issued = await call(caller, 'POST', `/api/policy/v1/generate/${ids[quote]}`, undefined, host);
    expect(issued.statusCode, issued.body).toBe(200);
    const policy = issued.json().policy as Json;
    expect(issued.json().message).toBe(`Policy ${policy.policyNumber} issued`);
    // Effective in 14 days: ISSUED until then.
    expect(policy).toMatchObject({ status: 'ISSUED', companyName: company, policyNumber: expect.stringMatching(/^P-2026-\d{6}$/), isOpenForRenewal: false });
    expect(policy.events).toEqual([expect.objectContaining({ action: 'issue', fromStatus: null, toStatus: 'ISSUED' })]);
    // The product by its name, and the UK's insurance premium tax inside the total.
    expect(policy.productName).toBe(productName);
    expect(Number(policy.premiumTax) > 0).toBe(taxed);
    ids[`${quote}Policy`] = policy.id;
    const quoteAfter = (await call(caller, 'GET', `/api/quote/v1/${ids[quote]}`, undefined, host)).json() as Json;
    expect(quoteAfter).toMatchObject({ status: 'ISSUED', policyId: policy.id });
    const [account] = await t.db.query<{ status: string }>('SELECT status FROM account_profiles WHERE account_id = $1', [policy.accountId]);
    expect(account!.status).toBe('Active Policy');
    const [mail] = await messagesTo(t, to);
    expect(mail?.subject).toBe(`Your cyber insurance policy ${policy.policyNumber}`);
    const pdf = await call(caller, 'GET', `/api/policy/v1/${policy.id}/document`, undefined, host);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf);
    expect(text).toContain('Policy Declarations');
    expect(text).toContain(policy.policyNumber);
    expect(text).toContain(company);
    expect(text).toMatch(money);
    expect(await auditCount(policy.id, 'policy.issue')).toBe(1);
    // Issued once: the binder is gone from the binders tab and cannot be issued again.
    expect((await call(caller, 'POST', `/api/policy/v1/generate/${ids[quote]}`, undefined, host)).statusCode).toBe(409);
  });

  it('lists policies within the tenant rule: the agency its own, provider staff all, another agency and another insured none', async () => {
    const own = (await call('agent', 'GET', '/api/policy/v1/search')).json() as Json;
    expect(own.content.map((policy: Json) => policy.id)).toEqual([ids.usQuotePolicy]);
    expect((await call('admin', 'GET', '/api/policy/v1/search')).json().totalElements).toBe(2);
    expect((await call('otherAgent', 'GET', '/api/policy/v1/search')).json().totalElements).toBe(0);
    expect((await call('policyholder', 'GET', '/api/policy/v1/search')).json().totalElements).toBe(0);
    expect((await call('otherAgent', 'GET', `/api/policy/v1/${ids.usQuotePolicy}`)).statusCode).toBe(404);
    expect((await call('policyholder', 'GET', `/api/policy/v1/${ids.usQuotePolicy}/document`)).statusCode).toBe(404);
    expect((await call('agent', 'GET', '/api/quote/v1/binders?status=BOUND')).json().totalElements).toBe(0);
  });

  it('lists the policies of the team chosen in the selector only', async () => {
    const teams = await t.db.query<{ id: string; name: string }>(
      `SELECT t.id, t.name FROM teams t JOIN accounts a ON a.id = t.account_id WHERE a.name = 'Summit Risk Partners' ORDER BY t.name`);
    // The client's team, as the account's team is carried to its quotes and policies.
    await t.db.query('UPDATE quotes SET team_id = $2 WHERE id = $1', [ids.usQuote, teams[0]!.id]);
    await t.db.query('UPDATE policies SET team_id = $2 WHERE id = $1', [ids.usQuotePolicy, teams[0]!.id]);
    const policy = { team_id: teams[0]!.id };
    const other = teams[1]!;
    const listed = async (teamId: string) => ((await call('agent', 'GET', `/api/policy/v1/search?teamId=${teamId}`)).json().content as Json[]).map((row) => row.id);
    expect(await listed(policy.team_id)).toEqual([ids.usQuotePolicy]);
    expect(await listed(other.id)).toEqual([]);
    expect((await call('agent', 'GET', `/api/quote/v1/binders?teamId=${other.id}`)).json().totalElements).toBe(0);
  });

  it('refuses to issue a binder past its expiry: the calendar marks it BINDER EXPIRED', async () => {
    expect((await call('agent', 'PUT', `/api/quote/v1/${ids.expiringQuote}/bind`, CONTACT)).statusCode).toBe(200);
    await t.db.query(`UPDATE quotes SET binder_expires_on = '2026-11-22' WHERE id = $1`, [ids.expiringQuote]);
    const refused = await call('agent', 'POST', `/api/policy/v1/generate/${ids.expiringQuote}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(POLICY_TEXTS.binderExpired);
    await travelTo(new Date('2026-11-24T08:00:00Z'));
    const binders = (await call('agent', 'GET', '/api/quote/v1/binders?status=BINDER%20EXPIRED')).json() as Json;
    expect(binders.content.map((binder: Json) => [binder.id, binder.status])).toEqual([[ids.expiringQuote, 'BINDER EXPIRED']]);
  });
});

describe('the insured', () => {
  it('sees its own policy (list, page, declarations) but none of the agent\'s servicing', async () => {
    expect((await call('agent', 'PUT', `/api/quote/v1/${ids.acmeQuote}/bind`, { ...CONTACT, customerEmail: 'policyholder@insured.example' })).statusCode).toBe(200);
    const issued = await call('agent', 'POST', `/api/policy/v1/generate/${ids.acmeQuote}`);
    expect(issued.statusCode, issued.body).toBe(200);
    ids.acmePolicy = issued.json().policy.id;
    const own = (await call('policyholder', 'GET', '/api/policy/v1/search')).json() as Json;
    expect(own.content.map((policy: Json) => policy.id)).toEqual([ids.acmePolicy]);
    const page = (await call('policyholder', 'GET', `/api/policy/v1/${ids.acmePolicy}`)).json() as Json;
    expect(page).toMatchObject({ companyName: 'Acme Precision Manufacturing', actions: ['certificate'] });
    expect((await call('policyholder', 'GET', `/api/policy/v1/${ids.acmePolicy}/document`)).statusCode).toBe(200);
    expect((await call('policyholder', 'PUT', `/api/policy/v1/description/${ids.acmePolicy}`)).statusCode).toBe(403);
    expect((await call('policyholder', 'GET', `/api/policy/v1/${ids.usQuotePolicy}`)).statusCode).toBe(404);
  });
});

describe('certificates', () => {
  it.each([
    { edition: 'us', caller: 'agent', policy: 'usQuotePolicy', host: undefined, holder: { organizationName: 'Lakeview Property Management LLC', address1: '200 Lake Street', city: 'Denver', state: 'CO', zip: '80202' }, to: 'agent@agency.example' },
    { edition: 'uk', caller: 'broker', policy: 'ukQuotePolicy', host: UK, holder: { organizationName: 'Northern Quarter Lettings Ltd', address1: '14 Piccadilly', city: 'Manchester', zip: 'M1 4BT' }, to: 'broker@brokerage.example' },
  ])('$edition: downloads the certificate, issues one naming a holder (kept, e-mailed, its PDF names the holder)', async ({ caller, policy, host, holder, to }) => {
    const plain = await call(caller, 'GET', `/api/policy/v1/${ids[policy]}/certificate`, undefined, host);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-disposition']).toMatch(/_P-2026-\d{6}_Certificate\.pdf"$/);
    expect(await pdfText(plain)).toContain('Certificate of Insurance');
    const refused = await call(caller, 'POST', `/api/policy/v1/certificate/${ids[policy]}`, { ...holder, organizationName: '' }, host);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Please enter a Orginization.');
    const made = await call(caller, 'POST', `/api/policy/v1/certificate/${ids[policy]}`, { ...holder, policyId: ids[policy], docType: 'Certificate_Holder' }, host);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().message).toBe('Policy certificate successfully generated');
    const [certificate] = made.json().policy.certificates as Json[];
    expect(certificate).toMatchObject({ organizationName: holder.organizationName, city: holder.city });
    const [mail] = await messagesTo(t, to);
    expect(mail?.subject).toBe(`Certificate of insurance for ${holder.organizationName}: policy ${made.json().policy.policyNumber}`);
    const named = await call(caller, 'GET', `/api/policy/v1/certificates/${certificate!.id}`, undefined, host);
    expect(named.statusCode).toBe(200);
    const text = await pdfText(named);
    expect(text).toContain(holder.organizationName);
    expect(text).toContain(made.json().policy.policyNumber);
    expect((await call('otherAgent', 'GET', `/api/policy/v1/certificates/${certificate!.id}`)).statusCode).toBe(404);
  });
});

describe('the policy calendar', () => {
  it('moves an issued policy to ACTIVE on its effective day and opens it for renewal in its last 90 days, with the history', async () => {
    const before = (await call('agent', 'GET', `/api/policy/v1/${ids.usQuotePolicy}`)).json() as Json;
    await travelTo(new Date(`${before.effectiveDate}T09:00:00Z`));
    const active = (await call('agent', 'GET', `/api/policy/v1/${ids.usQuotePolicy}`)).json() as Json;
    expect(active.status).toBe('ACTIVE');
    expect(active.events.at(-1)).toMatchObject({ action: 'calendar', fromStatus: 'ISSUED', toStatus: 'ACTIVE', by: null });
    expect(active.isOpenForRenewal).toBe(false);
    const ninetyBefore = new Date(new Date(`${before.endDate}T09:00:00Z`).getTime() - 90 * 86_400_000);
    await travelTo(ninetyBefore);
    const open = (await call('agent', 'GET', '/api/policy/v1/search?isOpenForRenewal=true')).json() as Json;
    expect(open.content.map((policy: Json) => policy.id)).toEqual(expect.arrayContaining([ids.usQuotePolicy]));
    expect(open.content.every((policy: Json) => policy.isOpenForRenewal)).toBe(true);
    // Back to a day in the second month of the term for the actions below.
    await travelTo(new Date(new Date(`${before.effectiveDate}T09:00:00Z`).getTime() + 40 * 86_400_000));
  });
});

describe("the agent's servicing", () => {
  it('marks the policy Check In Mail with the spec\'s words', async () => {
    const marked = await call('agent', 'PUT', `/api/policy/v1/description/${ids.usQuotePolicy}`);
    expect(marked.statusCode, marked.body).toBe(200);
    const number = marked.json().policy.policyNumber;
    expect(marked.json().message).toBe(`Policy ${number} was marked as Check In Mail`);
    expect(marked.json().policy.description).toBe('Check In Mail');
  });

  it('opts out of renewal and back in, and toggles the renewal reminders', async () => {
    const out = (await call('agent', 'POST', `/api/policy/v1/optout/${ids.usQuotePolicy}`)).json() as Json;
    expect(out).toMatchObject({ message: 'Policy opted out of renewal', policy: { renewalOptedOut: true, isAutoRenewal: false, isOpenForRenewal: false } });
    const back = (await call('agent', 'PUT', `/api/policy/v1/optout/${ids.usQuotePolicy}`)).json() as Json;
    expect(back).toMatchObject({ message: 'Policy opted back into renewal', policy: { renewalOptedOut: false, isAutoRenewal: true } });
    const muted = (await call('agent', 'POST', `/api/policy/v1/${ids.usQuotePolicy}/mute-renewal-reminders`)).json() as Json;
    expect(muted).toMatchObject({ message: 'Renewal reminders muted', policy: { renewalRemindersMuted: true } });
    const unmuted = (await call('agent', 'POST', `/api/policy/v1/${ids.usQuotePolicy}/mute-renewal-reminders`)).json() as Json;
    expect(unmuted.policy.renewalRemindersMuted).toBe(false);
  });

  it.each([
    { name: 'a bad phone', payload: { contactFirstName: 'Priya', contactLastName: 'Raman', contactEmail: 'priya@juniper.example', contactPhone: '555' }, status: 400, text: 'Please enter a valid Policy Holder Phone Number.' },
    { name: 'no e-mail', payload: { contactFirstName: 'Priya', contactLastName: 'Raman', contactEmail: '', contactPhone: '3035550164' }, status: 400, text: 'Please enter Email Address' },
    { name: 'a good contact', payload: { contactFirstName: 'Dev', contactLastName: 'Patel', contactEmail: 'Dev.Patel@juniper.example', contactPhone: '3035550199' }, status: 200, text: 'Policy contact updated' },
  ])('edits the policy contact: $name', async ({ payload, status, text }) => {
    const answer = await call('agent', 'PUT', `/api/policy/v1/nonpremium/${ids.usQuotePolicy}`, payload);
    expect(answer.statusCode, answer.body).toBe(status);
    expect(answer.body).toContain(text);
    if (status === 200) expect(answer.json().policy).toMatchObject({ contactFirstName: 'Dev', contactEmail: 'dev.patel@juniper.example', contactPhone: '3035550199' });
  });

  it('may ask for a cancellation but not cancel; another agency cannot touch the policy', async () => {
    expect((await call('agent', 'PUT', `/api/policy/v1/cancel/${ids.usQuotePolicy}`, { cancellationDate: TODAY, reason: 'x' })).statusCode).toBe(403);
    expect((await call('otherAgent', 'PUT', `/api/policy/v1/description/${ids.usQuotePolicy}`)).statusCode).toBe(404);
    const policy = (await call('agent', 'GET', `/api/policy/v1/${ids.usQuotePolicy}`)).json() as Json;
    expect(policy.actions).toEqual(expect.arrayContaining(['requestCancellation', 'checkInMail', 'contact']));
    expect(policy.actions).not.toContain('cancel');
    const asked = await call('agent', 'PUT', `/api/policy/v1/cancel-request/${ids.usQuotePolicy}`, { cancellationDate: policy.effectiveDate, reason: 'Client closing the practice' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ message: 'Cancellation requested', policy: { status: 'CANCEL REQUESTED', cancellationReason: 'Client closing the practice' } });
  });
});

describe("the provider's cancellations", () => {
  it('cancels on a day of the term with the pro-rata return premium, to the cent', async () => {
    const policy = (await call('admin', 'GET', `/api/policy/v1/${ids.usQuotePolicy}`)).json() as Json;
    expect(policy.actions).toEqual(expect.arrayContaining(['cancel', 'flatCancel', 'void', 'undoCancellation']));
    const outside = await call('admin', 'PUT', `/api/policy/v1/cancel/${ids.usQuotePolicy}`, { cancellationDate: '2026-01-01', reason: 'Sold' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(POLICY_TEXTS.cancellationOutsideTerm);
    const day = new Date(new Date(`${policy.effectiveDate}T00:00:00Z`).getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
    const cancelled = await call('admin', 'PUT', `/api/policy/v1/cancel/${ids.usQuotePolicy}`, { cancellationDate: day, reason: 'Client closing the practice' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const expected = proRataReturnPremium(policy.premium, { effectiveDate: policy.effectiveDate, endDate: policy.endDate }, day);
    expect(cancelled.json()).toMatchObject({ message: `Policy ${policy.policyNumber} cancelled`, policy: { status: 'CANCELLED', cancellationDate: day, returnPremium: expected } });
    expect(Number(expected)).toBeGreaterThan(Number(policy.premium) * 0.9);
    expect(await auditCount(ids.usQuotePolicy!, 'policy.cancel')).toBe(1);
  });

  it('undoes the cancellation, then cancels on a later day (pending), flat cancels and voids with their return premiums', async () => {
    const undone = (await call('admin', 'PUT', `/api/policy/v1/undo-cancelled-policy/${ids.usQuotePolicy}`)).json() as Json;
    expect(undone).toMatchObject({ policy: { status: 'ACTIVE', cancellationDate: null, returnPremium: null } });
    expect(undone.message).toBe(`Cancellation of policy ${undone.policy.policyNumber} undone`);
    const later = new Date(t.clock.now().getTime() + 10 * 86_400_000).toISOString().slice(0, 10);
    const pending = (await call('admin', 'PUT', `/api/policy/v1/cancel/${ids.usQuotePolicy}`, { cancellationDate: later, reason: 'Non-payment' })).json() as Json;
    expect(pending.policy.status).toBe('CANCEL PENDING');
    expect(pending.message).toMatch(new RegExp(`^Policy ${pending.policy.policyNumber} will be cancelled on `));
    const flat = (await call('admin', 'PUT', `/api/policy/v1/flatcancel/${ids.usQuotePolicy}`, { reason: 'Bound in error' })).json() as Json;
    expect(flat.policy).toMatchObject({ status: 'FLAT CANCELLED', cancellationDate: flat.policy.effectiveDate, returnPremium: flatCancelReturnPremium(flat.policy.premium) });
    expect((await call('admin', 'PUT', `/api/policy/v1/void/${ids.usQuotePolicy}`, { reason: 'x' })).statusCode).toBe(409);
    const reinstated = (await call('admin', 'PUT', `/api/policy/v1/undo-cancelled-policy/${ids.usQuotePolicy}`)).json() as Json;
    expect(reinstated.policy.status).toBe('ACTIVE');
    const voided = (await call('admin', 'PUT', `/api/policy/v1/void/${ids.usQuotePolicy}`, { reason: 'Issued to the wrong insured' })).json() as Json;
    expect(voided).toMatchObject({ message: `Policy ${voided.policy.policyNumber} voided`, policy: { status: 'VOID', actions: [] } });
    const history = voided.policy.events.map((event: Json) => event.action);
    expect(history).toEqual(['issue', 'certificate', 'calendar', 'checkInMail', 'optOut', 'optIn', 'muteReminders', 'muteReminders', 'contact', 'requestCancellation', 'cancel',
      'undoCancellation', 'cancel', 'flatCancel', 'undoCancellation', 'void']);
  });

  it('lets a pending cancellation take effect on its day (the calendar)', async () => {
    const policy = (await call('broker', 'GET', `/api/policy/v1/${ids.ukQuotePolicy}`, undefined, UK)).json() as Json;
    const cancelOn = new Date(t.clock.now().getTime() + 5 * 86_400_000).toISOString().slice(0, 10);
    const pending = (await call('admin', 'PUT', `/api/policy/v1/cancel/${policy.id}`, { cancellationDate: cancelOn, reason: 'Moved cover' })).json() as Json;
    expect(pending.policy.status).toBe('CANCEL PENDING');
    await travelTo(new Date(`${cancelOn}T06:00:00Z`));
    const after = (await call('broker', 'GET', `/api/policy/v1/${policy.id}`, undefined, UK)).json() as Json;
    expect(after.status).toBe('CANCELLED');
    expect(after.events.at(-1)).toMatchObject({ action: 'calendar', fromStatus: 'CANCEL PENDING', toStatus: 'CANCELLED' });
  });
});

describe('renewal', () => {
  it('renews with a cover the agent chose (the custom-quote step): same account and product, the renewal period kept, priced on the new cover', async () => {
    const quoteId = await readyQuote('agent', ids.client!, 'us', 'CO', 'P250');
    expect((await call('agent', 'PUT', `/api/quote/v1/${quoteId}/bind`, CONTACT)).statusCode).toBe(200);
    const policy = (await call('agent', 'POST', `/api/policy/v1/generate/${quoteId}`)).json().policy as Json;
    const summary = (await call('agent', 'GET', `/api/policy/v1/renewal/${policy.id}`)).json() as Json;
    // The summary carries the cover the renewal would be rated on: the policy's, for the renewal period.
    expect(summary.request).toMatchObject({ accountId: ids.client, product: 'P250', effectiveDate: policy.endDate, endDate: summary.endDate, aggLimit: 1_000_000 });
    // An account missing what the rater needs is said, not failed: the renewal page's verify step puts it right.
    await t.db.query('UPDATE account_details SET state = NULL WHERE account_id = $1', [ids.client]);
    const unpriced = await call('agent', 'GET', `/api/policy/v1/renewal/${policy.id}`);
    expect(unpriced.statusCode).toBe(200);
    expect(unpriced.json()).toMatchObject({ totalPremium: null, premiumChange: null, blockedReason: QUOTE_TEXTS.needsMoreInformation });
    await t.db.query(`UPDATE account_details SET state = 'CO' WHERE account_id = $1`, [ids.client]);

    const otherAccount = await call('agent', 'POST', `/api/policy/v1/renewal/${policy.id}`, { ...summary.request, accountId: ids.acme });
    expect(otherAccount.statusCode).toBe(400);
    expect(otherAccount.json().message).toBe(POLICY_TEXTS.renewalCoverMismatch);
    expect((await call('agent', 'POST', `/api/policy/v1/renewal/${policy.id}`, { ...summary.request, product: 'P100' })).statusCode).toBe(400);
    expect((await call('agent', 'POST', `/api/policy/v1/renewal/${policy.id}`, { ...summary.request, aggLimit: 'two million' })).statusCode).toBe(400);

    // A higher limit, and dates the renewal period overrides.
    const renewed = await call('agent', 'POST', `/api/policy/v1/renewal/${policy.id}`, { ...summary.request, aggLimit: 2_000_000, effectiveDate: '2030-01-01', endDate: '2031-01-01' });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const quote = (await call('agent', 'GET', `/api/quote/v1/${renewed.json().quoteId}`)).json() as Json;
    expect(quote).toMatchObject({ businessType: 'Renewal', effectiveDate: policy.endDate, endDate: summary.endDate });
    expect(Number(quote.aggLimit)).toBe(2_000_000);
    expect(Number(quote.totalPremium)).toBeGreaterThan(Number(summary.totalPremium));
    expect((await call('agent', 'GET', `/api/policy/v1/renewal/${policy.id}`)).json()).toMatchObject({ renewalQuoteId: quote.id });
  });

  it('summarises the renewal priced now, offers a renewal quote for the next period, refuses it while opted out or already in progress, and ends the old policy as RENEWED', async () => {
    const policy = (await call('agent', 'GET', `/api/policy/v1/${ids.acmePolicy}`)).json() as Json;
    expect(policy.actions).toContain('renew');
    expect((await call('policyholder', 'POST', `/api/policy/v1/renewal/${ids.acmePolicy}`)).statusCode).toBe(403);
    expect((await call('policyholder', 'GET', `/api/policy/v1/renewal/${ids.acmePolicy}`)).statusCode).toBe(403);
    // Another tenant's policy is not there for them.
    expect((await call('broker', 'GET', `/api/policy/v1/renewal/${ids.acmePolicy}`, undefined, UK)).statusCode).toBe(404);
    const nextYear = new Date(`${policy.endDate}T00:00:00Z`);
    nextYear.setUTCFullYear(nextYear.getUTCFullYear() + 1);

    // The summary before renewing: the expiring term and premium beside the next year's, priced now.
    const summary = (await call('agent', 'GET', `/api/policy/v1/renewal/${ids.acmePolicy}`)).json() as Json;
    expect(summary).toMatchObject({
      id: ids.acmePolicy, policyNumber: policy.policyNumber, accountId: policy.accountId, product: policy.product, productName: policy.productName, currency: 'USD',
      expiringEffectiveDate: policy.effectiveDate, expiringEndDate: policy.endDate, expiringPremium: policy.totalPremium,
      effectiveDate: policy.endDate, endDate: nextYear.toISOString().slice(0, 10), blockedReason: null, renewalQuoteId: null,
    });
    expect(Number(summary.totalPremium)).toBeGreaterThan(0);
    const cents = (amount: string) => Math.round(Number(amount) * 100);
    expect(cents(summary.premiumChange)).toBe(cents(summary.totalPremium) - cents(summary.expiringPremium));

    expect((await call('agent', 'POST', `/api/policy/v1/optout/${ids.acmePolicy}`)).statusCode).toBe(200);
    const optedOut = await call('agent', 'POST', `/api/policy/v1/renewal/${ids.acmePolicy}`);
    expect(optedOut.statusCode).toBe(409);
    expect(optedOut.json().message).toBe(POLICY_TEXTS.renewalOptedOut);
    expect((await call('agent', 'GET', `/api/policy/v1/renewal/${ids.acmePolicy}`)).json()).toMatchObject({ blockedReason: POLICY_TEXTS.renewalOptedOut, renewalQuoteId: null });
    expect((await call('agent', 'PUT', `/api/policy/v1/optout/${ids.acmePolicy}`)).statusCode).toBe(200);

    const renewed = await call('agent', 'POST', `/api/policy/v1/renewal/${ids.acmePolicy}`);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const quote = (await call('agent', 'GET', `/api/quote/v1/${renewed.json().quoteId}`)).json() as Json;
    expect(renewed.json().message).toBe(`Renewal quote ${quote.quoteNumber} created`);
    expect(quote).toMatchObject({ status: 'READY', businessType: 'Renewal', effectiveDate: policy.endDate, endDate: nextYear.toISOString().slice(0, 10), companyName: 'Acme Precision Manufacturing' });
    expect(Number(quote.totalPremium)).toBeGreaterThan(0);
    const again = await call('agent', 'POST', `/api/policy/v1/renewal/${ids.acmePolicy}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(POLICY_TEXTS.renewalInProgress(quote.quoteNumber));
    // The summary priced the renewal as it was made, and now leads to it.
    expect(quote.totalPremium).toBe(summary.totalPremium);
    expect((await call('agent', 'GET', `/api/policy/v1/renewal/${ids.acmePolicy}`)).json()).toMatchObject({
      blockedReason: POLICY_TEXTS.renewalInProgress(quote.quoteNumber), renewalQuoteId: quote.id,
    });

    // The renewal is bound and issued like any quote; the old policy closes its renewal, then ends as RENEWED.
    expect((await call('agent', 'PUT', `/api/quote/v1/${quote.id}/bind`, CONTACT)).statusCode).toBe(200);
    const next = (await call('agent', 'POST', `/api/policy/v1/generate/${quote.id}`)).json() as Json;
    expect(next.policy).toMatchObject({ status: 'ISSUED', effectiveDate: policy.endDate });
    const old = (await call('agent', 'GET', `/api/policy/v1/${ids.acmePolicy}`)).json() as Json;
    expect(old).toMatchObject({ isOpenForRenewal: false });
    expect(old.events.at(-1)).toMatchObject({ action: 'renewalIssued', detail: { policyNumber: next.policy.policyNumber } });
    await travelTo(new Date(`${policy.endDate}T08:00:00Z`));
    const ended = (await call('agent', 'GET', `/api/policy/v1/${ids.acmePolicy}`)).json() as Json;
    expect(ended.status).toBe('RENEWED');
    expect((await call('agent', 'GET', `/api/policy/v1/${next.policy.id}`)).json().status).toBe('ACTIVE');
  });
});
