import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import { EDITION_AGENCIES, EDITION_USERS, editionClient } from './support/edition-agencies.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * What a client account answers (spec 002 section 3 'Security questions' and 'Social engineering answers'),
 * in both editions: the security questions decide coverages 23, 24 and 34; the social engineering answers
 * say whether the endorsement is available and why not, and are merged into the same answers; another
 * agency can neither read nor answer; every save is audited.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};

function call(caller: string, method: InjectOptions['method'], url: string, host: string | undefined, payload?: unknown) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

beforeAll(async () => {
  t = await startTestApp();
  for (const [name, email] of Object.entries(EDITION_USERS)) tokens[name] = (await t.tokensFor(email)).accessToken;
});

afterAll(async () => {
  await t?.close();
});

const REASONS = {
  isVerifyingBankAccounts: 'Vendor and supplier bank accounts are not verified before they are added to payment systems.',
  isAuthenticatingFundTransferRequests: 'Funds transfer requests are not authenticated by a method other than the one they came in on.',
  isPreventingUnauthorizedWireTransfers: 'Employees who are not authorized can initiate or approve wire transfers.',
};

/** Social engineering answers and what they answer: the endorsement, or the reasons it is not available. */
const SOCIAL_ENGINEERING_CASES = [
  { answers: { isVerifyingBankAccounts: true, isAuthenticatingFundTransferRequests: true, isPreventingUnauthorizedWireTransfers: true }, available: true, reasons: [], crime: true },
  { answers: { isVerifyingBankAccounts: true, isAuthenticatingFundTransferRequests: false, isPreventingUnauthorizedWireTransfers: true }, available: false, reasons: [REASONS.isAuthenticatingFundTransferRequests], crime: false },
  { answers: { isVerifyingBankAccounts: false, isAuthenticatingFundTransferRequests: false, isPreventingUnauthorizedWireTransfers: false }, available: false, reasons: Object.values(REASONS), crime: false },
];

/** The underwriting applications (spec 002 section 3), each with its form's sample answers and its path. */
const APPLICATIONS = ['cyber', 'tech-eo'].map((which) => ({
  which,
  sample: (JSON.parse(readFileSync(new URL(`../../definitions/forms/uw-application-${which}.json`, import.meta.url), 'utf8')) as { sample: Json }).sample,
}));

describe.each(EDITION_AGENCIES)('account answers in the $edition edition', (edition) => {
  const { host, agent, otherAgent } = edition;

  it('security questions decide the coverages they qualify, and keep the social engineering answers given after them', async () => {
    const accountId = await editionClient(t, edition, `Answers ${edition.edition} Ltd`);
    const url = `/api/account/v1/${accountId}/security-questions`;
    const unanswered = await call(agent, 'GET', url, host);
    expect(unanswered.statusCode, unanswered.body).toBe(200);
    expect(unanswered.json()).toMatchObject({ answers: {}, coverageValidity: { 23: null, 24: null, 34: null } });

    const partial = await call(agent, 'PUT', url, host, { dmzSeparation: true });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().errors.map((error: Json) => error.field)).toContain('backupFrequency');

    const saved = await call(agent, 'PUT', url, host, {
      dmzSeparation: true, thirdPartySecurityAgreement: false, isVerifyingBankAccounts: true, isAuthenticatingFundTransferRequests: true,
      isPreventingUnauthorizedWireTransfers: true, backupFrequency: 'WEEKLY', testedFullFailover: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: 'Security questions saved', coverageValidity: { 23: false, 24: true, 34: true } });

    const social = await call(agent, 'PUT', `/api/account/v1/${accountId}/social-engineering`, host, {
      accountId, isVerifyingBankAccounts: false, isAuthenticatingFundTransferRequests: true, isPreventingUnauthorizedWireTransfers: true,
    });
    expect(social.statusCode, social.body).toBe(200);
    const after = (await call(agent, 'GET', url, host)).json();
    expect(after.answers).toMatchObject({ dmzSeparation: true, backupFrequency: 'WEEKLY', isVerifyingBankAccounts: false });
    expect(after.coverageValidity).toMatchObject({ 23: false, 24: false, 34: true });
    expect(after.answers).not.toHaveProperty('accountId');
  });

  it.each(SOCIAL_ENGINEERING_CASES)('social engineering answers available=$available with $reasons.length reason(s)', async ({ answers, available, reasons, crime }) => {
    const accountId = await editionClient(t, edition, `Social ${edition.edition} ${reasons.length} Ltd`);
    const answered = await call(agent, 'PUT', `/api/account/v1/${accountId}/social-engineering`, host, { accountId, ...answers });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toEqual({ socialEngineering: available, reasons, ...(available ? { message: 'Social Engineering Endorsement Added' } : {}) });
    const validity = (await call(agent, 'GET', `/api/account/v1/${accountId}/security-questions`, host)).json().coverageValidity;
    expect(validity[24]).toBe(crime);
    const audited = await t.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE target = $1 AND action LIKE 'account.%'`, [accountId]);
    expect(audited.map((row) => row.action)).toContain('account.social-engineering');
  });

  it('social engineering needs all three answers, and another agency can neither read nor answer', async () => {
    const accountId = await editionClient(t, edition, `Guarded Answers ${edition.edition} Ltd`);
    const missing = await call(agent, 'PUT', `/api/account/v1/${accountId}/social-engineering`, host, { accountId, isVerifyingBankAccounts: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((error: Json) => error.field).sort()).toEqual(['isAuthenticatingFundTransferRequests', 'isPreventingUnauthorizedWireTransfers']);

    const foreignSave = await call(otherAgent, 'PUT', `/api/account/v1/${accountId}/social-engineering`, host, { accountId, ...SOCIAL_ENGINEERING_CASES[0]!.answers });
    expect(foreignSave.statusCode).toBe(404);
    const foreignRead = await call(otherAgent, 'GET', `/api/account/v1/${accountId}/security-questions`, host);
    expect(foreignRead.statusCode).toBe(404);
    const stored = await t.db.query('SELECT 1 FROM account_security_answers WHERE account_id = $1', [accountId]);
    expect(stored).toHaveLength(0);
  });

  it.each(APPLICATIONS)('the $which application is saved on the account, checked by its form, and kept from other agencies', async ({ which, sample }) => {
    const accountId = await editionClient(t, edition, `Application ${which} ${edition.edition} Ltd`);
    const url = `/api/account/v1/${accountId}/questions/${which}`;
    expect((await call(agent, 'GET', url, host)).json()).toEqual({});
    const partial = await call(agent, 'PUT', url, host, { isSecurityTraining: true });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().errors.length).toBeGreaterThan(3);
    // The UK overlay asks three more: end-of-life software, EDR and next-generation antivirus.
    const answers = edition.edition === 'uk' ? { eol: true, edr: true, ngav: true, ...sample } : sample;
    const saved = await call(agent, 'PUT', url, host, answers);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call(agent, 'GET', url, host)).json()).toMatchObject(sample);
    expect((await call(otherAgent, 'GET', url, host)).statusCode).toBe(404);
    expect((await call(otherAgent, 'PUT', url, host, answers)).statusCode).toBe(404);
    const audited = await t.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE target = $1`, [accountId]);
    expect(audited.map((row) => row.action)).toContain(`account.questionnaire.${which}`);
  });
});
