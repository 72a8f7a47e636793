import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { insertSubmission } from '../../server/resources/submissions/repository.ts';
import { EDITION_AGENCIES, EDITION_USERS, editionClient } from './support/edition-agencies.ts';
import { p250Request } from './support/quote-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * The agency's shared inbox (spec 002 section 2 '{basePath}/inbox'; section 3 Message: dateReceived, seenBy,
 * isArchived, isStarred, labels), in both editions: the desk's decisions on an agency's quotes and
 * submissions post messages to it (the agency's own doings do not), opening one counts the reader as having
 * seen it, stars, labels and the archive are shared by the agency and move it between folders, and another
 * agency neither lists nor touches it.
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

async function inbox(caller: string, query: string, host?: string): Promise<Json[]> {
  const response = await call(caller, 'GET', `/api/inbox/v1/messages?size=100&${query}`, undefined, host);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().content;
}

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date(`${TODAY}T12:00:00Z`));
  for (const [name, email] of Object.entries(EDITION_USERS)) tokens[name] = (await t.tokensFor(email)).accessToken;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe.each(EDITIONS)('the shared inbox ($edition)', (edition) => {
  it('holds the desk’s decline of a quote and of a submission, not the agency’s own doings; opening marks it seen', async () => {
    const client = await editionClient(t, edition, `Inbox Works ${edition.edition}`);
    const created = await call(edition.agent, 'POST', '/api/quote/v1/create', p250Request(client, edition.edition, edition.state ?? '', TODAY, edition.product), edition.host);
    expect(created.statusCode, created.body).toBe(201);
    const quote = created.json() as Json;
    const lostByAgency = await call(edition.agent, 'POST', '/api/quote/v1/create', p250Request(client, edition.edition, edition.state ?? '', TODAY, edition.product), edition.host);
    await call(edition.agent, 'PUT', `/api/quote/v1/lost/${lostByAgency.json().id}`, { id: lostByAgency.json().id, reasonSummary: 'Price is High', reason: 'x' }, edition.host);
    const declined = await call('underwriter', 'PUT', `/api/quote/v1/decline/${quote.id}`, { quoteId: quote.id, reasonSummary: 'Poor Claims History', reason: 'Three claims' });
    expect(declined.statusCode, declined.body).toBe(200);
    // A minute later, so newest first is one order.
    t.clock.set(new Date(t.clock.now().getTime() + 60_000));
    const [agency] = await t.db.query<{ id: string }>('SELECT id FROM accounts WHERE name = $1', [edition.agency]);
    const submission = await insertSubmission(t.db, { accountId: client, agencyId: agency!.id, agentUserId: null, teamId: null, createdBy: null, at: t.clock.now() });
    await call('underwriter', 'PUT', `/api/submission/v1/${submission.id}/decline`, { id: submission.id, declinationReason: 'POOR_CONTROLS', declinationReasonDescription: 'No MFA' });

    const messages = await inbox(edition.agent, `accountId=${client}`, edition.host);
    expect(messages.map((message) => message.subject)).toEqual([
      `Submission ${submission.submissionNumber} for Inbox Works ${edition.edition} was declined`,
      `Quote ${quote.quoteNumber} for Inbox Works ${edition.edition} was declined`,
    ]);
    const [ofSubmission, ofQuote] = messages;
    expect(ofQuote).toMatchObject({ kind: 'quote.decline', quoteId: quote.id, quoteNumber: quote.quoteNumber, body: 'Poor Claims History: Three claims', seenBy: [], seenByMe: false, isStarred: false, isArchived: false, labels: [] });
    expect(ofSubmission).toMatchObject({ kind: 'submission.decline', submissionId: submission.id, submissionNumber: submission.submissionNumber, body: 'Poor Controls' });

    const opened = await call(edition.agent, 'PUT', `/api/inbox/v1/messages/${ofQuote!.id}/open`, undefined, edition.host);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ seenBy: [edition.agentName], seenByMe: true, quoteId: quote.id });
    // Opening again counts the reader once.
    expect((await call(edition.agent, 'PUT', `/api/inbox/v1/messages/${ofQuote!.id}/open`, undefined, edition.host)).json().seenBy).toEqual([edition.agentName]);
  });

  it('stars, labels and archives a message for the whole agency, moving it between folders', async () => {
    const [message] = await inbox(edition.agent, `search=${encodeURIComponent(`Inbox Works ${edition.edition}`)}&kind=quote.decline`, edition.host);
    const starred = await call(edition.agent, 'PUT', `/api/inbox/v1/messages/${message!.id}/star`, { starred: true }, edition.host);
    expect(starred.json()).toMatchObject({ message: 'Message starred', inboxMessage: { isStarred: true } });
    expect((await inbox(edition.agent, 'folder=STARRED', edition.host)).map((row) => row.id)).toContain(message!.id);

    const labelled = await call(edition.agent, 'PUT', `/api/inbox/v1/messages/${message!.id}/labels`, { id: message!.id, labels: ['Follow up', 'Urgent'] }, edition.host);
    expect(labelled.statusCode, labelled.body).toBe(200);
    expect(labelled.json()).toMatchObject({ message: 'Labels saved', inboxMessage: { labels: ['Follow up', 'Urgent'] } });
    expect((await inbox(edition.agent, 'label=Urgent', edition.host)).map((row) => row.id)).toEqual([message!.id]);
    expect((await call(edition.agent, 'PUT', `/api/inbox/v1/messages/${message!.id}/labels`, { id: message!.id, labels: ['Not a label we have'] }, edition.host)).statusCode).toBe(400);

    const archived = await call(edition.agent, 'PUT', `/api/inbox/v1/messages/${message!.id}/archive`, { archived: true }, edition.host);
    expect(archived.json().message).toBe('Message archived');
    expect((await inbox(edition.agent, '', edition.host)).map((row) => row.id)).not.toContain(message!.id);
    expect((await inbox(edition.agent, 'folder=ARCHIVED', edition.host)).map((row) => row.id)).toContain(message!.id);
    expect((await inbox(edition.agent, 'folder=ALL', edition.host)).map((row) => row.id)).toContain(message!.id);
    const back = await call(edition.agent, 'PUT', `/api/inbox/v1/messages/${message!.id}/archive`, { archived: false }, edition.host);
    expect(back.json().message).toBe('Message moved to the inbox');
    expect((await inbox(edition.agent, '', edition.host)).map((row) => row.id)).toContain(message!.id);
  });

  it('is not another agency’s to read or change', async () => {
    const [message] = await inbox(edition.agent, `search=${encodeURIComponent(`Inbox Works ${edition.edition}`)}`, edition.host);
    expect((await inbox(edition.otherAgent, 'folder=ALL')).map((row) => row.id)).not.toContain(message!.id);
    for (const [path, body] of [['open', undefined], ['star', { starred: false }], ['archive', { archived: true }]] as const) {
      const response = await call(edition.otherAgent, 'PUT', `/api/inbox/v1/messages/${message!.id}/${path}`, body);
      expect(response.statusCode, path).toBe(404);
      expect(response.json().message).toBe('Message not found.');
    }
    const [row] = await t.db.query<{ is_archived: boolean }>('SELECT is_archived FROM inbox_messages WHERE id = $1', [message!.id]);
    expect(row!.is_archived).toBe(false);
  });
});
