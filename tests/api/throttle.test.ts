import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ACCOUNT_FAILURE_LIMIT, ADDRESS_FAILURE_LIMIT } from '../../server/constants.ts';
import { MINUTE } from '../../server/clock.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('repeated sign-in failures are throttled', () => {
  test(`per account: after ${ACCOUNT_FAILURE_LIMIT} failures the account is locked (409), even with the right password, for 15 minutes`, async () => {
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i += 1) {
      // Different addresses: the account lock does not depend on where the attempts come from.
      expect((await t.login('cluster@cluster.example', 'Wrong-Password-1!', {}, `10.2.0.${i + 1}`)).statusCode).toBe(401);
    }
    const locked = await t.login('cluster@cluster.example', undefined, {}, '10.2.1.1');
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toMatch(/locked/);
    t.clock.advance(14 * MINUTE);
    expect((await t.login('cluster@cluster.example', undefined, {}, '10.2.1.1')).statusCode).toBe(409);
    t.clock.advance(MINUTE + 1000);
    expect((await t.login('cluster@cluster.example', undefined, {}, '10.2.1.1')).statusCode).toBe(200);
  });

  test('a success clears the account count; failures outside the 15-minute window start again', async () => {
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT - 1; i += 1) {
      await t.login('mssp@mssp.example', 'Wrong-Password-1!', {}, '10.3.0.1');
    }
    expect((await t.login('mssp@mssp.example', undefined, {}, '10.3.0.1')).statusCode).toBe(200);
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT - 1; i += 1) {
      await t.login('mssp@mssp.example', 'Wrong-Password-1!', {}, '10.3.0.1');
    }
    t.clock.advance(16 * MINUTE);
    await t.login('mssp@mssp.example', 'Wrong-Password-1!', {}, '10.3.0.1');
    expect((await t.login('mssp@mssp.example', undefined, {}, '10.3.0.1')).statusCode).toBe(200);
  });

  test('unknown e-mails are throttled like known ones (no hint which exist)', async () => {
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i += 1) await t.login('ghost@nowhere.example', 'Wrong-Password-1!', {}, '10.4.0.1');
    expect((await t.login('ghost@nowhere.example', 'Wrong-Password-1!', {}, '10.4.0.1')).statusCode).toBe(409);
  });

  test(`per address: after ${ADDRESS_FAILURE_LIMIT} failures over any accounts the address gets 429 with Retry-After`, async () => {
    const address = '192.0.2.77';
    for (let i = 0; i < ADDRESS_FAILURE_LIMIT; i += 1) {
      const response = await t.login(`spray${i}@victims.example`, 'Wrong-Password-1!', {}, address);
      expect(response.statusCode).toBe(401);
    }
    const blocked = await t.login('reinsurer@reinsurer.example', undefined, {}, address);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().message).toMatch(/Too many sign-in attempts/);
    // Other addresses are unaffected.
    expect((await t.login('reinsurer@reinsurer.example', undefined, {}, '192.0.2.78')).statusCode).toBe(200);
    t.clock.advance(16 * MINUTE);
    expect((await t.login('reinsurer@reinsurer.example', undefined, {}, address)).statusCode).toBe(200);
  });
});
