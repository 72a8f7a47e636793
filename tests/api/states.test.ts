import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * States (spec 001 section 7): the US edition reads the 50 states and DC with their real IANA time zones, the UK
 * edition the four nations of the United Kingdom; paged, sorted, searched and filtered on the server; the time
 * zones by state; provider admins add, change and delete ('State Deleted Successfully!'), with the form's messages,
 * refused clashes, the other edition's rows answering like missing ones and every change audited.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const UK = 'console.example.uk';

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function search(caller: string, query: string, host?: string): Promise<{ content: Json[]; totalElements: number }> {
  const response = await call(caller, 'GET', `/api/account/v1/state/search?${query}`, undefined, host);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  t = await startTestApp();
  const users = { admin: 'admin@provider.example', agent: 'agent@agency.example', broker: 'broker@brokerage.example' };
  for (const [name, email] of Object.entries(users)) tokens[name] = (await t.tokensFor(email)).accessToken;
});

afterAll(async () => {
  await t?.close();
});

describe('the seeded lists', () => {
  it('the US edition reads the 50 states and DC, sorted by name, with real time zones', async () => {
    const all = await search('agent', 'size=100');
    expect(all.totalElements).toBe(51);
    expect(all.content.map((state) => state.stateNameAbbrv)).toContain('DC');
    expect(all.content[0]).toMatchObject({ stateName: 'Alabama', stateNameAbbrv: 'AL', isSupported: true, timezone: 'America/Chicago' });
    const names = all.content.map((state) => state.stateName.toLowerCase());
    expect(names).toEqual([...names].sort());
    const texas = all.content.find((state) => state.stateNameAbbrv === 'TX')!;
    expect(texas.timezones).toEqual(['America/Chicago', 'America/Denver']);
    expect(all.content.find((state) => state.stateNameAbbrv === 'HI')!.timezone).toBe('Pacific/Honolulu');
    // Every zone is one the runtime knows.
    for (const state of all.content) for (const zone of state.timezones) expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
  });

  it('the UK edition reads the four nations of the United Kingdom', async () => {
    const all = await search('broker', '', UK);
    expect(all.content.map((state) => [state.stateNameAbbrv, state.stateName, state.timezone])).toEqual([
      ['ENG', 'England', 'Europe/London'], ['NIR', 'Northern Ireland', 'Europe/London'], ['SCT', 'Scotland', 'Europe/London'], ['WLS', 'Wales', 'Europe/London'],
    ]);
  });

  it('sorts, searches, filters by isSupported, and refuses an undeclared sort', async () => {
    expect((await search('agent', 'sort=stateNameAbbrv,desc&size=1')).content[0]!.stateNameAbbrv).toBe('WY');
    expect((await search('agent', 'search=new')).content.map((state) => state.stateNameAbbrv).sort()).toEqual(['NH', 'NJ', 'NM', 'NY']);
    expect((await search('agent', 'isSupported=false')).totalElements).toBe(0);
    expect((await call('agent', 'GET', '/api/account/v1/state/search?sort=timezone,asc')).statusCode).toBe(400);
  });

  it('answers the time zones of every state, or of one', async () => {
    const all = await call('agent', 'GET', '/api/account/v1/state/timezone');
    expect(all.statusCode).toBe(200);
    expect(all.json().content).toHaveLength(51);
    const one = await call('agent', 'GET', '/api/account/v1/state/timezone?state=in');
    expect(one.json().content).toEqual([{ stateNameAbbrv: 'IN', stateName: 'Indiana', timezone: 'America/Indiana/Indianapolis', timezones: ['America/Indiana/Indianapolis', 'America/Chicago'] }]);
    expect((await call('broker', 'GET', '/api/account/v1/state/timezone?state=SCT', undefined, UK)).json().content[0].timezone).toBe('Europe/London');
    const missing = await call('agent', 'GET', '/api/account/v1/state/timezone?state=SCT');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('State not found.');
  });
});

