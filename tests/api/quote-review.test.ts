import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { PDFParse } from 'pdf-parse';
import { GATE_MESSAGES } from '../../server/auth/session-gate.ts';
import { REVIEW_TEXTS } from '../../server/lifecycle/quote-review/review-texts.ts';
import { codeIn, linkTokenIn, messagesTo, nextAddress } from './support/mail.ts';
import { clientOf, p250Request } from './support/quote-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * The review page and the insured's side of a quote (spec 002 sections 2, 4 and 6): the review record, an
 * agent's request to bind once the account is verified, sending a quote to its policyholder with a
 * one-time-code link, and the policyholder's attestation and signature through that link's session.
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
  const created = await call(caller, 'POST', '/api/quote/v1/create', p250Request(accountId, edition, state, TODAY, product), host);
  expect(created.statusCode, created.body).toBe(201);
  const quote = created.json() as Json;
  if (quote.status !== 'READY') await t.db.query(`UPDATE quotes SET status = 'READY' WHERE id = $1`, [quote.id]);
  return quote.id as string;
}

/** The policyholder opens the e-mailed link: the workflow id from the mail, a code by e-mail, the session it gives. */
async function openLink(email: string): Promise<{ token: string; redirectURL: string }> {
  const [mail] = await messagesTo(t, email);
  const workflowId = linkTokenIn(mail?.body, 'validate');
  const address = nextAddress();
  expect((await t.inject({ method: 'GET', url: `/api/auth/v1/wf/access/${workflowId}`, remoteAddress: address })).statusCode).toBe(200);
  const code = codeIn((await messagesTo(t, email))[0]?.body);
  const session = await t.inject({ method: 'POST', url: '/api/auth/v1/wf/token', payload: { id: workflowId, code }, remoteAddress: address });
  expect(session.statusCode, session.body).toBe(200);
  return { token: session.json().accessToken, redirectURL: session.json().redirectURL };
}

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date(`${TODAY}T12:00:00Z`));
  const users = { agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example', broker: 'broker@brokerage.example', admin: 'admin@provider.example' };
  for (const [name, email] of Object.entries(users)) tokens[name] = (await t.tokensFor(email)).accessToken;
  ids.client = await clientOf(t, 'Summit Risk Partners', 'Juniper Ridge Clinics LLC', { edition: 'us', state: 'CO', zip: '80202', industry: '541512', revenue: 5_000_000 });
  ids.ukClient = await clientOf(t, 'Thames Cyber Brokers', 'Harbourside Dental Ltd', { edition: 'uk', state: null, zip: 'BS1 4DJ', industry: '62020', revenue: 3_000_000 });
  ids.quote = await readyQuote('agent', ids.client, 'us', 'CO', 'P250');
  ids.bindQuote = await readyQuote('agent', ids.client, 'us', 'CO', 'P250');
  ids.ukQuote = await readyQuote('broker', ids.ukClient, 'uk', 'ENG', 'P_ONE', UK);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the review record', () => {
  it.each([
    { edition: 'us', caller: 'agent', quote: 'quote', company: 'Juniper Ridge Clinics LLC', currency: 'USD' },
    { edition: 'uk', caller: 'broker', quote: 'ukQuote', company: 'Harbourside Dental Ltd', currency: 'GBP' },
  ])('$edition: heading by agency status, account details, named coverages and premium', async ({ caller, quote, company, currency }) => {
    const review = await call(caller, 'GET', `/api/quote/v1/${ids[quote]}/review`);
    expect(review.statusCode, review.body).toBe(200);
    const body = review.json() as Json;
    expect(body.heading).toBe(`Quote ${body.quoteNumber} for ${company}`);
    expect(body).toMatchObject({ agencyStatus: 'ACTIVE', status: 'READY', currency, accountVerified: false, wraRequestToBind: false, insuredAttested: false });
    expect(body.account).toMatchObject({ address: '1 Main Street', city: 'Springfield', industryCode: expect.any(String) });
    expect(body.coverages.length).toBeGreaterThan(3);
    expect(body.coverages.every((coverage: Json) => typeof coverage.label === 'string' && !coverage.label.startsWith('Coverage '))).toBe(true);
  });

  it("another agency's quote answers like a missing one", async () => {
    expect((await call('otherAgent', 'GET', `/api/quote/v1/${ids.quote}/review`)).statusCode).toBe(404);
  });
});

