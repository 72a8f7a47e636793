import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MINUTE } from '../../server/clock.ts';
import { WORKFLOW_ADDRESS_FAILURE_LIMIT, WORKFLOW_CODES_PER_DAY, WORKFLOW_FAILURE_LIMIT, WORKFLOW_SESSION_TTL_MS } from '../../server/constants.ts';
import { GATE_MESSAGES } from '../../server/auth/session-gate.ts';
import { codeIn, messagesTo } from './support/mail.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Finding 4: one-time workflow codes could be guessed slowly (no lockout) and a right code gave the full
 * policyholder session for 12 hours. Now a workflow locks after a few wrong codes, codes per day are
 * bounded, an address that guesses across workflows is refused, and the session reaches only the
 * operations of its flow, for 30 minutes.
 */
let t: TestApp;
const flows = new Map<string, string>();

beforeAll(async () => {
  t = await startTestApp();
  for (const [key, email] of [['guessed', 'wf-guessed@insured.example'], ['daily', 'wf-daily@insured.example'],
    ['sprayA', 'wf-spray-a@insured.example'], ['sprayB', 'wf-spray-b@insured.example'], ['sprayC', 'wf-spray-c@insured.example'],
    ['scoped', 'wf-scoped@insured.example']] as const) {
    const userId = await t.createUser({ email, accountOf: 'policyholder@insured.example' });
    const [row] = await t.db.query<{ id: string }>(
      `INSERT INTO workflows (flow, user_id, email, redirect_url, created_at, expires_at)
       VALUES ('E_PAY', $1, $2, '/customer/dashboard', $3, $4) RETURNING id`,
      [userId, email, t.clock.now(), new Date(t.clock.now().getTime() + 30 * 24 * 60 * MINUTE)],
    );
    flows.set(key, row!.id);
  }
}, 60_000);
afterAll(() => t.close());

const id = (key: string) => flows.get(key)!;
const sendCode = (key: string) => t.inject({ method: 'GET', url: `/api/auth/v1/wf/access/${id(key)}` });
const exchange = (key: string, code: string, address = '10.88.0.1') =>
  t.inject({ method: 'POST', url: '/api/auth/v1/wf/token', payload: { id: id(key), code }, remoteAddress: address });
const latestCode = async (email: string) => codeIn((await messagesTo(t, email))[0]?.body);
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

describe('workflow one-time codes', () => {
  test(`a workflow locks after ${WORKFLOW_FAILURE_LIMIT} wrong codes, even against the right one; a new code (sent to the owner) unlocks it`, async () => {
    expect((await sendCode('guessed')).statusCode).toBe(200);
    const code = await latestCode('wf-guessed@insured.example');
    const answers: number[] = [];
    for (let i = 0; i < WORKFLOW_FAILURE_LIMIT; i += 1) answers.push((await exchange('guessed', wrongFor(code))).statusCode);
    expect(answers.at(-1)).toBe(409);
    const locked = await exchange('guessed', code);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toMatch(/locked/);
    t.clock.advance(31_000);
    expect((await sendCode('guessed')).statusCode).toBe(200);
    expect((await exchange('guessed', await latestCode('wf-guessed@insured.example'))).statusCode).toBe(200);
    const actions = (await t.db.query<{ action: string }>('SELECT action FROM audit_log WHERE target = $1', [id('guessed')])).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['workflow.code-refused', 'workflow.locked', 'workflow.access']));
  });

  test(`at most ${WORKFLOW_CODES_PER_DAY} codes a day per workflow (each one unlocks, so this bounds the guesses)`, async () => {
    for (let i = 0; i < WORKFLOW_CODES_PER_DAY; i += 1) {
      expect((await sendCode('daily')).statusCode).toBe(200);
      t.clock.advance(31_000);
    }
    const refused = await sendCode('daily');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(24 * 60 * MINUTE);
    expect((await sendCode('daily')).statusCode).toBe(200);
  });

  test(`an address with ${WORKFLOW_ADDRESS_FAILURE_LIMIT} wrong codes across workflows is refused (429)`, async () => {
    const address = '10.99.0.9';
    let failures = 0;
    for (const key of ['sprayA', 'sprayB']) {
      for (let i = 0; i < WORKFLOW_ADDRESS_FAILURE_LIMIT / 2; i += 1) {
        expect([401, 409]).toContain((await exchange(key, '123456', address)).statusCode);
        failures += 1;
      }
    }
    expect(failures).toBe(WORKFLOW_ADDRESS_FAILURE_LIMIT);
    const refused = await exchange('sprayC', '123456', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many incorrect codes from your network/);
  });

  test('the session reaches only its flow\'s operations, cannot enter other accounts, and ends after 30 minutes', async () => {
    expect((await sendCode('scoped')).statusCode).toBe(200);
    const session = await exchange('scoped', await latestCode('wf-scoped@insured.example'), '10.77.7.7');
    expect(session.statusCode).toBe(200);
    const { accessToken, refreshToken, refreshExpiresIn } = session.json();
    expect(refreshExpiresIn).toBe(WORKFLOW_SESSION_TTL_MS / 1000);
    expect((await t.getAs(accessToken, '/api/auth/v1/me')).statusCode).toBe(200);
    for (const url of ['/api/claims/v1/search', '/api/auth/v1/users']) {
      const refused = await t.getAs(accessToken, url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBe(GATE_MESSAGES.workflowScope);
    }
    // Refreshing keeps the fixed end: 20 minutes later the next refresh token lasts only the 10 minutes left.
    t.clock.advance(20 * MINUTE);
    const refreshed = await t.inject({ method: 'POST', url: '/api/auth/v1/token/refresh', payload: { refreshToken } });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().refreshExpiresIn).toBeLessThanOrEqual(10 * 60);
    t.clock.advance(11 * MINUTE);
    const expired = await t.inject({ method: 'POST', url: '/api/auth/v1/token/refresh', payload: { refreshToken: refreshed.json().refreshToken } });
    expect(expired.statusCode).toBe(401);
  });
});
