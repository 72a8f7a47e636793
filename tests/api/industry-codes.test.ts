import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { readFileSync } from 'node:fs';
import { readCodeList } from '../../server/resources/industry-codes/code-list.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Industry codes (spec 001 section 7): each edition reads its own real list (NAICS 2022 in the US edition, UK SIC
 * 2007 in the UK edition), paged, sorted and searched on the server; `dup=false` offers each activity once; every
 * signed-in user reads, only provider admins write, with the form's messages per edition, a taken code refused, a
 * code of the other edition's list answering like a missing one, and every change audited.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const UK = 'console.example.uk';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function search(caller: string, query: string, host?: string): Promise<{ content: Json[]; totalElements: number }> {
  const response = await call(caller, 'GET', `/api/account/v1/naics/search?${query}`, undefined, host);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  t = await startTestApp();
  const users = { admin: 'admin@provider.example', agent: 'agent@agency.example', broker: 'broker@brokerage.example', policyholder: 'policyholder@insured.example' };
  for (const [name, email] of Object.entries(users)) tokens[name] = (await t.tokensFor(email)).accessToken;
});

afterAll(async () => {
  await t?.close();
});

describe('the lists seeded on every database', () => {
  it.each([
    ['us', 'naics-2022.csv'],
    ['uk', 'uk-sic-2007.csv'],
  ])('the %s list holds every line of server/resources/industry-codes/lists/%s, as written', async (edition, file) => {
    const lines = readCodeList(readFileSync(new URL(`../../server/resources/industry-codes/lists/${file}`, import.meta.url), 'utf8'));
    const rows = await t.db.query<{ code: string; title: string }>('SELECT code, title FROM industry_codes WHERE edition = $1 ORDER BY code', [edition]);
    expect(rows).toEqual([...lines].sort((a, b) => (a.code < b.code ? -1 : 1)));
  });

  it('the US edition reads NAICS 2022: every level, real titles, 2022 codes', async () => {
    const all = await search('agent', 'size=1');
    expect(all.totalElements).toBe(2129);
    for (const [level, count] of [[2, 24], [3, 96], [4, 308], [5, 689], [6, 1012]] as const) {
      expect((await search('agent', `level=${level}&size=1`)).totalElements, `${level} digits`).toBe(count);
    }
    const software = (await search('agent', 'search=513210')).content;
    expect(software).toEqual([expect.objectContaining({ code: '513210', naicsCode: 513210, title: 'Software Publishers', level: 6 })]);
    expect((await search('agent', 'search=Insurance Agencies and Brokerages&level=6')).content.map((row) => row.code)).toEqual(['524210']);
    // 511210 was Software Publishers until NAICS 2017; 2022 moved it to 513210.
    expect((await search('agent', 'search=511210')).totalElements).toBe(0);
    expect(software[0]).not.toHaveProperty('sicCode');
  });

  it('the UK edition reads UK SIC 2007: divisions to subclasses, leading zeros kept', async () => {
    const all = await search('broker', 'size=1', UK);
    expect(all.totalElements).toBe(1703);
    for (const [level, count] of [[2, 88], [3, 272], [4, 615], [5, 728], [6, 0]] as const) {
      expect((await search('broker', `level=${level}&size=1`, UK)).totalElements, `${level} digits`).toBe(count);
    }
    const software = (await search('broker', 'search=62012', UK)).content;
    expect(software).toEqual([expect.objectContaining({ code: '62012', sicCode: '62012', title: 'Business and domestic software development', level: 5 })]);
    expect(software[0]).not.toHaveProperty('naicsCode');
    const first = (await search('broker', 'size=3', UK)).content.map((row) => row.code);
    expect(first).toEqual(['01', '011', '0111']);
    // Companies House's own register codes are not SIC 2007 subclasses.
    expect((await search('broker', 'search=Dormant Company', UK)).totalElements).toBe(0);
  });

  it('pages, sorts by code or title, searches taken literally, and refuses an undeclared sort', async () => {
    const first = await search('agent', 'size=5&page=0');
    const second = await search('agent', 'size=5&page=1');
    expect(first.content.map((row) => row.code)).toEqual(['11', '111', '1111', '11111', '111110']);
    expect(second.content[0]!.code).toBe('11112');
    const byTitle = (await search('agent', 'size=50&sort=title,desc')).content.map((row) => row.title.toLowerCase());
    expect(byTitle).toEqual([...byTitle].sort().reverse());
    expect((await search('agent', 'search=%25')).totalElements).toBe(0);
    expect((await call('agent', 'GET', '/api/account/v1/naics/search?sort=level,asc')).statusCode).toBe(400);
  });

  it('dup=false leaves out a code whose title a more detailed code repeats', async () => {
    const withDup = (await search('agent', 'search=Soybean Farming')).content.map((row) => row.code);
    expect(withDup).toEqual(['11111', '111110']);
    const once = (await search('agent', 'search=Soybean Farming&dup=false')).content.map((row) => row.code);
    expect(once).toEqual(['111110']);
    expect((await search('agent', 'dup=false&size=1')).totalElements).toBeLessThan(2129);
  });

  it('every signed-in user reads; only provider admins write', async () => {
    expect((await search('policyholder', 'size=1')).totalElements).toBe(2129);
    expect((await call('agent', 'POST', '/api/account/v1/naics', { naicsCode: 999990, title: 'Made up' })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/account/v1/naics/search' })).statusCode).toBe(401);
  });
});

describe('writes by a provider admin', () => {
  it('adds, changes and deletes a US code, each audited; a taken code answers 409', async () => {
    const created = await call('admin', 'POST', '/api/account/v1/naics', { naicsCode: 999991, title: '  Cyber Risk Consulting  ' });
    expect(created.statusCode, created.body).toBe(201);
    const code = created.json();
    expect(code).toMatchObject({ code: '999991', naicsCode: 999991, title: 'Cyber Risk Consulting', level: 6 });

    const taken = await call('admin', 'POST', '/api/account/v1/naics', { naicsCode: 541511, title: 'Duplicate' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This industry code already exists.');

    const changed = await call('admin', 'PUT', `/api/account/v1/naics/${code.id}`, { naicsCode: 999992, title: 'Cyber Risk Advisory' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ code: '999992', title: 'Cyber Risk Advisory' });
    expect((await call('admin', 'PUT', `/api/account/v1/naics/${code.id}`, { naicsCode: 541511, title: 'x' })).statusCode).toBe(409);

    expect((await call('admin', 'GET', `/api/account/v1/naics/${code.id}`)).json()).toMatchObject({ naicsCode: 999992 });
    const deleted = await call('admin', 'DELETE', `/api/account/v1/naics/${code.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await call('admin', 'GET', `/api/account/v1/naics/${code.id}`)).statusCode).toBe(404);

    const audit = await t.db.query<{ action: string; detail: Json }>('SELECT action, detail FROM audit_log WHERE target = $1 ORDER BY id', [code.id]);
    expect(audit.map((row) => row.action)).toEqual(['industry-code.create', 'industry-code.update', 'industry-code.delete']);
    expect(audit[1]!.detail).toMatchObject({ edition: 'us', from: { code: '999991' }, to: { code: '999992' } });
  });

  it('adds a UK SIC code with its leading zero, to the UK list only', async () => {
    const created = await call('admin', 'POST', '/api/account/v1/naics', { sicCode: '01111', title: 'Growing of heritage cereals' }, UK);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ code: '01111', sicCode: '01111', level: 5 });
    expect((await search('broker', 'search=heritage', UK)).totalElements).toBe(1);
    expect((await search('agent', 'search=heritage')).totalElements).toBe(0);
    // A code of the UK list answers like a missing one to a US request, for reads and writes.
    const id = created.json().id;
    for (const [method, body] of [['GET', undefined], ['PUT', { naicsCode: 12345, title: 'x' }], ['DELETE', undefined]] as const) {
      const response = await call('admin', method, `/api/account/v1/naics/${id}`, body);
      expect(response.statusCode, method).toBe(404);
      expect(response.json().message).toBe('Industry code not found.');
    }
    expect((await call('admin', 'DELETE', `/api/account/v1/naics/${MISSING_ID}`, undefined, UK)).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', `/api/account/v1/naics/${id}`, undefined, UK)).statusCode).toBe(200);
  });

  it.each([
    ['US', undefined, { naicsCode: 9, title: 'Too short' }, 'naicsCode', 'Industry code must be 2 to 6 digits (10 to 999999)', 'minimum'],
    ['US', undefined, { naicsCode: 1234567, title: 'Too long' }, 'naicsCode', 'Industry code must be 2 to 6 digits (10 to 999999)', 'maximum'],
    ['US', undefined, { title: 'No code' }, 'naicsCode', 'NAICS Code is a required field', 'required'],
    ['UK', UK, { sicCode: '123456', title: 'Six digits' }, 'sicCode', 'SIC Code must be 2 to 5 digits', 'pattern'],
    ['UK', UK, { sicCode: '1', title: 'One digit' }, 'sicCode', 'SIC Code must be 2 to 5 digits', 'pattern'],
    ['UK', UK, { naicsCode: 541511, title: 'A NAICS code' }, 'sicCode', 'SIC Code is a required field', 'required'],
  ])('%s: a code the form refuses answers 400 with its message (%j)', async (_, host, body, field, message, code) => {
    const response = await call('admin', 'POST', '/api/account/v1/naics', body, host);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Failed to save industry code', errors: [{ field, message, code }] });
  });
});
