import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { EDITION_AGENCIES, EDITION_USERS, editionClient, type EditionAgency } from './support/edition-agencies.ts';
import { p250Request } from './support/quote-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Decisions on a client account (spec 002 section 4 'Accounts can be declined, undeclined or marked lost.
 * Only Open, Quoted and Active Policy allow quoting'; section 3 Account decline; section 9 account decline and
 * loss reasons), in both editions: underwriting declines and undeclines, the agency marks lost and reopens;
 * each keeps its reason (a fill-in text replacing the summary) and puts back the status the account had;
 * moves the status does not allow are conflicts; the roles and the tenant rule hold; every move is audited.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const TODAY = '2026-11-23';

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC', ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const EDITIONS = EDITION_AGENCIES;

const newClient = (edition: EditionAgency, name: string) => editionClient(t, edition, name);

async function auditActions(target: string): Promise<string[]> {
  return (await t.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE target = $1 AND action LIKE 'account.%' ORDER BY id`, [target])).map((row) => row.action);
}

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date(`${TODAY}T12:00:00Z`));
  for (const [name, email] of Object.entries(EDITION_USERS)) tokens[name] = (await t.tokensFor(email)).accessToken;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe.each(EDITIONS)('account decisions ($edition)', (edition) => {
  it('underwriting declines with a fill-in reason, quoting stops, and undeclining puts back the status it had', async () => {
    const id = await newClient(edition, `Declinable Works ${edition.edition}`);
    await t.db.query(`UPDATE account_profiles SET status = 'Quoted' WHERE account_id = $1`, [id]);
    expect((await call(edition.agent, 'PUT', `/api/account/v1/account/${id}/decline`, { id, reasonSummary: 'Poor Controls', reason: 'x' }, edition.host)).statusCode).toBe(403);
    const noFillIn = await call('underwriter', 'PUT', `/api/account/v1/account/${id}/decline`, { id, reasonSummary: 'Fill-in option', reason: 'Open RDP to the internet' });
    expect(noFillIn.statusCode).toBe(400);
    expect(noFillIn.json().errors).toEqual([expect.objectContaining({ field: 'reasonFillIn', message: 'Fill-In text is required' })]);

    const declined = await call('underwriter', 'PUT', `/api/account/v1/account/${id}/decline`, { id, reasonSummary: 'Fill-in option', reasonFillIn: 'Exposed remote desktop', reason: 'Open RDP to the internet' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({
      message: 'Account Declined Successfully!', accountId: id, status: 'Declined',
      statusDecision: { kind: 'declined', reasonSummary: 'Exposed remote desktop', reason: 'Open RDP to the internet', previous: 'Quoted', at: `${TODAY}T12:00:00.000Z` },
    });
    const profile = (await call(edition.agent, 'GET', `/api/account/v1/account/${id}/profile`, undefined, edition.host)).json();
    expect(profile).toMatchObject({ status: 'Declined', statusDecision: { reasonSummary: 'Exposed remote desktop' }, eligibility: { canRequestQuote: false } });
    if (edition.edition === 'us') {
      const quote = await call(edition.agent, 'POST', '/api/quote/v1/create', p250Request(id, 'us', 'NY', TODAY));
      expect(quote.statusCode).toBe(409);
      expect(quote.json().message).toBe('Account is not eligible to Request Quote');
    }
    const twice = await call('underwriter', 'PUT', `/api/account/v1/account/${id}/decline`, { id, reasonSummary: 'Poor Controls', reason: 'again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This account cannot be declined while it is Declined.');
    // A declined account is not the agency's to mark lost.
    expect((await call(edition.agent, 'PUT', `/api/account/v1/account/${id}/lost`, { id, reasonSummary: 'Price is High', reason: 'x' }, edition.host)).statusCode).toBe(409);

    const undeclined = await call('underwriter', 'PUT', `/api/account/v1/account/${id}/undecline`);
    expect(undeclined.statusCode, undeclined.body).toBe(200);
    expect(undeclined.json()).toMatchObject({ message: 'Account Undeclined Successfully!', status: 'Quoted', statusDecision: null });
    expect(await auditActions(id)).toEqual(['account.decline', 'account.undecline']);
  });

  it('the agency marks an account lost with its reason and reopens it; a client with a policy is not lost', async () => {
    const id = await newClient(edition, `Losable Works ${edition.edition}`);
    const noReason = await call(edition.agent, 'PUT', `/api/account/v1/account/${id}/lost`, { id, reason: 'Went elsewhere' }, edition.host);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([expect.objectContaining({ field: 'reasonSummary', message: 'Loss Reason is required' })]);
    const lost = await call(edition.agent, 'PUT', `/api/account/v1/account/${id}/lost`, { id, reasonSummary: 'Price is High', reason: 'Renewed with the incumbent' }, edition.host);
    expect(lost.statusCode, lost.body).toBe(200);
    expect(lost.json()).toMatchObject({ message: 'Account Marked as Lost Successfully!', status: 'Lost', statusDecision: { kind: 'lost', reasonSummary: 'Price is High', previous: 'Open' } });
    expect((await call(edition.otherAgent, 'PUT', `/api/account/v1/account/${id}/reopen`, undefined, edition.host)).statusCode).toBe(404);
    const reopened = await call(edition.agent, 'PUT', `/api/account/v1/account/${id}/reopen`, undefined, edition.host);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({ message: 'Account Reopened Successfully!', status: 'Open', statusDecision: null });
    expect((await call(edition.agent, 'PUT', `/api/account/v1/account/${id}/reopen`, undefined, edition.host)).json().message).toBe('This account cannot be reopened while it is Open.');

    await t.db.query(`UPDATE account_profiles SET status = 'Active Policy' WHERE account_id = $1`, [id]);
    const active = await call(edition.agent, 'PUT', `/api/account/v1/account/${id}/lost`, { id, reasonSummary: 'Price is High', reason: 'x' }, edition.host);
    expect(active.statusCode).toBe(409);
    expect(active.json().message).toBe('This account cannot be marked lost while it is Active Policy.');
    expect(await auditActions(id)).toEqual(['account.lose', 'account.reopen']);
  });

  it("answers another agency's account like a missing one and leaves it as it was", async () => {
    const id = await newClient(edition, `Foreign Works ${edition.edition}`);
    const foreign = await call(edition.otherAgent, 'PUT', `/api/account/v1/account/${id}/lost`, { id, reasonSummary: 'Price is High', reason: 'x' }, edition.host);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Account not found.');
    const [row] = await t.db.query<{ status: string }>('SELECT status FROM account_profiles WHERE account_id = $1', [id]);
    expect(row!.status).toBe('Open');
  });
});

describe('declining a quote with its account', () => {
  it('declines the account through the same rule, keeping the reason, and leaves an already declined account as it is', async () => {
    const id = await newClient(EDITIONS[0]!, 'Quoted Decline LLC');
    const quote = (await call('agent', 'POST', '/api/quote/v1/create', p250Request(id, 'us', 'NY', TODAY))).json() as Json;
    const declined = await call('underwriter', 'PUT', `/api/quote/v1/decline/${quote.id}`, {
      quoteId: quote.id, reasonSummary: 'Poor Claims History', reason: 'Three claims', declineAccount: true,
      accountDecline: { reasonSummary: 'Claims history', reason: 'Three claims in two years' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const profile = (await call('agent', 'GET', `/api/account/v1/account/${id}/profile`)).json();
    expect(profile).toMatchObject({ status: 'Declined', statusDecision: { kind: 'declined', productType: 'P250', reasonSummary: 'Claims history', previous: 'Quoted' } });
    expect(await auditActions(id)).toEqual(['account.decline']);
  });
});
