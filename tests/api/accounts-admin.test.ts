import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createBusinessAccount } from '../../server/resources/accounts/create-account.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t.close());

const idOf = async (sql: string, params: unknown[]) => (await t.db.query<{ id: string }>(sql, params))[0]!.id;

describe('createBusinessAccount (used by bulk upload)', () => {
  test('creates a US account with its details in one transaction and audits it', async () => {
    const agencyId = await idOf('SELECT id FROM accounts WHERE name = $1', ['Summit Risk Partners']);
    const userId = await idOf('SELECT id FROM users WHERE email = $1', ['agent@agency.example']);
    const created = await createBusinessAccount(t.db, t.clock, {
      agencyId, name: '  Granite Peak Outfitters ', address: { address1: ' 88 Canyon Road ', city: 'Boulder', state: 'co', zipCode: '80302' },
      phone: '+1 (303) 555-0148', domainName: 'https://www.GranitePeak.example/about', industryCode: '459110',
    }, { userId, source: 'test' });
    expect(created.edition).toBe('us');
    const [row] = await t.db.query<Record<string, unknown>>('SELECT * FROM account_details WHERE account_id = $1', [created.accountId]);
    expect(row).toMatchObject({ address1: '88 Canyon Road', state: 'CO', zip_code: '80302', phone: '3035550148', domain_name: 'granitepeak.example', industry_code: '459110', country: 'US' });
    const audits = await t.db.query('SELECT 1 FROM audit_log WHERE action = $1 AND target = $2', ['account.create', created.accountId]);
    expect(audits).toHaveLength(1);
    await expect(createBusinessAccount(t.db, t.clock, {
      agencyId, name: 'granite peak outfitters', address: { address1: '1 Other St', city: 'Boulder', state: 'CO', zipCode: '80302' },
    }, { userId, source: 'test' })).rejects.toMatchObject({ statusCode: 409 });
  });
});
