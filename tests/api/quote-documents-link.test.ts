import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { QUOTE_DOCUMENTS_LINK_TTL_MS } from '../../server/constants.ts';
import { QUOTE_DOCUMENTS_TEXTS } from '../../server/resources/quote-documents/quote-documents-texts.ts';
import { quotableAcme } from './support/policy-fixtures.ts';
import { clientOf, p250Request } from './support/quote-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * A link to a quote's documents (spec 002 section 8 'Unable to fetch the Quote Documents link'): whoever may
 * read the quote makes one; it opens the proposal without signing in until it expires; a link altered, pointed
 * at another quote, expired or of a quote no longer offered opens nothing; another tenant makes none. In both
 * editions.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const TODAY = '2026-11-23';
const UK = 'console.example.uk';
const USERS = { agent: 'agent@agency.example', broker: 'broker@brokerage.example', otherAgent: 'agent@otheragency.example' };

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC', ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The link's address on this server (the link names the console's public address). */
const pathOf = (url: string) => new URL(url).pathname;
const anonymous = (path: string) => t.inject({ method: 'GET', url: path });

const CASES = [
  { edition: 'us' as const, caller: 'agent', host: undefined, state: 'CO', product: 'P250', account: 'acme' },
  { edition: 'uk' as const, caller: 'broker', host: UK, state: 'ENG', product: 'P_ONE', account: 'ukClient' },
];

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date(`${TODAY}T12:00:00Z`));
  for (const [name, email] of Object.entries(USERS)) tokens[name] = (await t.tokensFor(email)).accessToken;
  ids.acme = await quotableAcme(t);
  ids.ukClient = await clientOf(t, 'Thames Cyber Brokers', 'Harbourside Dental Ltd', { edition: 'uk', state: null, zip: 'BS1 4DJ', industry: '62020', revenue: 3_000_000 });
  for (const { edition, caller, host, state, product, account } of CASES) {
    const created = await call(caller, 'POST', '/api/quote/v1/create', p250Request(ids[account]!, edition, state, TODAY, product), host);
    expect(created.statusCode, created.body).toBe(201);
    ids[`${edition}Quote`] = created.json().id;
    await t.db.query(`UPDATE quotes SET status = 'READY' WHERE id = $1`, [ids[`${edition}Quote`]]);
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe.each(CASES)('$edition: the quote documents link', ({ edition, caller, host }) => {
  it('opens the proposal without signing in until it expires, and the making of it is audited', async () => {
    const quoteId = ids[`${edition}Quote`]!;
    const made = await call(caller, 'POST', `/api/quote/v1/${quoteId}/documents-link`, undefined, host);
    expect(made.statusCode, made.body).toBe(200);
    const link = made.json() as Json;
    expect(link.url).toMatch(new RegExp(`/api/quote/v1/documents/${quoteId}\\.\\d+\\.[A-Za-z0-9_-]{43}$`));
    expect(new Date(link.expiresAt).getTime()).toBe(t.clock.now().getTime() + QUOTE_DOCUMENTS_LINK_TTL_MS);

    const opened = await anonymous(pathOf(link.url));
    expect(opened.statusCode, opened.body.slice(0, 200)).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(opened.headers['cache-control']).toBe('no-store');
    const [{ quote_number: quoteNumber }] = await t.db.query<{ quote_number: string }>('SELECT quote_number FROM quotes WHERE id = $1', [quoteId]) as [{ quote_number: string }];
    expect(opened.headers['content-disposition']).toContain(`_${quoteNumber}_Proposal.pdf`);
    const text = (await new PDFParse({ data: new Uint8Array(opened.rawPayload) }).getText()).text;
    expect(text).toContain(quoteNumber);

    const [audited] = await t.db.query<{ detail: Json }>(`SELECT detail FROM audit_log WHERE action = 'quote.documents-link' AND target = $1`, [quoteId]);
    expect(audited?.detail).toMatchObject({ quoteNumber, expiresAt: link.expiresAt });

    // One second before it expires it still opens; at the moment it expires it opens nothing.
    const madeAt = t.clock.now();
    t.clock.set(new Date(madeAt.getTime() + QUOTE_DOCUMENTS_LINK_TTL_MS - 1_000));
    expect((await anonymous(pathOf(link.url))).statusCode).toBe(200);
    t.clock.set(new Date(madeAt.getTime() + QUOTE_DOCUMENTS_LINK_TTL_MS));
    const expired = await anonymous(pathOf(link.url));
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe(QUOTE_DOCUMENTS_TEXTS.linkInvalid);
    t.clock.set(madeAt);
  });

  it('altered, pointed at another quote or made longer, it opens nothing; nor for a quote no longer offered', async () => {
    const quoteId = ids[`${edition}Quote`]!;
    const other = ids[`${edition === 'us' ? 'uk' : 'us'}Quote`]!;
    const link = (await call(caller, 'POST', `/api/quote/v1/${quoteId}/documents-link`, undefined, host)).json() as Json;
    const token = pathOf(link.url).split('/').pop()!;
    const [, expires, signature] = token.split('.') as [string, string, string];
    const forged = [
      `${other}.${expires}.${signature}`,
      `${quoteId}.${Number(expires) + 86_400}.${signature}`,
      // One character of the signature changed in the middle; and the last one spelt otherwise with the same
      // bytes (its two lowest bits are spare in 43 base64url characters), which only the server's spelling opens.
      `${quoteId}.${expires}.${signature.slice(0, 20)}${signature[20] === 'A' ? 'B' : 'A'}${signature.slice(21)}`,
      `${quoteId}.${expires}.${signature.slice(0, -1)}${BASE64URL[BASE64URL.indexOf(signature.at(-1)!) ^ 1]}`,
      `${quoteId}.${expires}`,
      'not-a-link',
    ];
    for (const attempt of forged) {
      const answer = await anonymous(`/api/quote/v1/documents/${encodeURIComponent(attempt)}`);
      expect(answer.statusCode, attempt).toBe(404);
      expect(answer.json().message, attempt).toBe(QUOTE_DOCUMENTS_TEXTS.linkInvalid);
    }

    const [{ agency_status: offered }] = await t.db.query<{ agency_status: string }>('SELECT agency_status FROM quotes WHERE id = $1', [quoteId]) as [{ agency_status: string }];
    await t.db.query(`UPDATE quotes SET agency_status = 'INVALID' WHERE id = $1`, [quoteId]);
    try {
      expect((await anonymous(pathOf(link.url))).statusCode).toBe(404);
      const refused = await call(caller, 'POST', `/api/quote/v1/${quoteId}/documents-link`, undefined, host);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(QUOTE_DOCUMENTS_TEXTS.linkUnavailable);
    } finally {
      await t.db.query('UPDATE quotes SET agency_status = $1 WHERE id = $2', [offered, quoteId]);
    }
  });

  it('another agency makes no link to the quote (it is not found for them)', async () => {
    const answer = await call('otherAgent', 'POST', `/api/quote/v1/${ids[`${edition}Quote`]}/documents-link`, undefined, host);
    expect(answer.statusCode).toBe(404);
  });
});
