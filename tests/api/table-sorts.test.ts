import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../api/operations.ts';
import type { EditionId, TableDefinition } from '../../engine/index.ts';
import { registry } from '../support/registry.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * A table definition offers sorting on a column unless it says `sortable: false`, and a server-paged table
 * sends that column's id as the sort: every such column of every table whose list operation the server
 * serves must be one the server sorts by, in both editions (an undeclared sort answers 400, which the user
 * would meet as a failed list). Read from the definitions and the contract, so a new table is covered.
 */
type Operation = { method: string; path: string };
const UK_HOST = 'console.example.uk';
const EDITIONS: Array<[EditionId, Record<string, string>]> = [['us', {}], ['uk', { host: UK_HOST }]];

let t: TestApp;
let token: string;

function listedTables(edition: EditionId): TableDefinition[] {
  return registry
    .list('table')
    .map((table) => registry.resolve<TableDefinition>(table.id, edition))
    .filter((table) => {
      const operation = table.operation ? (OPERATIONS as Record<string, Operation>)[table.operation] : undefined;
      // Lists read with path parameters (a record's related rows) need a record: their sorts are checked by their own tests.
      return operation?.method === 'GET' && !operation.path.includes('{');
    });
}

beforeAll(async () => {
  t = await startTestApp();
  token = (await t.tokensFor('admin@provider.example')).accessToken;
});

afterAll(async () => {
  await t?.close();
});

describe.each(EDITIONS)('the sortable columns of server-paged tables (%s)', (edition, headers) => {
  const tables = listedTables(edition);

  it('covers the server-paged tables', () => {
    expect(tables.length).toBeGreaterThan(15);
  });

  it.each(tables.map((table) => [table.id, table] as const))('%s: the server sorts by every column that offers sorting', async (_, table) => {
    const path = (OPERATIONS as Record<string, Operation>)[table.operation!]!.path;
    const plain = await t.inject({ method: 'GET', url: `${path}?page=0&size=25`, headers: { authorization: `Bearer ${token}`, ...headers } });
    // A list that needs a record to list for (a required query parameter), one only some areas read, or one
    // answering 404 in this edition, has nothing to sort here: its own tests sort it.
    if (plain.statusCode !== 200) {
      expect([400, 403, 404], `${path}: ${plain.body}`).toContain(plain.statusCode);
      if (plain.statusCode === 400) expect(plain.json().errors?.[0]?.code, plain.body).toBe('required');
      return;
    }
    const refused: string[] = [];
    for (const column of table.columns.filter((candidate) => candidate.sortable !== false)) {
      const response = await t.inject({ method: 'GET', url: `${path}?page=0&size=25&sort=${column.id},desc`, headers: { authorization: `Bearer ${token}`, ...headers } });
      if (response.statusCode !== 200) refused.push(`${column.id}: ${response.statusCode} ${response.json().message}`);
    }
    expect(refused.join(' | ')).toBe('');
  });
});
