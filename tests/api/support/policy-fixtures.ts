import { expect } from 'vitest';
import type { InjectOptions } from 'fastify';
import { p250Request } from './quote-fixtures.ts';
import type { TestApp } from './test-app.ts';

type Call = (caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) => ReturnType<TestApp['inject']>;

/** The demo policyholder's own account (Acme Precision Manufacturing), given what the rater needs to quote it. */
export async function quotableAcme(t: TestApp): Promise<string> {
  const [acme] = await t.db.query<{ id: string }>(`SELECT id FROM accounts WHERE name = 'Acme Precision Manufacturing'`);
  await t.db.query(
    `INSERT INTO account_details (account_id, address1, city, state, zip_code, country, industry_code, modified_at)
     VALUES ($1, '410 Industrial Parkway', 'Denver', 'CO', '80216', 'US', '541512', now())
     ON CONFLICT (account_id) DO UPDATE SET state = 'CO', zip_code = '80216', industry_code = '541512', country = 'US'`,
    [acme!.id],
  );
  await t.db.query(`INSERT INTO account_profiles (account_id, status, revenue, employees, modified_at) VALUES ($1, 'Open', 5000000, 40, now())
    ON CONFLICT (account_id) DO UPDATE SET status = 'Open', revenue = 5000000, employees = 40`, [acme!.id]);
  return acme!.id;
}

type PolicyOptions = { edition: 'us' | 'uk'; state: string; product: string; today: string; host?: string };

/** A quote created, made Ready and bound with its policy holder through the API: the binder's (quote's) id. */
export async function boundBinder(t: TestApp, call: Call, caller: string, accountId: string, options: PolicyOptions): Promise<string> {
  const created = await call(caller, 'POST', '/api/quote/v1/create', p250Request(accountId, options.edition, options.state, options.today, options.product), options.host);
  expect(created.statusCode, created.body).toBe(201);
  const quoteId = (created.json() as { id: string }).id;
  await t.db.query(`UPDATE quotes SET status = 'READY' WHERE id = $1`, [quoteId]);
  const contact = options.edition === 'us'
    ? { customerFirstName: 'Paula', customerLastName: 'Holder', customerEmail: 'policyholder@insured.example', customerPhone: '3035550175' }
    : { customerFirstName: 'Oliver', customerLastName: 'Hughes', customerEmail: 'oliver@harbourside.example', customerPhone: '02079460321' };
  const bound = await call(caller, 'PUT', `/api/quote/v1/${quoteId}/bind`, contact, options.host);
  expect(bound.statusCode, bound.body).toBe(200);
  return quoteId;
}

/** A binder's policy issued through the API: the policy's id. */
export async function issueBinder(call: Call, caller: string, quoteId: string, host?: string): Promise<string> {
  const issued = await call(caller, 'POST', `/api/policy/v1/generate/${quoteId}`, undefined, host);
  expect(issued.statusCode, issued.body).toBe(200);
  return (issued.json() as { policy: { id: string } }).policy.id;
}

/** A quote created, made Ready, bound with its policy holder and issued through the API: the policy's id. */
export async function issuedPolicy(t: TestApp, call: Call, caller: string, accountId: string, options: PolicyOptions): Promise<string> {
  return issueBinder(call, caller, await boundBinder(t, call, caller, accountId, options), options.host);
}

/**
 * Gives an agency its contact through the admin's agency form, as every agency added in the console has
 * (the test world's agencies are seeded without a profile). Premium financing names this contact.
 */
export async function withAgencyContact(t: TestApp, call: Call, agencyName: string, admin = 'admin'): Promise<void> {
  const [agency] = await t.db.query<{ id: string; edition: string }>('SELECT id, edition FROM accounts WHERE name = $1', [agencyName]);
  const current = (await call(admin, 'GET', `/api/account/v1/agency/${agency!.id}`)).json() as Record<string, unknown>;
  const uk = agency!.edition === 'uk';
  const updated = await call(admin, 'PUT', `/api/account/v1/agency/${agency!.id}`, {
    name: current.name, npn: current.npn ?? (uk ? '' : '19283746'), contactFirstName: 'Casey', contactLastName: 'Contact',
    contactEmail: `contact@${agencyName.toLowerCase().replace(/[^a-z]+/g, '')}.example`, contactPhone: uk ? '02079460958' : '3035550142',
  }, uk ? 'console.example.uk' : undefined);
  expect(updated.statusCode, updated.body).toBe(200);
}
