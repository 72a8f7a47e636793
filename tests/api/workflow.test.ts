import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_WORKFLOWS } from '../../server/seed/demo-world.ts';
import { codeIn, messagesTo } from './support/mail.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(() => t.close());

const E_PAY = DEMO_WORKFLOWS.find((flow) => flow.flow === 'E_PAY')?.id ?? '';
const SURPLUS = DEMO_WORKFLOWS.find((flow) => flow.flow === 'SURPLUS_NOTICE')?.id ?? '';
const get = (url: string) => t.inject({ method: 'GET', url });
const exchange = (id: string, code: string) => t.inject({ method: 'POST', url: '/api/auth/v1/wf/token', payload: { id, code } });

describe('one-time-code workflow access (/validate/{workflowId})', () => {
  test('the page learns the flow and where codes go, masked', async () => {
    expect((await get(`/api/auth/v1/wf/${E_PAY}`)).json()).toEqual({ flow: 'E_PAY', flowUserPhone: null, sendCodeTo: 'p***@insured.example' });
    expect((await get(`/api/auth/v1/wf/${SURPLUS}`)).json()).toEqual({
      flow: 'SURPLUS_NOTICE', flowUserPhone: '***-***-0101', sendCodeTo: 'a***@agency.example',
    });
    expect((await get('/api/auth/v1/wf/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/auth/v1/wf/not-a-uuid')).statusCode).toBe(400);
  });

  test('a code by e-mail opens a session for the flow user and answers the redirect URL; it works once', async () => {
    expect((await get(`/api/auth/v1/wf/access/${E_PAY}`)).statusCode).toBe(200);
    const code = codeIn((await messagesTo(t, 'policyholder@insured.example'))[0]?.body);
    const wrong = await exchange(E_PAY, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(401);
    const session = await exchange(E_PAY, code);
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json()).toMatchObject({ redirectURL: '/customer/dashboard', accountType: 'CUSTOMER', accountName: 'Acme Precision Manufacturing' });
    const me = (await t.getAs(session.json().accessToken, '/api/auth/v1/me')).json();
    expect(me).toMatchObject({ email: 'policyholder@insured.example', flowUserFirstName: 'Paula', flowAccountName: 'Acme Precision Manufacturing' });
    expect((await exchange(E_PAY, code)).statusCode).toBe(401);
  });

  test('codes are not sent more than every 30 seconds; by text only when there is a phone', async () => {
    expect((await get(`/api/auth/v1/wf/access/${SURPLUS}`)).statusCode).toBe(200);
    const tooSoon = await get(`/api/auth/v1/wf/access/phone/${SURPLUS}`);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.headers['retry-after']).toBe('30');
    t.clock.advance(31_000);
    expect((await get(`/api/auth/v1/wf/access/phone/${SURPLUS}`)).statusCode).toBe(200);
    const code = codeIn((await messagesTo(t, '3035550101'))[0]?.body);
    const session = await exchange(SURPLUS, code);
    expect(session.json()).toMatchObject({ redirectURL: '/agency/dashboard', accountType: 'AGENCY' });
    const noPhone = await get(`/api/auth/v1/wf/access/phone/${E_PAY}`);
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().message).toMatch(/No phone number/);
  });

  test('an expired workflow is not found', async () => {
    await t.db.query('UPDATE workflows SET expires_at = $2 WHERE id = $1', [E_PAY, t.clock.now()]);
    expect((await get(`/api/auth/v1/wf/${E_PAY}`)).statusCode).toBe(404);
    expect((await exchange(E_PAY, '123456')).statusCode).toBe(404);
  });
});

describe('deployment time', () => {
  test('GET /latest-deployment-time answers when this server started and its version', async () => {
    const response = await get('/latest-deployment-time');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ time: '2026-03-02T09:00:00.000Z', version: '2.467.1' });
  });
});
