import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { insertSubmission } from '../../server/resources/submissions/repository.ts';
import { SUBMISSION_TEXTS } from '../../server/resources/submissions/submission-texts.ts';
import { QUOTE_TEXTS } from '../../server/lifecycle/quotes/quote-texts.ts';
import { EDITION_AGENCIES, EDITION_USERS, editionClient, type EditionAgency } from './support/edition-agencies.ts';
import { clientOf, p250Request } from './support/quote-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * The underwriting desk's work on submissions (spec 002 section 4 'Submissions can be assigned, declined,
 * certified, marked non-viable or complete'; section 3 Submission decline; section 9 decline codes), in both
 * editions: the agency certifies, underwriters assign, decline with a code (the fill-in text replacing the
 * summary), mark non-viable and complete; moves the state does not allow are conflicts with the reason, desk
 * actions need quote:underwrite, another agency's submission answers like a missing one, and every change is
 * audited. A quote declined with its submission declines the submission through the same rule.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const TODAY = '2026-11-23';
const ids: Record<string, string> = {};

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC', ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const EDITIONS = EDITION_AGENCIES;

async function newSubmission(agency: string, client: string, edition: EditionAgency): Promise<{ id: string; accountId: string }> {
  const accountId = await editionClient(t, edition, client);
  const [agencyRow] = await t.db.query<{ id: string }>('SELECT id FROM accounts WHERE name = $1', [agency]);
  const { id } = await insertSubmission(t.db, { accountId, agencyId: agencyRow!.id, agentUserId: null, teamId: null, createdBy: null, at: t.clock.now() });
  return { id, accountId };
}

async function auditActions(target: string): Promise<string[]> {
  return (await t.db.query<{ action: string }>('SELECT action FROM audit_log WHERE target = $1 ORDER BY id', [target])).map((row) => row.action);
}

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date(`${TODAY}T12:00:00Z`));
  for (const [name, email] of Object.entries(EDITION_USERS)) tokens[name] = (await t.tokensFor(email)).accessToken;
  ids.uma = (await t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', ['underwriter@provider.example']))[0]!.id;
  ids.alex = (await t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', ['agent@agency.example']))[0]!.id;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the underwriters a submission can be assigned to', () => {
  it('lists the provider users whose role underwrites, for underwriters only', async () => {
    const list = await call('underwriter', 'GET', '/api/submission/v1/underwriters');
    expect(list.statusCode, list.body).toBe(200);
    const emails = list.json().map((user: Json) => user.email);
    expect(emails).toContain('underwriter@provider.example');
    expect(emails).not.toContain('agent@agency.example');
    expect(list.json().find((user: Json) => user.id === ids.uma)).toEqual({ id: ids.uma, name: 'Uma Underwood', email: 'underwriter@provider.example' });
    expect((await call('agent', 'GET', '/api/submission/v1/underwriters')).statusCode).toBe(403);
  });
});

describe.each(EDITIONS)('a submission worked by the desk ($edition)', (edition) => {
  it('is certified by its agency once, then assigned, declined with a fill-in code, and then settled', async () => {
    const { id } = await newSubmission(edition.agency, `Certified Works ${edition.edition}`, edition);
    const certified = await call(edition.agent, 'PUT', `/api/submission/v1/${id}/certify`, undefined, edition.host);
    expect(certified.statusCode, certified.body).toBe(200);
    expect(certified.json()).toMatchObject({ message: 'Submission certified', submission: { id, status: 'REQUESTED', operationalStatus: 'CERTIFIED', certifiedAt: `${TODAY}T12:00:00.000Z` } });
    expect(certified.json().submission.certifiedBy).toMatch(/\S+ \S+/);
    const twice = await call(edition.agent, 'PUT', `/api/submission/v1/${id}/certify`, undefined, edition.host);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This submission cannot be certified while it is REQUESTED (certified).');

    // Desk actions belong to underwriters; the agency may not take them.
    expect((await call(edition.agent, 'PUT', `/api/submission/v1/${id}/assign`, { id, assigneeUserId: ids.uma }, edition.host)).statusCode).toBe(403);
    const notAnUnderwriter = await call('underwriter', 'PUT', `/api/submission/v1/${id}/assign`, { id, assigneeUserId: ids.alex });
    expect(notAnUnderwriter.statusCode).toBe(400);
    expect(notAnUnderwriter.json().message).toBe('Choose an underwriter of the underwriting team.');
    const assigned = await call('underwriter', 'PUT', `/api/submission/v1/${id}/assign`, { id, assigneeUserId: ids.uma });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({ message: 'Submission assigned', submission: { status: 'IN_REVIEW', operationalStatus: 'CERTIFIED', assignee: 'Uma Underwood', assigneeUserId: ids.uma } });

    const noReason = await call('underwriter', 'PUT', `/api/submission/v1/${id}/decline`, { id, declinationReason: 'FILL_IN_OPTION', declinationReasonDescription: 'Three ransomware claims' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([expect.objectContaining({ field: 'fillInDeclinationReason', message: 'Fill-In text is required' })]);
    const noDescription = await call('underwriter', 'PUT', `/api/submission/v1/${id}/decline`, { id, declinationReason: 'POOR_CONTROLS' });
    expect(noDescription.statusCode).toBe(400);
    expect(noDescription.json().errors).toEqual([expect.objectContaining({ field: 'declinationReasonDescription', message: 'Reason Description is required' })]);
    const declined = await call('underwriter', 'PUT', `/api/submission/v1/${id}/decline`, {
      id, declinationReason: 'FILL_IN_OPTION', fillInDeclinationReason: 'Ransomware losses in 2025', declinationReasonDescription: 'Three ransomware claims',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({
      message: 'Submission declined',
      submission: { status: 'DECLINED', declination: { code: 'FILL_IN_OPTION', summary: 'Ransomware losses in 2025', description: 'Three ransomware claims', by: ids.uma } },
    });
    const completeDeclined = await call('underwriter', 'PUT', `/api/submission/v1/${id}/complete`);
    expect(completeDeclined.statusCode).toBe(409);
    expect(completeDeclined.json().message).toBe('This submission cannot be completed while it is DECLINED (certified).');

    // The agency reads the outcome on its own list.
    const listed = (await call(edition.agent, 'GET', `/api/submission/v1/search?status=DECLINED&operationalStatus=CERTIFIED&size=100`, undefined, edition.host)).json();
    expect(listed.content.map((row: Json) => row.id)).toContain(id);
    expect(await auditActions(id)).toEqual(['submission.certify', 'submission.assign', 'submission.decline']);
  });

  it('is marked non-viable, or completed only once in review; the code label is the summary', async () => {
    const viable = await newSubmission(edition.agency, `Viable Works ${edition.edition}`, edition);
    const early = await call('underwriter', 'PUT', `/api/submission/v1/${viable.id}/complete`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('This submission cannot be completed while it is REQUESTED.');
    await call('underwriter', 'PUT', `/api/submission/v1/${viable.id}/assign`, { id: viable.id, assigneeUserId: ids.uma });
    const completed = await call('underwriter', 'PUT', `/api/submission/v1/${viable.id}/complete`);
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json()).toMatchObject({ message: 'Submission completed', submission: { status: 'IN_REVIEW', operationalStatus: 'COMPLETE' } });
    expect((await call('underwriter', 'PUT', `/api/submission/v1/${viable.id}/decline`, { id: viable.id, declinationReason: 'SIZE_TOO_BIG', declinationReasonDescription: 'x' })).statusCode).toBe(409);

    const doomed = await newSubmission(edition.agency, `Doomed Works ${edition.edition}`, edition);
    const nonViable = await call('underwriter', 'PUT', `/api/submission/v1/${doomed.id}/non-viable`);
    expect(nonViable.statusCode, nonViable.body).toBe(200);
    expect(nonViable.json()).toMatchObject({ message: 'Submission marked non-viable', submission: { status: 'REQUESTED', operationalStatus: 'NON_VIABLE' } });
    const certifyLate = await call(edition.agent, 'PUT', `/api/submission/v1/${doomed.id}/certify`, undefined, edition.host);
    expect(certifyLate.statusCode).toBe(409);
    expect(certifyLate.json().message).toBe('This submission cannot be certified while it is REQUESTED (non-viable).');

    const coded = await newSubmission(edition.agency, `Coded Works ${edition.edition}`, edition);
    const declined = await call('admin', 'PUT', `/api/submission/v1/${coded.id}/decline`, { id: coded.id, declinationReason: 'SIZE_TOO_BIG', declinationReasonDescription: 'Revenue above appetite' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().submission.declination).toMatchObject({ code: 'SIZE_TOO_BIG', summary: 'Size is too Big' });
  });

  it("answers another agency's submission like a missing one", async () => {
    const { id } = await newSubmission(edition.agency, `Private Works ${edition.edition}`, edition);
    const foreign = await call(edition.otherAgent, 'PUT', `/api/submission/v1/${id}/certify`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Submission not found.');
    const [row] = await t.db.query<{ operational_status: string }>('SELECT operational_status FROM submissions WHERE id = $1', [id]);
    expect(row!.operational_status).toBe('OPEN');
  });
});

describe('declining a quote with its submission', () => {
  it('declines the submission with the code label or fill-in text, and leaves a settled submission as it is', async () => {
    const edition = EDITIONS[0]!;
    const { id, accountId } = await newSubmission(edition.agency, 'Quoted Works LLC', edition);
    const quote = await call('agent', 'POST', '/api/quote/v1/create', p250Request(accountId, 'us', 'NY', TODAY));
    expect(quote.statusCode, quote.body).toBe(201);
    await t.db.query('UPDATE quotes SET submission_id = $2 WHERE id = $1', [quote.json().id, id]);
    const declined = await call('underwriter', 'PUT', `/api/quote/v1/decline/${quote.json().id}`, {
      quoteId: quote.json().id, submissionId: id, reasonSummary: 'Poor Claims History', reason: 'Three claims', declineSubmission: true,
      submissionDecline: { declinationReason: 'CLAIMS_HISTORY', declinationReasonDescription: 'Three claims in two years' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const submission = (await call('underwriter', 'GET', `/api/submission/v1/search?search=${encodeURIComponent('Quoted Works')}`)).json().content[0];
    expect(submission).toMatchObject({ id, status: 'DECLINED', declination: { code: 'CLAIMS_HISTORY', summary: 'Claims history', description: 'Three claims in two years', by: ids.uma } });
    expect(await auditActions(id)).toEqual(['submission.decline']);

    // A second quote on the declined submission is still declined itself; the submission is not moved twice.
    const second = await call('agent', 'POST', '/api/quote/v1/create', p250Request(accountId, 'us', 'NY', TODAY));
    await t.db.query('UPDATE quotes SET submission_id = $2 WHERE id = $1', [second.json().id, id]);
    const again = await call('underwriter', 'PUT', `/api/quote/v1/decline/${second.json().id}`, {
      quoteId: second.json().id, submissionId: id, reasonSummary: 'Error', reason: 'Duplicate', declineSubmission: true,
      submissionDecline: { declinationReason: 'POOR_CONTROLS', declinationReasonDescription: 'x' },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().quote.status).toBe('DECLINED');
    expect(await auditActions(id)).toEqual(['submission.decline']);
  });
});

describe('a quote naming its submission', () => {
  it.each([
    { case: 'of its own account', owner: 'own', account: 'same', status: 201, message: undefined },
    { case: 'of another account of the agency', owner: 'own', account: 'other', status: 400, message: QUOTE_TEXTS.submissionOfAnotherAccount },
    { case: "of another agency (answered like a missing one)", owner: 'foreign', account: 'same', status: 404, message: SUBMISSION_TEXTS.notFound },
    { case: 'settled (non-viable)', owner: 'settled', account: 'same', status: 409, message: SUBMISSION_TEXTS.settled },
  ])('is kept only when the submission is $case', async ({ owner, account, status, message }) => {
    const edition = EDITIONS[0]!;
    const mine = await newSubmission(edition.agency, `Linked Works ${owner} ${account}`, edition);
    // Another agency's client and submission (the demo world's Harbor Insurance Group).
    const foreignClient = await clientOf(t, 'Harbor Insurance Group', `Foreign Works ${owner} ${account}`, { edition: 'us', state: 'MA', zip: '02110', industry: '541512', revenue: 5_000_000 });
    const [harbor] = await t.db.query<{ id: string }>('SELECT id FROM accounts WHERE name = $1', ['Harbor Insurance Group']);
    const foreign = await insertSubmission(t.db, { accountId: foreignClient, agencyId: harbor!.id, agentUserId: null, teamId: null, createdBy: null, at: t.clock.now() });
    const other = await newSubmission(edition.agency, `Other Works ${owner} ${account}`, edition);
    if (owner === 'settled') await t.db.query(`UPDATE submissions SET operational_status = 'NON_VIABLE' WHERE id = $1`, [mine.id]);
    const submission = owner === 'foreign' ? foreign : mine;
    const accountId = account === 'same' ? mine.accountId : other.accountId;
    const created = await call('agent', 'POST', '/api/quote/v1/create', { ...p250Request(accountId, 'us', 'NY', TODAY), submissionId: submission.id });
    expect(created.statusCode, created.body).toBe(status);
    if (message) expect(created.json().message).toBe(message);
    const linked = await t.db.query<{ id: string }>('SELECT id FROM quotes WHERE submission_id = $1', [submission.id]);
    expect(linked.map((row) => row.id)).toEqual(status === 201 ? [created.json().id] : []);
  });
});

describe("one submission, as the quote flow's verify-submission step reads it", () => {
  it.each(EDITIONS)('answers its quotes and, once settled, why nothing more is quoted for it ($edition)', async (edition) => {
    const { id, accountId } = await newSubmission(edition.agency, `Verified Works ${edition.edition}`, edition);
    const url = `/api/submission/v1/${id}`;
    const fresh = await call(edition.agent, 'GET', url, undefined, edition.host);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({ id, accountId, accountName: `Verified Works ${edition.edition}`, operationalStatus: 'OPEN', quoteCount: 0, settledReason: null });

    const quote = await call(edition.agent, 'POST', '/api/quote/v1/create', { ...p250Request(accountId, edition.edition, edition.state ?? '', TODAY, edition.product), submissionId: id }, edition.host);
    expect(quote.statusCode, quote.body).toBe(201);
    expect((await call(edition.agent, 'GET', url, undefined, edition.host)).json().quoteCount).toBe(1);

    // Another agency's user is answered as if it did not exist; provider staff read it.
    const foreign = await call(edition.otherAgent, 'GET', url, undefined, edition.host);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(SUBMISSION_TEXTS.notFound);
    expect((await call('underwriter', 'GET', url, undefined, edition.host)).statusCode).toBe(200);

    expect((await call('underwriter', 'PUT', `${url}/non-viable`, undefined, edition.host)).statusCode).toBe(200);
    expect((await call(edition.agent, 'GET', url, undefined, edition.host)).json()).toMatchObject({ operationalStatus: 'NON_VIABLE', quoteCount: 1, settledReason: SUBMISSION_TEXTS.settled });
  });
});

describe("the dashboard's team selector and business type (spec 002 section 4 Dashboard filters)", () => {
  it.each(EDITIONS)('narrow the submissions and quotes tabs to one team and one business type ($edition)', async (edition) => {
    const [agency] = await t.db.query<{ id: string }>('SELECT id FROM accounts WHERE name = $1', [edition.agency]);
    const [team] = await t.db.query<{ id: string }>(`INSERT INTO teams (account_id, name) VALUES ($1, $2) RETURNING id`, [agency!.id, `Renewals desk ${edition.edition}`]);
    const inTeam = await newSubmission(edition.agency, `Team Filter In ${edition.edition}`, edition);
    const outside = await newSubmission(edition.agency, `Team Filter Out ${edition.edition}`, edition);
    await t.db.query('UPDATE submissions SET team_id = $2 WHERE id = $1', [inTeam.id, team!.id]);

    const submissions = await call(edition.agent, 'GET', `/api/submission/v1/search?teamId=${team!.id}&size=100`, undefined, edition.host);
    expect(submissions.statusCode, submissions.body).toBe(200);
    expect((submissions.json().content as Json[]).map((row) => row.id)).toEqual([inTeam.id]);
    const all = await call(edition.agent, 'GET', '/api/submission/v1/search?size=100', undefined, edition.host);
    expect((all.json().content as Json[]).map((row) => row.id)).toEqual(expect.arrayContaining([inTeam.id, outside.id]));

    const quoteIn = await call(edition.agent, 'POST', '/api/quote/v1/create', p250Request(inTeam.accountId, edition.edition, edition.state ?? 'ENG', TODAY, edition.product), edition.host);
    const quoteOut = await call(edition.agent, 'POST', '/api/quote/v1/create', p250Request(outside.accountId, edition.edition, edition.state ?? 'ENG', TODAY, edition.product), edition.host);
    expect(quoteIn.statusCode, quoteIn.body).toBe(201);
    expect(quoteOut.statusCode, quoteOut.body).toBe(201);
    await t.db.query('UPDATE quotes SET team_id = $2 WHERE id = $1', [quoteIn.json().id, team!.id]);
    await t.db.query('UPDATE quotes SET is_renewal = true WHERE id = $1', [quoteOut.json().id]);
    const quotes = await call(edition.agent, 'GET', `/api/quote/v1/search?teamId=${team!.id}&size=100`, undefined, edition.host);
    expect(quotes.statusCode, quotes.body).toBe(200);
    expect((quotes.json().content as Json[]).map((row) => row.id)).toEqual([quoteIn.json().id]);
    const renewals = await call(edition.agent, 'GET', `/api/quote/v1/search?businessType=Renewal&size=100`, undefined, edition.host);
    const renewalIds = (renewals.json().content as Json[]).map((row) => row.id);
    expect(renewalIds).toContain(quoteOut.json().id);
    expect(renewalIds).not.toContain(quoteIn.json().id);
    // Another agency's team narrows nothing of theirs into view.
    const foreign = await call(edition.otherAgent, 'GET', `/api/submission/v1/search?teamId=${team!.id}&size=100`, undefined, edition.host);
    expect(foreign.json().content).toEqual([]);
  });
});
