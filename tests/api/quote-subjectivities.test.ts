import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { PDFParse } from 'pdf-parse';
import { EDITION_AGENCIES, EDITION_USERS, editionClient } from './support/edition-agencies.ts';
import { p250Request } from './support/quote-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Subjectivities of a quote (spec 002 section 3 Quote: subjectivities), in both editions: an underwriter sets
 * them while the terms are open, marks one received, withdraws another; the agency reads them and the
 * proposal lists them; the agency may not set them, another agency cannot see them, a declined quote takes
 * none, and a reset withdraws them. Every change is audited.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const TODAY = '2026-11-23';

function call(caller: string, method: InjectOptions['method'], url: string, host: string | undefined, payload?: unknown) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC', ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date(`${TODAY}T12:00:00Z`));
  for (const [name, email] of Object.entries(EDITION_USERS)) tokens[name] = (await t.tokensFor(email)).accessToken;
});

afterAll(async () => {
  await t?.close();
});

describe.each(EDITION_AGENCIES)('subjectivities in the $edition edition', (edition) => {
  const { host, agent, otherAgent } = edition;
  const quoteOf = async (name: string): Promise<Json> => {
    const client = await editionClient(t, edition, name);
    const created = await call(agent, 'POST', '/api/quote/v1/create', host, p250Request(client, edition.edition, edition.state ?? 'ENG', TODAY, edition.product));
    expect(created.statusCode, created.body).toBe(201);
    return created.json();
  };
  const base = (quote: Json) => `/api/quote/v1/${quote.id}/subjectivities`;

  it('are set by an underwriter, read by the agency and listed in the proposal; one is received, another withdrawn; each change audited', async () => {
    const quote = await quoteOf(`Subject To ${edition.edition} Ltd`);
    const refused = await call(agent, 'POST', base(quote), host, { text: 'Signed application' });
    expect(refused.statusCode).toBe(403);
    const blank = await call('underwriter', 'POST', base(quote), host, { text: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual([expect.objectContaining({ field: 'text', message: 'Subjectivity is a required field' })]);

    const application = await call('underwriter', 'POST', base(quote), host, { text: 'Signed and dated application within 30 days of binding' });
    expect(application.statusCode, application.body).toBe(201);
    expect(application.json()).toMatchObject({ message: 'Subjectivity added', subjectivity: { quoteId: quote.id, status: 'OPEN', createdBy: 'Uma Underwood', received: null } });
    const backups = (await call('underwriter', 'POST', base(quote), host, { text: 'Evidence of offline, tested backups' })).json().subjectivity;

    const listed = await call(agent, 'GET', base(quote), host);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().content.map((row: Json) => row.text)).toEqual(['Signed and dated application within 30 days of binding', 'Evidence of offline, tested backups']);
    expect((await call(otherAgent, 'GET', base(quote), host)).statusCode).toBe(404);
    expect((await call(agent, 'GET', `/api/quote/v1/${quote.id}`, host)).json().subjectivities).toHaveLength(2);

    const proposal = await call(agent, 'GET', `/api/quote/v1/${quote.id}/proposal`, host);
    expect(proposal.statusCode).toBe(200);
    const text = (await new PDFParse({ data: new Uint8Array(proposal.rawPayload) }).getText()).text;
    expect(text).toContain('Subjectivities');
    expect(text).toContain('Evidence of offline, tested backups');

    const received = await call('underwriter', 'PUT', `${base(quote)}/${backups.id}/received`, host);
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json()).toMatchObject({ message: 'Subjectivity marked received', subjectivity: { status: 'RECEIVED', receivedBy: 'Uma Underwood' } });
    const again = await call('underwriter', 'PUT', `${base(quote)}/${backups.id}/received`, host);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This subjectivity was already marked received.');

    const removed = await call('underwriter', 'DELETE', `${base(quote)}/${application.json().subjectivity.id}`, host);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('Subjectivity removed');
    expect((await call('underwriter', 'DELETE', `${base(quote)}/${application.json().subjectivity.id}`, host)).statusCode).toBe(404);
    expect((await call(agent, 'GET', base(quote), host)).json().content).toEqual([expect.objectContaining({ id: backups.id, status: 'RECEIVED' })]);

    const audited = await t.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE target = $1 AND action LIKE 'quote.subjectivity.%' ORDER BY at, id`, [quote.id]);
    expect(audited.map((row) => row.action)).toEqual(['quote.subjectivity.add', 'quote.subjectivity.add', 'quote.subjectivity.receive', 'quote.subjectivity.remove']);
  });

  it('are not set on a declined quote, and a reset to the request withdraws them', async () => {
    const quote = await quoteOf(`Reset Subject ${edition.edition} Ltd`);
    await call('underwriter', 'POST', base(quote), host, { text: 'MFA on remote access' });
    const reset = await call('underwriter', 'PUT', `/api/quote/v1/P250/reset/${quote.id}`, host);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().quote.subjectivities).toEqual([]);
    expect((await call('underwriter', 'GET', base(quote), host)).json().content).toEqual([]);

    const declined = await call('underwriter', 'PUT', `/api/quote/v1/decline/${quote.id}`, host, { quoteId: quote.id, reasonSummary: 'Fill-in option', reasonFillIn: 'Loss history', reason: 'Too many incidents' });
    expect(declined.statusCode, declined.body).toBe(200);
    const refused = await call('underwriter', 'POST', base(quote), host, { text: 'Anything' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Subjectivities cannot be changed while the quote is DECLINED.');
  });
});
