import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { issuedPolicy, quotableAcme } from './support/policy-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Loss runs (spec 002 section 1 'loss runs', section 7 GET policy/{accountId}/loss-runs/{policyId}): a real PDF
 * of the account's policy periods up to the policy, each with the claims filed whose date of loss falls in it,
 * within the tenant rule.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const TODAY = '2026-11-23';
const USERS = { agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example', admin: 'admin@provider.example', holder: 'policyholder@insured.example' };

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown) {
  return t.inject({ method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC' }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

// Table cells wrap onto several lines: words are compared with single spaces.
const pdfText = async (response: { rawPayload: Buffer }) => (await new PDFParse({ data: new Uint8Array(response.rawPayload) }).getText()).text.replace(/\s+/g, ' ');

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date(`${TODAY}T12:00:00Z`));
  for (const [name, email] of Object.entries(USERS)) tokens[name] = (await t.tokensFor(email)).accessToken;
  ids.acme = await quotableAcme(t);
  ids.policy = await issuedPolicy(t, call, 'agent', ids.acme, { edition: 'us', state: 'CO', product: 'P250', today: TODAY });
  const [policy] = await t.db.query<{ agency_id: string; policy_number: string; effective_date: string }>(
    'SELECT agency_id, policy_number, effective_date::text AS effective_date FROM policies WHERE id = $1', [ids.policy],
  );
  ids.number = policy!.policy_number;
  const [user] = await t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [USERS.agent]);
  // A filed claim with its loss in the policy period, and one from years before any policy.
  for (const [number, lossDate, description] of [['CLM-LR-0001', policy!.effective_date, 'Ransomware encrypted the file server'], ['CLM-LR-0002', '2019-03-01', 'Phishing loss before cover']] as const) {
    await t.db.query(
      `INSERT INTO claims (claim_number, account_id, agency_id, edition, status, is_filed, data, loss_date, created_at, created_by, modified_at, filed_at, filed_by)
       VALUES ($1, $2, $3, 'us', 'FILED', true, $4, $5, now(), $6, now(), now(), $6)`,
      [number, ids.acme, policy!.agency_id, JSON.stringify({ lossDescription: description }), lossDate, user!.id],
    );
  }
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('loss runs', () => {
  it('the agent downloads the account loss run: the policy period with the claim whose loss falls in it, not the earlier one', async () => {
    const answer = await call('agent', 'GET', `/api/docs/v1/policy/${ids.acme}/loss-runs/${ids.policy}`);
    expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toContain(`_${ids.number}_Loss_Runs.pdf`);
    const text = await pdfText(answer);
    expect(text).toContain('Loss Run Report');
    expect(text).toContain('Acme Precision Manufacturing');
    expect(text).toContain(ids.number);
    expect(text).toContain('CLM-LR-0001');
    expect(text).toContain('Ransomware encrypted the file server');
    expect(text).not.toContain('CLM-LR-0002');
  });

  it.each(['admin', 'holder'])('%s reads it too', async (caller) => {
    expect((await call(caller, 'GET', `/api/docs/v1/policy/${ids.acme}/loss-runs/${ids.policy}`)).statusCode).toBe(200);
  });

  it('another agency, or an account that is not the policy\'s, is answered like a missing policy', async () => {
    expect((await call('otherAgent', 'GET', `/api/docs/v1/policy/${ids.acme}/loss-runs/${ids.policy}`)).statusCode).toBe(404);
    expect((await call('agent', 'GET', `/api/docs/v1/policy/${ids.policy}/loss-runs/${ids.policy}`)).statusCode).toBe(404);
  });
});
