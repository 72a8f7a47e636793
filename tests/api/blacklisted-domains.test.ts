import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { blacklistedDomainOf, domainOf, isDomainBlacklisted } from '../../server/resources/blacklisted-domains/blacklist.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Blacklisted domains (spec 001 sections 2, 5, 8, 9): provider admins list them 25 a page, blacklist a valid domain
 * name ('Not a valid domain name' otherwise, with the form's failure text 'Failed to blacklist domain. Please try
 * again.'), delete one, every change audited; nobody else reaches them; other modules check a domain (or an e-mail
 * address or URL) against the list, subdomains included.
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

async function list(query = ''): Promise<{ content: Json[]; totalElements: number; size: number }> {
  const response = await call('admin', 'GET', `/api/account/v1/domain/blacklist/search?${query}`);
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

describe('the blacklist', () => {
  it('starts empty, lists 25 a page by default, newest first', async () => {
    expect(await list()).toMatchObject({ content: [], totalElements: 0, size: 25 });
    for (let index = 0; index < 27; index += 1) {
      t.clock.advance(1000);
      expect((await call('admin', 'POST', '/api/account/v1/domain/blacklist', { name: `spam${String(index).padStart(2, '0')}.example` })).statusCode).toBe(201);
    }
    const first = await list();
    expect(first.content).toHaveLength(25);
    expect(first.totalElements).toBe(27);
    expect(first.content[0]).toMatchObject({ name: 'spam26.example', createdBy: expect.stringMatching(/\S/) });
    expect((await list('page=1')).content.map((row) => row.name)).toEqual(['spam01.example', 'spam00.example']);
    expect((await list('sort=name,asc&search=spam1')).content.map((row) => row.name).slice(0, 2)).toEqual(['spam10.example', 'spam11.example']);
  });

  it('keeps a domain as its lower-case name and refuses one already listed', async () => {
    const created = await call('admin', 'POST', '/api/account/v1/domain/blacklist', { name: '  Mailinator.COM.  ' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().name).toBe('mailinator.com');
    const again = await call('admin', 'POST', '/api/account/v1/domain/blacklist', { name: 'mailinator.com' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This domain is already blacklisted.');
  });

  it.each([['not a domain'], ['example'], ['-bad-.com'], ['exa_mple.com'], ['http://example.com']])(
    "refuses '%s' with 'Not a valid domain name' in both editions",
    async (name) => {
      for (const [caller, host] of [['admin', undefined], ['admin', UK]] as const) {
        const response = await call(caller, 'POST', '/api/account/v1/domain/blacklist', { name }, host);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ message: 'Failed to blacklist domain. Please try again.', errors: [{ field: 'name', message: 'Not a valid domain name' }] });
      }
    },
  );

  it('deletes a domain, audited; a missing one answers with the reason the page shows after "Failed to delete domain:"', async () => {
    const created = (await call('admin', 'POST', '/api/account/v1/domain/blacklist', { name: 'temp-mail.example' })).json();
    const deleted = await call('admin', 'DELETE', `/api/account/v1/domain/blacklist/${created.id}`);
    expect(deleted.statusCode).toBe(200);
    const again = await call('admin', 'DELETE', `/api/account/v1/domain/blacklist/${created.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('This domain is not on the blacklist.');
    const audit = await t.db.query<{ action: string; detail: Json }>('SELECT action, detail FROM audit_log WHERE target = $1 ORDER BY id', [created.id]);
    expect(audit).toEqual([
      expect.objectContaining({ action: 'domain.blacklist', detail: { name: 'temp-mail.example' } }),
      expect.objectContaining({ action: 'domain.unblacklist', detail: { name: 'temp-mail.example' } }),
    ]);
  });

  it('is for provider admins only', async () => {
    expect((await call('agent', 'GET', '/api/account/v1/domain/blacklist/search')).statusCode).toBe(403);
    expect((await call('broker', 'POST', '/api/account/v1/domain/blacklist', { name: 'rival.example' }, UK)).statusCode).toBe(403);
  });
});

describe('the check other modules call', () => {
  it('finds a domain, its subdomains, and the domain of an e-mail address or URL', async () => {
    expect(await isDomainBlacklisted(t.db, 'mailinator.com')).toBe(true);
    expect(await blacklistedDomainOf(t.db, 'inbox.eu.Mailinator.com')).toBe('mailinator.com');
    expect(await isDomainBlacklisted(t.db, 'someone@mailinator.com')).toBe(true);
    expect(await isDomainBlacklisted(t.db, 'https://www.mailinator.com/inbox?x=1')).toBe(true);
    expect(await isDomainBlacklisted(t.db, 'notmailinator.com')).toBe(false);
    expect(await isDomainBlacklisted(t.db, 'cedargrovelogistics.com')).toBe(false);
    expect(await isDomainBlacklisted(t.db, '')).toBe(false);
    expect(await isDomainBlacklisted(t.db, null)).toBe(false);
  });

  it('reads the domain of what a user typed', () => {
    expect(domainOf('HTTPS://WWW.Example.co.uk:8443/path')).toBe('example.co.uk');
    expect(domainOf('jane@Sub.Example.com')).toBe('sub.example.com');
    expect(domainOf('example.com.')).toBe('example.com');
    expect(domainOf('localhost')).toBeNull();
    expect(domainOf('not a domain')).toBeNull();
  });
});