describe('writes', () => {
  it('a provider admin adds, changes and deletes a state, each audited', async () => {
    const created = await call('admin', 'POST', '/api/account/v1/state', { stateName: 'Puerto Rico', stateNameAbbrv: 'pr', isSupported: false, timezones: ['America/New_York'] });
    expect(created.statusCode, created.body).toBe(201);
    const state = created.json();
    expect(state).toMatchObject({ stateName: 'Puerto Rico', stateNameAbbrv: 'PR', isSupported: false, timezone: 'America/New_York' });
    expect((await search('agent', 'isSupported=false')).content.map((row) => row.stateNameAbbrv)).toEqual(['PR']);

    const clash = await call('admin', 'POST', '/api/account/v1/state', { stateName: 'Texas Two', stateNameAbbrv: 'TX', timezones: ['America/Chicago'] });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('A state with this abbreviation already exists.');
    const nameClash = await call('admin', 'PUT', `/api/account/v1/state/${state.id}`, { stateName: 'texas', stateNameAbbrv: 'PR', timezones: ['America/Chicago'] });
    expect(nameClash.statusCode).toBe(409);
    expect(nameClash.json().message).toBe('A state with this name already exists.');

    const changed = await call('admin', 'PUT', `/api/account/v1/state/${state.id}`, { stateName: 'Puerto Rico', stateNameAbbrv: 'PR', isSupported: true, timezones: ['America/New_York'] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().isSupported).toBe(true);

    const deleted = await call('admin', 'DELETE', `/api/account/v1/state/${state.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('State Deleted Successfully!');
    expect((await call('admin', 'GET', `/api/account/v1/state/${state.id}`)).statusCode).toBe(404);
    const audit = await t.db.query<{ action: string; detail: Json }>('SELECT action, detail FROM audit_log WHERE target = $1 ORDER BY id', [state.id]);
    expect(audit.map((row) => row.action)).toEqual(['state.create', 'state.update', 'state.delete']);
    expect(audit[1]!.detail).toMatchObject({ from: { isSupported: false }, to: { isSupported: true } });
  });

  it('a nation of the UK list answers like a missing one to a US request; an agency cannot write', async () => {
    const scotland = (await search('broker', 'search=Scotland', UK)).content[0]!;
    for (const [method, body] of [['GET', undefined], ['PUT', { stateName: 'Scotland', stateNameAbbrv: 'SCT', timezones: ['Europe/London'] }], ['DELETE', undefined]] as const) {
      const response = await call('admin', method, `/api/account/v1/state/${scotland.id}`, body);
      expect(response.statusCode, method).toBe(404);
    }
    expect((await call('broker', 'DELETE', `/api/account/v1/state/${scotland.id}`, undefined, UK)).statusCode).toBe(403);
    expect((await call('agent', 'POST', '/api/account/v1/state', { stateName: 'Guam', stateNameAbbrv: 'GU', timezones: ['Pacific/Honolulu'] })).statusCode).toBe(403);
  });

  it.each([
    ['US', undefined, { stateName: 'Guam', stateNameAbbrv: 'G1', timezones: ['Pacific/Honolulu'] }, 'stateNameAbbrv', 'Abbreviation must be 2 or 3 letters', 'pattern'],
    ['US', undefined, { stateName: 'Guam', stateNameAbbrv: 'GU', timezones: [] }, 'timezones', 'Select at least one time zone', 'required'],
    ['US', undefined, { stateName: 'Guam', stateNameAbbrv: 'GU', timezones: ['Mars/Olympus_Mons'] }, 'timezones', 'Select time zones from the list', 'oneOf'],
    ['UK', UK, { stateName: 'Cornwall', stateNameAbbrv: 'CORN', timezones: ['Europe/London'] }, 'stateNameAbbrv', 'Code must be 2 or 3 letters', 'pattern'],
    ['UK', UK, { stateNameAbbrv: 'CON', timezones: ['Europe/London'] }, 'stateName', 'Nation Name is a required field', 'required'],
  ])('%s: a body the state form refuses answers 400 (%j)', async (edition, host, body, field, message, code) => {
    const response = await call('admin', 'POST', '/api/account/v1/state', body, host);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(edition === 'UK' ? 'Failed to save nation' : 'Failed to save state');
    const fault = response.json().errors.find((error: Json) => error.field === field);
    expect(fault, JSON.stringify(response.json().errors)).toBeDefined();
    if (message) expect(fault).toMatchObject({ message, code });
  });
});
