import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { PDFParse } from 'pdf-parse';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { clientOf as clientOfAgency, p250Request as p250RequestOn } from './support/quote-fixtures.ts';

/**
 * Quotes (spec 002 sections 2 to 8): quote now and the P250 request the editor sends, the cart's limit of
 * five and its bulk request, the dashboards' lists within the tenant rule, the underwriter's inbox and
 * decisions (refer, risk modifier, release, decline, lost, need-by), the proposal PDF, in both editions.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const UK = 'console.example.uk';
const ids: Record<string, string> = {};
const TODAY = '2026-11-23';

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC', ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const clientOf = (agencyName: string, name: string, risk: Parameters<typeof clientOfAgency>[3]) => clientOfAgency(t, agencyName, name, risk);
const p250Request = (accountId: string, edition: 'us' | 'uk', state: string, product = 'P250', presetName?: string) =>
  p250RequestOn(accountId, edition, state, TODAY, product, presetName);

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date(`${TODAY}T12:00:00Z`));
  const users = { agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example', broker: 'broker@brokerage.example', underwriter: 'underwriter@provider.example', policyholder: 'policyholder@insured.example' };
  for (const [name, email] of Object.entries(users)) tokens[name] = (await t.tokensFor(email)).accessToken;
  ids.client = await clientOf('Summit Risk Partners', 'Cedar Grove Logistics Inc', { edition: 'us', state: 'NY', zip: '10001', industry: '541512', revenue: 5_000_000 });
  ids.bare = await clientOf('Summit Risk Partners', 'Bare Facts LLC', { edition: 'us', state: 'TX', zip: '73301', industry: '541512', revenue: 5_000_000 });
  await t.db.query('UPDATE account_profiles SET revenue = NULL WHERE account_id = $1', [ids.bare]);
  ids.ukClient = await clientOf('Thames Cyber Brokers', 'Thameside Freight Ltd', { edition: 'uk', state: null, zip: 'SE1 9GF', industry: '62020', revenue: 3_000_000 });
});

afterAll(async () => {
  await t?.close();
});

describe('quote now', () => {
  it('rates without storing, then stores a READY quote; the account becomes Quoted; the trace is for underwriters only', async () => {
    const body = p250Request(ids.client!, 'us', 'NY');
    const rated = await call('agent', 'POST', '/api/rater/v1/calculator', body);
    expect(rated.statusCode, rated.body).toBe(200);
    expect(rated.json()).toMatchObject({ currency: 'USD' });
    expect(Number(rated.json().totalPremium)).toBeGreaterThan(0);
    expect(rated.json().trace).toBeUndefined();
    expect((await call('agent', 'GET', `/api/quote/v1/search?accountId=${ids.client}`)).json().totalElements).toBe(0);

    const created = await call('agent', 'POST', '/api/quote/v1/create', body);
    expect(created.statusCode, created.body).toBe(201);
    const quote = created.json();
    expect(quote).toMatchObject({ status: 'READY', product: 'P250', companyName: 'Cedar Grove Logistics Inc', currency: 'USD', totalPremium: rated.json().totalPremium });
    expect(quote.quoteNumber).toMatch(/^Q-2026-\d{6}$/);
    expect(quote.rating.trace).toBeUndefined();
    expect(quote.actions).toEqual(expect.arrayContaining(['refer', 'lose', 'needBy', 'delete']));
    expect(quote.actions).not.toContain('release');
    ids.quote = quote.id;
    const [profile] = await t.db.query<{ status: string }>('SELECT status FROM account_profiles WHERE account_id = $1', [ids.client]);
    expect(profile!.status).toBe('Quoted');

    const seen = await call('underwriter', 'GET', `/api/quote/v1/${ids.quote}`);
    expect(seen.json().rating.trace.length).toBeGreaterThan(3);
    expect(seen.json().rating.trace[0]).toMatchObject({ number: 1, step: expect.any(String), source: { table: expect.any(String) } });
    expect(seen.json().rating.trace.map((step: Json) => step.number)).toEqual(seen.json().rating.trace.map((_: Json, index: number) => index + 1));
    expect(seen.json().actions).toContain('release');
  });

  it('refuses an account missing what the rater needs, with the spec text; another agency’s account answers 404', async () => {
    const bare = await call('agent', 'POST', '/api/quote/v1/create', p250Request(ids.bare!, 'us', 'TX'));
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe('Account needs more information to enable Request Quote');
    const foreign = await call('otherAgent', 'POST', '/api/quote/v1/create', p250Request(ids.client!, 'us', 'NY'));
    expect(foreign.statusCode).toBe(404);
    expect((await call('otherAgent', 'GET', `/api/quote/v1/${ids.quote}`)).statusCode).toBe(404);
    expect((await call('otherAgent', 'GET', '/api/quote/v1/search')).json().content.map((quote: Json) => quote.id)).not.toContain(ids.quote);
  });

  it('tells the editor what it rates and whether a quote may be requested', async () => {
    const ready = (await call('agent', 'GET', `/api/quote/v1/account/${ids.client}`)).json();
    expect(ready).toMatchObject({ riskState: 'NY', industryCode: '541512', revenue: 5000000, canRequestQuote: true, reason: null });
    const bare = (await call('agent', 'GET', `/api/quote/v1/account/${ids.bare}`)).json();
    expect(bare).toMatchObject({ canRequestQuote: false, reason: 'Account needs more information to enable Request Quote' });
    expect((await call('otherAgent', 'GET', `/api/quote/v1/account/${ids.client}`)).statusCode).toBe(404);
    const uk = (await call('broker', 'GET', `/api/quote/v1/account/${ids.ukClient}`, undefined, UK)).json();
    expect(uk).toMatchObject({ edition: 'uk', riskState: 'ENG' });
  });

  it('holds to the profile score: below 4, no quote is rated, created or offered, whatever the browser sends', async () => {
    const thin = await clientOf('Summit Risk Partners', 'Thin Profile Co', { edition: 'us', state: 'NY', zip: '10001', industry: '541512', revenue: 5_000_000 });
    // Industry, revenue and address are there; without the employee count the score is 3 of 6.
    await t.db.query('UPDATE account_profiles SET employees = NULL WHERE account_id = $1', [thin]);
    await t.db.query('UPDATE account_firmographics SET employees = NULL WHERE account_id = $1', [thin]);
    expect((await call('agent', 'GET', `/api/account/v1/account/${thin}/profile`)).json()).toMatchObject({ profileScore: { score: 3 } });
    expect((await call('agent', 'GET', `/api/quote/v1/account/${thin}`)).json()).toMatchObject({ canRequestQuote: false, reason: 'Account needs more information to enable Request Quote' });
    for (const path of ['/api/quote/v1/create', '/api/rater/v1/calculator']) {
      const refused = await call('agent', 'POST', path, p250Request(thin, 'us', 'NY'));
      expect(refused.statusCode, path).toBe(400);
      expect(refused.json().message).toBe('Account needs more information to enable Request Quote');
    }
  });

  it('refuses a declined account with the spec text', async () => {
    const declined = await clientOf('Summit Risk Partners', 'Declined Co', { edition: 'us', state: 'NY', zip: '10001', industry: '541512', revenue: 5_000_000 });
    await t.db.query(`UPDATE account_profiles SET status = 'Declined' WHERE account_id = $1`, [declined]);
    const answer = await call('agent', 'POST', '/api/quote/v1/create', p250Request(declined, 'us', 'NY'));
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe('Account is not eligible to Request Quote');
  });
});

describe('the quote cart', () => {
  it('holds five variations, refuses a sixth with the spec text, removes one and requests the rest', async () => {
    for (const preset of ['BASIC', 'POPULAR', 'ELITE', 'BASIC', 'POPULAR']) {
      const added = await call('agent', 'POST', '/api/quote/v1/cart', p250Request(ids.client!, 'us', 'NY', 'P250', preset));
      expect(added.statusCode, added.body).toBe(201);
    }
    const sixth = await call('agent', 'POST', '/api/quote/v1/cart', p250Request(ids.client!, 'us', 'NY'));
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toBe('You have reached 5 request limit, please delete one to add another variation!');
    const cart = (await call('agent', 'GET', '/api/quote/v1/cart')).json();
    expect(cart).toMatchObject({ limit: 5 });
    expect(cart.content).toHaveLength(5);
    expect(cart.content.every((quote: Json) => quote.status === 'DRAFT' && quote.inCart)).toBe(true);
    // Drafts stay off the dashboards.
    expect((await call('agent', 'GET', `/api/quote/v1/search?accountId=${ids.client}`)).json().totalElements).toBe(1);

    const removed = await call('agent', 'DELETE', `/api/quote/v1/cart/${cart.content[0].id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().content).toHaveLength(4);
    expect((await call('otherAgent', 'DELETE', `/api/quote/v1/cart/${cart.content[1].id}`)).statusCode).toBe(404);

    const remaining = removed.json().content.map((quote: Json) => quote.id);
    const requested = await call('agent', 'POST', '/api/quote/v1/bulk', {
      quoteIds: remaining, accountId: ids.client, agentFirstName: 'Alex', agentLastName: 'Agent', agentEmail: 'agent@agency.example', agentPhone: '2125550100',
      retailAgentFirstName: 'Rae', retailAgentLastName: 'Tail', retailAgentLicenseNumber: 'FL-12345', teamIds: [],
    });
    expect(requested.statusCode, requested.body).toBe(200);
    expect(requested.json().message).toBe('Quotes successfully sent');
    expect(requested.json().content.map((quote: Json) => quote.status)).toEqual(['READY', 'READY', 'READY', 'READY']);
    expect((await call('agent', 'GET', '/api/quote/v1/cart')).json().content).toHaveLength(0);
    const history = (await call('agent', 'GET', `/api/quote/v1/${remaining[0]}`)).json().events;
    expect(history.at(-1)).toMatchObject({ action: 'request', fromStatus: 'DRAFT', toStatus: 'READY', detail: { retailAgent: { licenseNumber: 'FL-12345' } } });
  });

  it('refuses a bulk request naming a quote not in the caller’s cart, naming it', async () => {
    const answer = await call('agent', 'POST', '/api/quote/v1/bulk', { quoteIds: [ids.quote], accountId: ids.client });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe('Failed to send quotes');
    expect(answer.json().errors[0].message).toContain(ids.quote);
  });
});

describe('underwriting', () => {
  it('keeps underwriter actions to underwriters: the inbox, release and the risk modifier answer 403 to an agent', async () => {
    expect((await call('agent', 'GET', '/api/quote/v1/uw-inbox')).statusCode).toBe(403);
    expect((await call('agent', 'PUT', `/api/quote/v1/P250/release/${ids.quote}`)).statusCode).toBe(403);
    expect((await call('agent', 'PUT', `/api/rater/v1/irpm/${ids.quote}`, { companyStability: 5 })).statusCode).toBe(403);
  });

  it('refers with a reason, shows in the inbox, takes a risk modifier within bounds, and releases', async () => {
    const empty = await call('agent', 'PUT', `/api/quote/v1/request-review/${ids.quote}`, { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([expect.objectContaining({ field: 'reason', message: 'Reason is a required field' })]);
    const referred = await call('agent', 'PUT', `/api/quote/v1/request-review/${ids.quote}`, { reason: 'Client asks for a lower retention' });
    expect(referred.statusCode, referred.body).toBe(200);
    expect(referred.json().quote.status).toBe('REFERRED');
    const inbox = (await call('underwriter', 'GET', '/api/quote/v1/uw-inbox')).json();
    expect(inbox.content.map((quote: Json) => quote.id)).toContain(ids.quote);

    const before = Number((await call('underwriter', 'GET', `/api/quote/v1/${ids.quote}`)).json().premium);
    const invalid = await call('underwriter', 'PUT', `/api/rater/v1/irpm/${ids.quote}`, { companyStability: 500 });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual([expect.objectContaining({ field: 'companyStability', message: 'Invalid' })]);
    const modified = await call('underwriter', 'PUT', `/api/rater/v1/irpm/${ids.quote}`, { companyStability: -5, securityAwareness: -2.5, irpmNote: 'Mature programme' });
    expect(modified.statusCode, modified.body).toBe(200);
    expect(modified.json().quote.irpm).toMatchObject({ irpmModifier: '0.9250000000', irpmNote: 'Mature programme' });
    expect(modified.json().quote.status).toBe('REFERRED');
    expect(Number(modified.json().quote.premium)).toBeLessThan(before);

    const released = await call('underwriter', 'PUT', `/api/quote/v1/P250/release/${ids.quote}`);
    expect(released.statusCode).toBe(200);
    expect(released.json()).toMatchObject({ message: 'Quote released', quote: { status: 'READY' } });
    const [entry] = await t.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE target = $1 AND action = 'quote.release'`, [ids.quote]);
    expect(entry).toBeDefined();
  });

  it('resets to the request: the modifier is undone and the premium is the agent’s again', async () => {
    const original = (await call('underwriter', 'GET', `/api/quote/v1/${ids.quote}`)).json();
    const reset = await call('underwriter', 'PUT', `/api/quote/v1/P250/reset/${ids.quote}`);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().quote.irpm).toBeNull();
    expect(Number(reset.json().quote.premium)).toBeGreaterThan(Number(original.premium));
  });

  it('reassesses the risk on the account as it is now: rated again with its terms, the status kept, for underwriters only', async () => {
    const client = await clientOf('Summit Risk Partners', 'Reassessed Works LLC', { edition: 'us', state: 'NY', zip: '10001', industry: '541512', revenue: 5_000_000 });
    const quote = (await call('agent', 'POST', '/api/quote/v1/create', p250Request(client, 'us', 'NY'))).json();
    expect((await call('agent', 'PUT', `/api/quote/v1/${quote.id}/reassess-risk`)).statusCode).toBe(403);
    // A risk modifier with its note is applied first: it stays with the quote through the reassessment.
    const modified = (await call('underwriter', 'PUT', `/api/rater/v1/irpm/${quote.id}`, { companyStability: -5, irpmNote: 'Mature programme' })).json().quote;
    // The account has grown since it was quoted.
    await t.db.query('UPDATE account_profiles SET revenue = 40000000 WHERE account_id = $1', [client]);
    const reassessed = await call('underwriter', 'PUT', `/api/quote/v1/${quote.id}/reassess-risk`);
    expect(reassessed.statusCode, reassessed.body).toBe(200);
    expect(reassessed.json()).toMatchObject({ message: 'Risk reassessed!', quote: { id: quote.id, status: quote.status, aggLimit: quote.aggLimit, irpm: { irpmNote: 'Mature programme' } } });
    expect(Number(reassessed.json().quote.totalPremium)).toBeGreaterThan(Number(modified.totalPremium));
    const [audited] = await t.db.query<{ detail: { totalPremiumBefore: string } }>(`SELECT detail FROM audit_log WHERE action = 'quote.reassess' AND target = $1`, [quote.id]);
    expect(Number(audited!.detail.totalPremiumBefore)).toBe(Number(modified.totalPremium));
  });

  it('switches a quote to surplus lines and back: recalculated from the request with the tax, the modifier lost; not for a UK quote', async () => {
    const quote = (await call('agent', 'POST', '/api/quote/v1/create', p250Request(ids.client!, 'us', 'NY'))).json();
    expect((await call('agent', 'PUT', `/api/quote/v1/${quote.id}/surplus`, { isSurplus: true })).statusCode).toBe(403);
    await call('underwriter', 'PUT', `/api/rater/v1/irpm/${quote.id}`, { companyStability: -5 });
    const surplus = await call('underwriter', 'PUT', `/api/quote/v1/${quote.id}/surplus`, { isSurplus: true });
    expect(surplus.statusCode, surplus.body).toBe(200);
    expect(surplus.json()).toMatchObject({ message: 'Quote recalculated', quote: { isSurplus: true, irpm: null } });
    expect(Number(surplus.json().quote.surplusLineTax)).toBeGreaterThan(0);
    const admitted = (await call('underwriter', 'PUT', `/api/quote/v1/${quote.id}/surplus`, { isSurplus: false })).json().quote;
    expect(admitted).toMatchObject({ isSurplus: false, totalPremium: quote.totalPremium });
    expect(Number(admitted.surplusLineTax ?? 0)).toBe(0);
    const uk = (await call('broker', 'POST', '/api/quote/v1/create', p250Request(ids.ukClient!, 'uk', 'ENG', 'P_ONE'), UK)).json();
    const refused = await call('underwriter', 'PUT', `/api/quote/v1/${uk.id}/surplus`, { isSurplus: true }, UK);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toBe('Prime One cannot be written as surplus lines.');
  });

  it('declines with a fill-in reason that replaces the summary, and a declined quote cannot be released', async () => {
    const other = (await call('agent', 'POST', '/api/quote/v1/create', p250Request(ids.client!, 'us', 'NY'))).json();
    const missing = await call('underwriter', 'PUT', `/api/quote/v1/decline/${other.id}`, { quoteId: other.id, reasonSummary: 'Fill-in option', reason: 'Too many incidents' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([expect.objectContaining({ field: 'reasonFillIn', message: 'Fill-In text is required' })]);
    const declined = await call('underwriter', 'PUT', `/api/quote/v1/decline/${other.id}`, {
      quoteId: other.id, reasonSummary: 'Fill-in option', reasonFillIn: 'Ransomware in 2025', reason: 'Too many incidents', isNotificationEnabled: true,
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ message: 'Quote declined', quote: { status: 'DECLINED', decision: { reasonSummary: 'Ransomware in 2025', reason: 'Too many incidents' } } });
    const again = await call('underwriter', 'PUT', `/api/quote/v1/P250/release/${other.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This quote cannot be released while it is DECLINED.');
  });
});

describe('referral by the rater', () => {
  it.each([
    { what: 'a limit above $3,000,000', change: { aggLimit: 3_500_000 }, rules: ['high-limit'], reason: "An aggregate limit above $3,000,000 needs an underwriter's review." },
    { what: 'a limit within the rules', change: { aggLimit: 3_000_000 }, rules: [], reason: null },
  ])('$what: the quote is created REFERRED with the reason, or READY', async ({ change, rules, reason }) => {
    const created = await call('agent', 'POST', '/api/quote/v1/create', { ...p250Request(ids.client!, 'us', 'NY'), ...change });
    expect(created.statusCode, created.body).toBe(201);
    const quote = created.json() as Json;
    expect(quote.status).toBe(rules.length ? 'REFERRED' : 'READY');
    expect(Number(quote.totalPremium)).toBeGreaterThan(0);
    if (!reason) {
      expect(quote.decision).toBeNull();
      return;
    }
    expect(quote.decision).toMatchObject({ kind: 'referred', by: null, reason, rules });
    expect(quote.events.at(-1)).toMatchObject({ action: 'create', toStatus: 'REFERRED' });
    const inbox = (await call('underwriter', 'GET', '/api/quote/v1/uw-inbox?size=100')).json();
    expect(inbox.content.map((row: Json) => row.id)).toContain(quote.id);
    // An underwriter who agrees releases it to the agent as usual.
    const released = await call('underwriter', 'PUT', `/api/quote/v1/P250/release/${quote.id}`);
    expect(released.json()).toMatchObject({ quote: { status: 'READY' } });
  });

  it('a cart variation above the rules is requested as REFERRED, the others READY', async () => {
    for (const aggLimit of [1_000_000, 4_000_000]) {
      expect((await call('agent', 'POST', '/api/quote/v1/cart', { ...p250Request(ids.client!, 'us', 'NY'), aggLimit })).statusCode).toBe(201);
    }
    const cart = (await call('agent', 'GET', '/api/quote/v1/cart')).json().content as Json[];
    const requested = await call('agent', 'POST', '/api/quote/v1/bulk', {
      quoteIds: cart.map((quote) => quote.id), accountId: ids.client, agentFirstName: 'Alex', agentLastName: 'Agent', agentEmail: 'agent@agency.example', agentPhone: '2125550100', teamIds: [],
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const byLimit = Object.fromEntries((requested.json().content as Json[]).map((quote) => [Number(quote.aggLimit), quote.status]));
    expect(byLimit).toEqual({ 1000000: 'READY', 4000000: 'REFERRED' });
  });
});

describe('the agent’s actions', () => {
  it('sets a need-by date, never before today', async () => {
    const past = await call('agent', 'PUT', '/api/quote/v1/update/needBy', { id: ids.quote, date: '2026-11-01' });
    expect(past.statusCode).toBe(400);
    const saved = await call('agent', 'PUT', '/api/quote/v1/update/needBy', { id: ids.quote, date: '2026-12-05' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: 'Quote NeedBy Saved Successfully!', quote: { needByDate: '2026-12-05' } });
  });

  it('notes a quote and lists the notes', async () => {
    const added = await call('agent', 'POST', `/api/quote/v1/${ids.quote}/notes`, { note: 'Client reviewing with their board' });
    expect(added.statusCode).toBe(201);
    const notes = (await call('underwriter', 'GET', `/api/quote/v1/${ids.quote}/notes`)).json().content;
    expect(notes[0]).toMatchObject({ note: 'Client reviewing with their board', createdBy: 'Alex Agent' });
  });

  it('downloads a proposal PDF whose text names the quote, the client and the premium', async () => {
    const quote = (await call('agent', 'GET', `/api/quote/v1/${ids.quote}`)).json();
    const pdf = await call('agent', 'GET', `/api/quote/v1/${ids.quote}/proposal`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await new PDFParse({ data: new Uint8Array(pdf.rawPayload) }).getText();
    expect(text).toContain('Quote Proposal');
    expect(text).toContain(quote.quoteNumber);
    expect(text).toContain('Cedar Grove Logistics Inc');
    expect(text).toContain(`$${Number(quote.totalPremium).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    expect(text).toContain('Retention');
  });

  it('marks a quote lost, then deletes it; a lost quote leaves the default list once deleted', async () => {
    const lost = await call('agent', 'PUT', `/api/quote/v1/lost/${ids.quote}`, { id: ids.quote, productType: 'P250', reasonSummary: 'Price is High', reason: 'Went with incumbent' });
    expect(lost.statusCode, lost.body).toBe(200);
    expect(lost.json()).toMatchObject({ message: 'Quote Lost Reason Saved Successfully!', quote: { status: 'LOST' } });
    const deleted = await call('agent', 'DELETE', `/api/quote/v1/${ids.quote}`);
    expect(deleted.json().message).toBe('Quote Deleted Successfully!');
    expect((await call('agent', 'GET', `/api/quote/v1/${ids.quote}`)).statusCode).toBe(404);
  });
});

describe('deleting many', () => {
  it('deletes all of the agency’s INVALID quotes and no other agency’s', async () => {
    const mine = (await call('agent', 'POST', '/api/quote/v1/create', p250Request(ids.client!, 'us', 'NY'))).json();
    await t.db.query(`UPDATE quotes SET status = 'INVALID' WHERE id = $1`, [mine.id]);
    const answer = await call('otherAgent', 'POST', '/api/quote/v1/delete-all/INVALID');
    expect(answer.json()).toMatchObject({ count: 0 });
    const deleted = await call('agent', 'POST', '/api/quote/v1/delete-all/INVALID');
    expect(deleted.json()).toEqual({ count: 1, message: 'Quote Deleted Successfully!' });
    expect((await call('agent', 'GET', `/api/quote/v1/${mine.id}`)).statusCode).toBe(404);
    expect((await call('agent', 'POST', '/api/quote/v1/delete-all/BOUND')).statusCode).toBe(400);
  });
});

describe('the UK edition', () => {
  it('a broker quotes Prime One in pounds; the proposal says Excess and £', async () => {
    const body = p250Request(ids.ukClient!, 'uk', 'ENG', 'P_ONE');
    const created = await call('broker', 'POST', '/api/quote/v1/create', body, UK);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ product: 'P_ONE', currency: 'GBP', status: 'READY' });
    const pdf = await call('broker', 'GET', `/api/quote/v1/${created.json().id}/proposal`, undefined, UK);
    const { text } = await new PDFParse({ data: new Uint8Array(pdf.rawPayload) }).getText();
    expect(text).toContain('Excess');
    expect(text).toContain('£');
    expect(text).toContain('Brokerage');
    const us = await call('agent', 'POST', '/api/quote/v1/create', { ...body, accountId: ids.client, product: 'P_ONE' });
    expect(us.statusCode).toBe(400);
  });
});

// Last in the file: it moves the clock past the quotes' offer.
describe('the offer runs out', () => {
  it.each([
    { edition: 'us', caller: 'agent', account: 'client', state: 'NY', product: 'P250', host: undefined },
    { edition: 'uk', caller: 'broker', account: 'ukClient', state: 'ENG', product: 'P_ONE', host: UK },
  ])('$edition: a Ready quote not bound by its expiry date becomes EXPIRED with the calendar, and cannot be bound', async ({ caller, account, state, product, host }) => {
    const email = caller === 'agent' ? 'agent@agency.example' : 'broker@brokerage.example';
    // Access tokens last minutes: after each move of the clock the caller signs in again.
    const travelTo = async (at: string) => {
      t.clock.set(new Date(at));
      tokens[caller] = (await t.tokensFor(email)).accessToken;
    };
    await travelTo(`${TODAY}T12:00:00Z`);
    const created = (await call(caller, 'POST', '/api/quote/v1/create', p250Request(ids[account]!, host ? 'uk' : 'us', state, product), host)).json() as Json;
    expect(created).toMatchObject({ status: 'READY', expiresOn: '2026-12-23' });
    await travelTo('2026-12-23T12:00:00Z');
    expect((await call(caller, 'GET', `/api/quote/v1/${created.id}`, undefined, host)).json().status).toBe('READY');
    await travelTo('2026-12-24T08:00:00Z');
    const listed = (await call(caller, 'GET', `/api/quote/v1/search?size=100&status=EXPIRED`, undefined, host)).json().content as Json[];
    expect(listed.map((quote) => quote.id)).toContain(created.id);
    const expired = (await call(caller, 'GET', `/api/quote/v1/${created.id}`, undefined, host)).json() as Json;
    expect(expired.status).toBe('EXPIRED');
    expect(expired.events.at(-1)).toMatchObject({ action: 'expire', fromStatus: 'READY', toStatus: 'EXPIRED', detail: { expiresOn: '2026-12-23' } });
    const bind = await call(caller, 'PUT', `/api/quote/v1/${created.id}/bind`,
      { customerFirstName: 'Remy', customerLastName: 'Broussard', customerEmail: 'remy@client.example', customerPhone: host ? '02079460321' : '5045550142' }, host);
    expect(bind.statusCode).toBe(409);
  });
});