describe('the agent requests to bind', () => {
  it('is refused until the account is verified, then sends the request with the policy holder contact', async () => {
    const body = { customerFirstName: 'Maria', customerLastName: 'Delgado', customerEmail: 'maria@juniperridge.example', customerPhone: '3035550188' };
    const early = await call('agent', 'PUT', `/api/quote/v1/${ids.bindQuote}/request-to-bind`, body);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(REVIEW_TEXTS.verifyFirst);

    const missing = await call('agent', 'PUT', `/api/quote/v1/${ids.bindQuote}/request-to-bind`, { ...body, customerFirstName: '' });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain('Please enter Policy Holder First Name.');

    expect((await call('agent', 'PUT', `/api/account/v1/account/${ids.client}/verify`)).statusCode).toBe(200);
    const sent = await call('agent', 'PUT', `/api/quote/v1/${ids.bindQuote}/request-to-bind`, body);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe('Request to bind successfully sent');
    expect(sent.json().quote).toMatchObject({
      agencyStatus: 'REQUEST_TO_BIND_SENT', wraRequestToBind: true, accountVerified: true, status: 'REQUESTED',
      policyContact: { firstName: 'Maria', lastName: 'Delgado', email: 'maria@juniperridge.example', phone: '3035550188' },
    });
    expect(sent.json().quote.heading).toMatch(/^A request to bind quote Q-/);
    const [event] = await t.db.query<{ action: string }>(`SELECT action FROM quote_events WHERE quote_id = $1 ORDER BY id DESC LIMIT 1`, [ids.bindQuote]);
    expect(event?.action).toBe('requestToBind');
    const audits = await t.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE target = $1`, [ids.bindQuote]);
    expect(audits.map((row) => row.action)).toContain('quote.requestToBind');
  });
});

describe('sending a quote to its policyholder', () => {
  it("refuses names with other than letters and spaces, and an address of another organisation's user", async () => {
    const digits = await call('agent', 'POST', `/api/quote/v1/${ids.quote}/customer`, { customerFirstName: 'Ma1ia', customerLastName: 'Delgado', customerEmail: 'm@x.example', customerPhone: '3035550188' });
    expect(digits.statusCode).toBe(400);
    expect(JSON.stringify(digits.json())).toContain('Please enter only alphabets');
    const taken = await call('agent', 'POST', `/api/quote/v1/${ids.quote}/customer`, { customerFirstName: 'Olivia', customerLastName: 'Other', customerEmail: 'agent@otheragency.example', customerPhone: '3035550188' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(REVIEW_TEXTS.emailOfOtherOrganisation);
    expect((await call('otherAgent', 'POST', `/api/quote/v1/${ids.quote}/customer`, { customerFirstName: 'Dana', customerLastName: 'Quill', customerEmail: 'dana@juniperridge.example', customerPhone: '3035550188' })).statusCode).toBe(404);
  });

  it('the policyholder opens the link with a code, reviews the quote, attests and signs; the agent hears of it', async () => {
    const email = 'dana.quill@juniperridge.example';
    const sent = await call('agent', 'POST', `/api/quote/v1/${ids.quote}/customer`, { id: ids.quote, customerFirstName: 'Dana', customerLastName: 'Quill', customerEmail: email, customerPhone: '3035550177' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe('Quote was successfully sent');
    const [user] = await t.db.query<{ account_id: string; role_id: string; status: string; password_hash: string | null }>(
      'SELECT account_id, role_id, status, password_hash FROM users WHERE email = $1', [email],
    );
    expect(user).toMatchObject({ account_id: ids.client, role_id: 'customer-policy-holder', status: 'ACTIVE', password_hash: null });

    const { token, redirectURL } = await openLink(email);
    expect(redirectURL).toBe(`/quote/${ids.quote}/request-to-bind/P250`);
    tokens.policyholder = token;
    const review = await call('policyholder', 'GET', `/api/quote/v1/${ids.quote}/review`);
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json().sentToPolicyholderAt).not.toBeNull();
    // The link's session reaches the review and nothing else of the console.
    const search = await call('policyholder', 'GET', '/api/quote/v1/search');
    expect(search.statusCode).toBe(403);
    expect(search.json().message).toBe(GATE_MESSAGES.workflowScope);
    expect((await call('policyholder', 'GET', `/api/quote/v1/${ids.ukQuote}/review`)).statusCode).toBe(404);
    expect((await call('policyholder', 'GET', `/api/account/v1/account/${ids.client}/risk-factors`)).statusCode).toBe(200);

    const early = await call('policyholder', 'POST', `/api/quote/v1/${ids.quote}/sign`, { signedName: 'Dana Quill', consent: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(REVIEW_TEXTS.attestFirst);
    expect((await call('policyholder', 'POST', `/api/quote/v1/${ids.quote}/attest`, { accepted: false })).statusCode).toBe(400);
    // Attesting is the insured's: the agent has no quote:sign.
    expect((await call('agent', 'POST', `/api/quote/v1/${ids.quote}/attest`, { accepted: true })).statusCode).toBe(403);
    const attested = await call('policyholder', 'POST', `/api/quote/v1/${ids.quote}/attest`, { accepted: true });
    expect(attested.statusCode, attested.body).toBe(200);
    expect(attested.json().quote.insuredAttested).toBe(true);

    expect((await call('policyholder', 'POST', `/api/quote/v1/${ids.quote}/sign`, { signedName: 'Dana Quill', consent: false })).statusCode).toBe(400);
    const signed = await call('policyholder', 'POST', `/api/quote/v1/${ids.quote}/sign`, { signedName: 'Dana Quill', consent: true });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().message).toBe(REVIEW_TEXTS.signed);
    expect(signed.json().quote).toMatchObject({ status: 'SIGNED', agencyStatus: 'REQUEST_TO_BIND_SENT', signedName: 'Dana Quill', wraRequestToBind: true });
    const [agentMail] = await messagesTo(t, 'agent@agency.example');
    expect(agentMail?.subject).toBe(`Juniper Ridge Clinics LLC signed quote ${signed.json().quote.quoteNumber}`);
    // A signed quote is not signed twice, nor sent again.
    expect((await call('policyholder', 'POST', `/api/quote/v1/${ids.quote}/sign`, { signedName: 'Dana Quill', consent: true })).statusCode).toBe(409);
    expect((await call('agent', 'POST', `/api/quote/v1/${ids.quote}/customer`, { customerFirstName: 'Dana', customerLastName: 'Quill', customerEmail: email, customerPhone: '3035550177' })).statusCode).toBe(409);
  });

  it('UK: a broker sends a quote in pounds; the link leads to its request-to-bind route', async () => {
    const email = 'owen.hughes@harbourside-dental.example';
    const sent = await call('broker', 'POST', `/api/quote/v1/${ids.ukQuote}/customer`, { customerFirstName: 'Owen', customerLastName: 'Hughes', customerEmail: email, customerPhone: '2079460958' }, UK);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().quote).toMatchObject({ currency: 'GBP', policyContact: { firstName: 'Owen', email } });
    expect(Number(sent.json().quote.premiumTax)).toBeGreaterThan(0);
    const { redirectURL } = await openLink(email);
    expect(redirectURL).toBe(`/quote/${ids.ukQuote}/request-to-bind/P_ONE`);
  });
});

/** Each edition's quote written for an agency, the agency's name, and an agent the provider sends it to. */
const WHOLESALE_CASES = [
  { edition: 'us', quote: 'wholesaleQuote', host: undefined, agency: 'Summit Risk Partners', agent: { first: 'Priya', last: 'Raman', email: 'priya.raman@summitrisk.example', phone: '3035550142' } },
  { edition: 'uk', quote: 'ukWholesaleQuote', host: UK, agency: 'Thames Cyber Brokers', agent: { first: 'Gareth', last: 'Lloyd', email: 'gareth.lloyd@thamescyber.example', phone: '02079460123' } },
] as const;

describe.each(WHOLESALE_CASES)('sending a quote to a wholesale agency ($edition)', ({ quote, host, agency, agent }) => {
  const body = (id: string, overrides: Json = {}) => ({
    id, agencyName: agency, agentFirstName: agent.first, agentLastName: agent.last, agentEmail: agent.email, agentPhone: agent.phone, ...overrides,
  });

  beforeAll(async () => {
    ids[quote] = quote === 'ukWholesaleQuote' ? await readyQuote('broker', ids.ukClient!, 'uk', 'ENG', 'P_ONE', UK) : await readyQuote('agent', ids.client!, 'us', 'CO', 'P250');
  });

  it('is for provider staff, needs every field and a phone of 10 or 11 digits, and refuses another organisation\'s address', async () => {
    const url = `/api/quote/v1/${ids[quote]}/agency`;
    expect((await call(quote === 'ukWholesaleQuote' ? 'broker' : 'agent', 'POST', url, body(ids[quote]!), host)).statusCode).toBe(403);
    const phone = await call('admin', 'POST', url, body(ids[quote]!, { agentPhone: '12345' }), host);
    expect(phone.statusCode).toBe(400);
    expect(phone.json().errors).toEqual([expect.objectContaining({ field: 'agentPhone', message: 'not a valid phone number' })]);
    const missing = await call('admin', 'POST', url, body(ids[quote]!, { agentLastName: '', agentEmail: 'not-an-email' }), host);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((error: Json) => error.field).sort()).toEqual(['agentEmail', 'agentLastName']);
    const taken = await call('admin', 'POST', url, body(ids[quote]!, { agentEmail: 'agent@otheragency.example' }), host);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(REVIEW_TEXTS.emailOfOtherAgency);
    expect(await messagesTo(t, agent.email)).toHaveLength(0);
  });

  it("makes the new address a producer of the quote's team, whose link opens the quote's review page; the move is in the quote's history", async () => {
    const sent = await call('admin', 'POST', `/api/quote/v1/${ids[quote]}/agency`, body(ids[quote]!), host);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toBe('Quote request(s) sent successfully!');
    const [user] = await t.db.query<{ id: string; role_id: string; agency: string; password_hash: string | null }>(
      'SELECT u.id, u.role_id, a.name AS agency, u.password_hash FROM users u JOIN accounts a ON a.id = u.account_id WHERE u.email = $1', [agent.email],
    );
    expect(user).toMatchObject({ role_id: 'agency-producer', agency, password_hash: null });
    const [team] = await t.db.query<{ same: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM team_members m JOIN teams t ON t.id = m.team_id JOIN quotes q ON q.id = $1
         WHERE m.user_id = $2 AND (t.id = q.team_id OR (q.team_id IS NULL AND t.account_id = q.agency_id AND t.is_default))) AS same`, [ids[quote], user!.id],
    );
    expect(team?.same).toBe(true);
    const [mail] = await messagesTo(t, agent.email);
    expect(mail?.subject).toMatch(/^Quote \S+ for (Juniper Ridge Clinics LLC|Harbourside Dental Ltd)$/);
    expect(mail?.body).toContain(`has sent ${agency} quote`);

    const { token, redirectURL } = await openLink(agent.email);
    expect(redirectURL).toBe(`/agency/quotes/${ids[quote]}/review`);
    const review = await t.inject({ method: 'GET', url: `/api/quote/v1/${ids[quote]}/review`, headers: { authorization: `Bearer ${token}`, ...(host ? { host } : {}) } });
    expect(review.statusCode, review.body).toBe(200);
    const audited = await t.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE target = ANY($1::text[]) ORDER BY at, id`, [[user!.id, ids[quote]]]);
    expect(audited.map((row) => row.action)).toEqual(expect.arrayContaining(['user.create', 'user.team-add']));
    const history = (await call('admin', 'GET', `/api/quote/v1/${ids[quote]}`, undefined, host)).json().events as Json[];
    expect(history.map((event) => event.action ?? event.type)).toContain('sendToAgency');

    // Sent again, the same agent is kept, not made twice.
    expect((await call('admin', 'POST', `/api/quote/v1/${ids[quote]}/agency`, body(ids[quote]!), host)).statusCode).toBe(200);
    expect(await t.db.query('SELECT 1 FROM users WHERE email = $1', [agent.email])).toHaveLength(1);
  });
});

describe.each([
  {
    edition: 'us', caller: 'agent', agency: 'Summit Risk Partners', name: 'Cascade Patch Clinics LLC', host: undefined, state: 'CO', product: 'P250',
    risk: { edition: 'us' as const, state: 'CO', zip: '80202', industry: '541512', revenue: 5_000_000 },
    profile: {
      naicsCode: 541512, primaryNaicsPercentage: 100, revenue: 12_000_000, noOfEmployeesAll: 60, yearEstablished: 2011, ownershipType: 'Private',
      entityType: 'Independent', isFranchise: false, domainName: 'cascadepatch.com', address1: '1 Main Street', city: 'Denver', state: 'CO', zipCode: '80202', phoneNumber: '3035550182',
    },
  },
  {
    edition: 'uk', caller: 'broker', agency: 'Thames Cyber Brokers', name: 'Quayside Patch Opticians Ltd', host: UK, state: 'ENG', product: 'P_ONE',
    risk: { edition: 'uk' as const, state: null, zip: 'NE1 3DX', industry: '62020', revenue: 3_000_000 },
    profile: {
      sicCode: 62020, primaryNaicsPercentage: 100, revenue: 9_000_000, noOfEmployeesAll: 45, yearEstablished: 2012, ownershipType: 'Private',
      entityType: 'Independent', domainName: 'quaysidepatch.co.uk', address1: '4 Quayside', city: 'Newcastle upon Tyne', zipCode: 'ne1 3dx', phoneNumber: '01914960155',
    },
  },
])('$edition: account details saved on the review page patch the quote (spec 002 section 4 Review page)', ({ caller, agency, name, host, state, product, risk, profile }) => {
  const own: Record<string, string> = {};

  beforeAll(async () => {
    own.client = await clientOf(t, agency, name, risk);
    own.quote = await readyQuote(caller, own.client, risk.edition, state, product, host);
    own.other = await readyQuote(caller, own.client, risk.edition, state, product, host);
  });

  it('saves the account, rates the quote again on it and marks it patched; the other open quote is referred and the verification reset', async () => {
    expect((await call(caller, 'PUT', `/api/account/v1/account/${own.client}/verify`, undefined, host)).statusCode).toBe(200);
    const before = (await call(caller, 'GET', `/api/quote/v1/${own.quote}/review`, undefined, host)).json() as Json;
    expect(before).toMatchObject({ lastPatched: null, accountVerified: true });
    t.clock.set(new Date(`${TODAY}T12:05:00Z`));

    const patched = await call(caller, 'PUT', `/api/quote/v1/${own.quote}/account-details`, { ...profile, name }, host);
    expect(patched.statusCode, patched.body).toBe(200);
    const { quote, message } = patched.json() as Json;
    expect(message).toBe('Quote succesfully updated. Please review coverages.');
    expect(quote).toMatchObject({ id: own.quote, status: 'READY', lastPatched: `${TODAY}T12:05:00.000Z`, accountVerified: false });
    // Rated again on the larger revenue: a higher premium than before.
    expect(Number(quote.totalPremium)).toBeGreaterThan(Number(before.totalPremium));
    expect(quote.account.revenue).toBe(profile.revenue);
    const [other] = await t.db.query<{ status: string }>('SELECT status FROM quotes WHERE id = $1', [own.other]);
    expect(other?.status).toBe(product === 'P250' ? 'REFERRED' : 'INVALID');
    const events = await t.db.query<{ action: string }>(`SELECT action FROM quote_events WHERE quote_id = $1 ORDER BY at, id`, [own.quote]);
    expect(events.map((event) => event.action)).toContain('patch');
    const audited = await t.db.query<{ detail: Json }>(`SELECT detail FROM audit_log WHERE action = 'account.profile.update' AND target = $1`, [own.client]);
    expect(audited.at(-1)?.detail).toMatchObject({ throughQuote: own.quote, ratingFieldsChanged: expect.arrayContaining(['revenue']) });
  });

  it('refuses a form the account page would refuse, with the field, and saves nothing', async () => {
    const { ownershipType: _left, ...withoutOwnership } = profile;
    const refused = await call(caller, 'PUT', `/api/quote/v1/${own.quote}/account-details`, { ...withoutOwnership, name }, host);
    expect(refused.statusCode).toBe(400);
    expect((refused.json().errors as Json[]).map((error) => error.field)).toContain('ownershipType');
  });

  it('is refused once the quote is bound, and answers 404 to another agency', async () => {
    expect((await call('otherAgent', 'PUT', `/api/quote/v1/${own.quote}/account-details`, { ...profile, name }, host)).statusCode).toBe(404);
    await t.db.query(`UPDATE quotes SET agency_status = 'BOUND' WHERE id = $1`, [own.quote]);
    const refused = await call(caller, 'PUT', `/api/quote/v1/${own.quote}/account-details`, { ...profile, name }, host);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(REVIEW_TEXTS.notReviewable);
  });
});

describe('the application PDF', () => {
  const pdfText = async (caller: string, quote: string, host?: string) => {
    const pdf = await call(caller, 'GET', `/api/quote/v1/${quote}/application`, undefined, host);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/_Application\.pdf"$/);
    return (await new PDFParse({ data: new Uint8Array(pdf.rawPayload) }).getText()).text.replace(/\s+/g, ' ');
  };

  it.each([
    {
      edition: 'us', caller: 'agent', quote: 'quote', client: 'client', company: 'Juniper Ridge Clinics LLC', host: undefined, asksSecurity: true,
      shows: ['Retention', 'State', 'NAICS Code', 'Revenue', 'Signed By Dana Quill'], hides: ['Excess', 'Postcode', 'Not yet signed'],
    },
    {
      edition: 'uk', caller: 'broker', quote: 'ukQuote', client: 'ukClient', company: 'Harbourside Dental Ltd', host: UK, asksSecurity: false,
      shows: ['Excess', 'Postcode', 'SIC Code', 'Turnover', 'Not yet signed'], hides: ['Retention', 'NAICS Code', 'Signed By Dana'],
    },
  ])("$edition: prints the applicant, the cover, every answer in the questionnaires' words and the signature", async ({ caller, quote, client, company, host, asksSecurity, shows, hides }) => {
    // Answers as the questionnaires save them, on the account every quote of it reads.
    await t.db.query(
      `INSERT INTO account_security_answers (account_id, answers, modified_at) VALUES ($1, $2, now())
       ON CONFLICT (account_id) DO UPDATE SET answers = EXCLUDED.answers`,
      [ids[client], JSON.stringify({ dmzSeparation: true, isVerifyingBankAccounts: false, coverage23Valid: true })],
    );
    await t.db.query(
      `INSERT INTO account_questionnaires (account_id, questionnaire, answers, modified_at) VALUES ($1, 'cyber', $2, now())
       ON CONFLICT (account_id, questionnaire) DO UPDATE SET answers = EXCLUDED.answers`,
      [ids[client], JSON.stringify({ backupFrequency: 'WEEKLY', backupTypes: ['SEGMENTED', 'CLOUD'] })],
    );
    const review = (await call(caller, 'GET', `/api/quote/v1/${ids[quote]}/review`, undefined, host)).json() as Json;
    const text = await pdfText(caller, ids[quote]!, host);
    for (const words of ['Cyber Insurance Application', review.quoteNumber, company, '1 Main Street', 'Cover Requested', review.coverages[0].label, ...shows]) {
      expect(text, words).toContain(words);
    }
    for (const words of hides) expect(text, words).not.toContain(words);
    // Each answer under its question as the form words it, in the option list's words; computed flags are not answers.
    // Prime One asks no security questions: answers the account holds for other products are not its application's.
    if (asksSecurity) {
      expect(text).toMatch(/separate its internet-facing systems from its internal network \(a DMZ\)\? Yes/);
      expect(text).toMatch(/verify vendor and supplier bank accounts before adding them to its payment systems\? No/);
    } else {
      expect(text).not.toContain('Security Questions');
      expect(text).not.toContain('a DMZ');
    }
    expect(text).toMatch(/How often does the Applicant back up its critical data and systems\? Weekly/);
    expect(text).toContain('Segmented from the network (offline or immutable), Cloud backups');
    expect(text).not.toContain('qualifies');
  });

  it("is the quote's own: the policyholder reads it through the link's session, another agency's user is answered as for a missing quote, and nobody signed out gets it", async () => {
    expect((await call('policyholder', 'GET', `/api/quote/v1/${ids.quote}/application`)).statusCode).toBe(200);
    expect((await call('otherAgent', 'GET', `/api/quote/v1/${ids.quote}/application`)).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/api/quote/v1/${ids.quote}/application` })).statusCode).toBe(401);
  });
});
