import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { clientOf, p250Request } from './support/quote-fixtures.ts';

/**
 * The cart limit counts what the agent sees (issue 35; spec 002 section 5 'Cart limit is 5 quotes', section 3
 * 'Bulk request payload: quoteIds, accountId, ...'): a cart is the variations of one client, so drafts kept for
 * other clients neither count towards a new client's five nor show in its list, in both editions. A variation is
 * requested as a new quote, so its start is held to the window of the day it is requested (section 9).
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const TODAY = '2026-11-23';
const CART_LIMIT_TEXT = 'You have reached 5 request limit, please delete one to add another variation!';

const EDITIONS = [
  { edition: 'us' as const, caller: 'agent', host: undefined, agency: 'Summit Risk Partners', state: 'NY', product: 'P250', risk: { edition: 'us' as const, state: 'NY', zip: '10001', industry: '541512', revenue: 5_000_000 } },
  { edition: 'uk' as const, caller: 'broker', host: 'console.example.uk', agency: 'Thames Cyber Brokers', state: 'ENG', product: 'P_ONE', risk: { edition: 'uk' as const, state: null, zip: 'SE1 9GF', industry: '62020', revenue: 3_000_000 } },
];

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC', ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date(`${TODAY}T12:00:00Z`));
  for (const [name, email] of Object.entries({ agent: 'agent@agency.example', broker: 'broker@brokerage.example' })) tokens[name] = (await t.tokensFor(email)).accessToken;
});

afterAll(async () => {
  await t?.close();
});

describe.each(EDITIONS)('$edition: the cart of one client', (edition) => {
  it('two drafts for other clients do not count: the new client takes five, the sixth is refused, and its list shows the five', async () => {
    const request = (accountId: string) => p250Request(accountId, edition.edition, edition.state, TODAY, edition.product);
    const add = (accountId: string) => call(edition.caller, 'POST', '/api/quote/v1/cart', request(accountId), edition.host);
    const cartOf = async (accountId: string) => (await call(edition.caller, 'GET', `/api/quote/v1/cart?accountId=${accountId}`, undefined, edition.host)).json() as Json;

    const others = [
      await clientOf(t, edition.agency, `Elsewhere One ${edition.edition}`, edition.risk),
      await clientOf(t, edition.agency, `Elsewhere Two ${edition.edition}`, edition.risk),
    ];
    for (const other of others) expect((await add(other)).statusCode).toBe(201);
    const client = await clientOf(t, edition.agency, `New Client ${edition.edition}`, edition.risk);

    for (let count = 1; count <= 5; count += 1) {
      const added = await add(client);
      expect(added.statusCode, `variation ${count}: ${added.body}`).toBe(201);
      // The answer is the list the limit counts: this client's variations only.
      expect((added.json() as Json).content.map((quote: Json) => quote.accountId)).toEqual(Array(count).fill(client));
    }
    const sixth = await add(client);
    expect(sixth.statusCode).toBe(409);
    expect((sixth.json() as Json).message).toBe(CART_LIMIT_TEXT);

    expect(await cartOf(client)).toMatchObject({ limit: 5, content: Array(5).fill(expect.objectContaining({ accountId: client, status: 'DRAFT', inCart: true })) });
    for (const other of others) expect((await cartOf(other)).content).toHaveLength(1);

    // Removing one answers the client's list, four now, and makes room for one more variation.
    const [first] = (await cartOf(client)).content as Json[];
    const removed = await call(edition.caller, 'DELETE', `/api/quote/v1/cart/${first!.id}`, undefined, edition.host);
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as Json).content.map((quote: Json) => quote.accountId)).toEqual(Array(4).fill(client));
    expect((await add(client)).statusCode).toBe(201);
  });

  it('a variation whose start has left the window by the time it is requested is refused, naming it; a day earlier it is requested', async () => {
    const travelTo = async (day: string) => {
      t.clock.set(new Date(`${day}T12:00:00Z`));
      tokens[edition.caller] = (await t.tokensFor(edition.caller === 'agent' ? 'agent@agency.example' : 'broker@brokerage.example')).accessToken;
    };
    await travelTo(TODAY);
    const client = await clientOf(t, edition.agency, `Later Request ${edition.edition}`, edition.risk);
    // The editor's default start: 14 days ahead, 2026-12-07.
    const added = await call(edition.caller, 'POST', '/api/quote/v1/cart', p250Request(client, edition.edition, edition.state, TODAY, edition.product), edition.host);
    expect(added.statusCode, added.body).toBe(201);
    const [variation] = (added.json() as Json).content as Json[];
    expect(variation).toMatchObject({ effectiveDate: '2026-12-07' });
    const requestAll = () => call(edition.caller, 'POST', '/api/quote/v1/bulk', { quoteIds: [variation!.id], accountId: client }, edition.host);

    // On 2026-12-15 the start is 8 days back: spec 002 section 9 allows 7.
    await travelTo('2026-12-15');
    const refused = await requestAll();
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as Json).errors).toEqual([
      expect.objectContaining({ field: 'quoteIds', message: `${variation!.id}: The effective date must be between 2026-12-08 and 2027-02-28.` }),
    ]);
    await travelTo('2026-12-14');
    const requested = await requestAll();
    expect(requested.statusCode, requested.body).toBe(200);
    expect((requested.json() as Json).content).toEqual([expect.objectContaining({ id: variation!.id, effectiveDate: '2026-12-07' })]);
    await travelTo(TODAY);
  });
});
