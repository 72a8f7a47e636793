import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ACCOUNT_SLOWDOWN_AFTER, ACCOUNT_SLOWDOWN_MAX_MS, ADDRESS_FAILURE_LIMIT, PAIR_FAILURE_LIMIT,
} from '../../server/constants.ts';
import { MINUTE } from '../../server/clock.ts';
import { slowdownMs } from '../../server/auth/throttle.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const WRONG = 'Wrong-Password-1!';

async function auditActions(target: string): Promise<string[]> {
  const rows = await t.db.query<{ action: string }>('SELECT action FROM audit_log WHERE target = $1 ORDER BY id', [target]);
  return rows.map((row) => row.action);
}

describe('repeated sign-in failures are throttled without locking anyone out', () => {
  test(`per (account, address): after ${PAIR_FAILURE_LIMIT} failures that pair gets 409 for 15 minutes; the user from another address signs in`, async () => {
    for (let i = 0; i < PAIR_FAILURE_LIMIT; i += 1) {
      expect((await t.login('cluster@cluster.example', WRONG, {}, '10.2.0.1')).statusCode).toBe(401);
    }
    const locked = await t.login('cluster@cluster.example', undefined, {}, '10.2.0.1');
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toMatch(/Too many failed sign-in attempts for this account from your network/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The attack of finding 7: somebody else's failures must not refuse the right password from elsewhere.
    expect((await t.login('cluster@cluster.example', undefined, {}, '10.2.9.9')).statusCode).toBe(200);
    t.clock.advance(14 * MINUTE);
    expect((await t.login('cluster@cluster.example', undefined, {}, '10.2.0.1')).statusCode).toBe(409);
    t.clock.advance(MINUTE + 1000);
    expect((await t.login('cluster@cluster.example', undefined, {}, '10.2.0.1')).statusCode).toBe(200);
    expect(await auditActions('cluster@cluster.example')).toContain('login.refused');
  });

  test('failures from many addresses only slow the account down: the right password from a new address still gets in', async () => {
    const failures = ACCOUNT_SLOWDOWN_AFTER + 3;
    for (let i = 0; i < failures; i += 1) {
      expect((await t.login('vendor@vendor.example', WRONG, {}, `10.5.${i}.1`)).statusCode).toBe(401);
    }
    const before = t.clock.sleeps.length;
    const response = await t.login('vendor@vendor.example', undefined, {}, '10.5.200.1');
    expect(response.statusCode).toBe(200);
    // The answer was held back (the same for a right or a wrong password), by the doubling delay.
    expect(t.clock.sleeps.slice(before)).toEqual([slowdownMs(failures)]);
    expect(slowdownMs(failures)).toBeGreaterThan(0);
  });

  test('the slowdown starts at the threshold, doubles and stops at its cap', () => {
    expect(slowdownMs(ACCOUNT_SLOWDOWN_AFTER - 1)).toBe(0);
    expect(slowdownMs(ACCOUNT_SLOWDOWN_AFTER + 1)).toBe(2 * slowdownMs(ACCOUNT_SLOWDOWN_AFTER));
    expect(slowdownMs(ACCOUNT_SLOWDOWN_AFTER + 40)).toBe(ACCOUNT_SLOWDOWN_MAX_MS);
  });

  test('a success clears the pair count; failures outside the 15-minute window start again', async () => {
    for (let i = 0; i < PAIR_FAILURE_LIMIT - 1; i += 1) {
      await t.login('mssp@mssp.example', WRONG, {}, '10.3.0.1');
    }
    expect((await t.login('mssp@mssp.example', undefined, {}, '10.3.0.1')).statusCode).toBe(200);
    for (let i = 0; i < PAIR_FAILURE_LIMIT - 1; i += 1) {
      await t.login('mssp@mssp.example', WRONG, {}, '10.3.0.1');
    }
    t.clock.advance(16 * MINUTE);
    await t.login('mssp@mssp.example', WRONG, {}, '10.3.0.1');
    expect((await t.login('mssp@mssp.example', undefined, {}, '10.3.0.1')).statusCode).toBe(200);
  });

  test('unknown e-mails are throttled like known ones (no hint which exist)', async () => {
    for (let i = 0; i < PAIR_FAILURE_LIMIT; i += 1) await t.login('ghost@nowhere.example', WRONG, {}, '10.4.0.1');
    expect((await t.login('ghost@nowhere.example', WRONG, {}, '10.4.0.1')).statusCode).toBe(409);
  });

  test(`per address: after ${ADDRESS_FAILURE_LIMIT} failures over any accounts the address gets 429 with Retry-After, audited`, async () => {
    const address = '192.0.2.77';
    for (let i = 0; i < ADDRESS_FAILURE_LIMIT; i += 1) {
      const response = await t.login(`spray${i}@victims.example`, WRONG, {}, address);
      expect(response.statusCode).toBe(401);
    }
    const blocked = await t.login('reinsurer@reinsurer.example', undefined, {}, address);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().message).toMatch(/Too many sign-in attempts/);
    const [refusal] = await t.db.query<{ detail: { reason: string }; address: string }>(
      `SELECT detail, address FROM audit_log WHERE action = 'login.refused' AND target = 'reinsurer@reinsurer.example'`,
    );
    expect(refusal).toMatchObject({ detail: { reason: 'address-throttled' }, address });
    // Other addresses are unaffected.
    expect((await t.login('reinsurer@reinsurer.example', undefined, {}, '192.0.2.78')).statusCode).toBe(200);
    t.clock.advance(16 * MINUTE);
    expect((await t.login('reinsurer@reinsurer.example', undefined, {}, address)).statusCode).toBe(200);
  });
});
