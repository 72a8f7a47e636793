import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { discoverHandlers } from '../../../server/contract/discover-handlers.ts';
import { loadMigrations, RESOURCE_ROOTS } from '../../../server/db/migrate.ts';
import { loadContract } from '../../../server/contract/contract.ts';
import type { Services } from '../../../server/services.ts';
import { ManualClock } from '../../../server/clock.ts';

const root = mkdtempSync(join(tmpdir(), 'resources-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function resource(dir: string, name: string, source: string): void {
  mkdirSync(join(dir, name), { recursive: true });
  writeFileSync(join(dir, name, 'handlers.ts'), source);
}

// Building handlers reads only the clock (the console's deployment time); nothing runs here.
// What handler modules read while being built (not while answering): the clock and the configuration.
const services = { clock: new ManualClock(), config: { production: false } } as unknown as Services;

test('two resources handling one operation stop the start, naming both', async () => {
  const dir = join(root, 'twice');
  resource(dir, 'first', 'export const handlers = () => ({ getConsoleVersion: async () => ({ v: "1" }) });');
  resource(dir, 'second', 'export const handlers = () => ({ getConsoleVersion: async () => ({ v: "2" }) });');
  await expect(discoverHandlers(services, [{ dir, label: 'server/resources' }])).rejects.toThrow("Two handlers for operation 'getConsoleVersion': server/resources/first and server/resources/second");
});

test('a handlers file without the handlers export is named', async () => {
  const dir = join(root, 'unnamed');
  resource(dir, 'odd', 'export const somethingElse = 1;');
  await expect(discoverHandlers(services, [{ dir, label: 'server/resources' }])).rejects.toThrow('server/resources/odd/handlers.ts must export \'handlers\'');
});

test('a sub-module nested in an area is found, and a clash with another root names both folders', async () => {
  const resources = join(root, 'roots', 'resources');
  const area = join(root, 'roots', 'lifecycle');
  resource(resources, 'console', 'export const handlers = () => ({ getConsoleVersion: async () => ({ v: "1" }) });');
  resource(join(area, 'reminders'), 'invoice', 'export const handlers = () => ({ getConsoleVersion: async () => ({ v: "2" }) });');
  await expect(discoverHandlers(services, [{ dir: resources, label: 'server/resources' }, { dir: area, label: 'server/lifecycle' }]))
    .rejects.toThrow("Two handlers for operation 'getConsoleVersion': server/resources/console and server/lifecycle/reminders/invoice");
});

test('migrations are found in nested sub-modules too', async () => {
  const area = join(root, 'migrations', 'lifecycle');
  mkdirSync(join(area, 'reminders', 'invoice', 'migrations'), { recursive: true });
  writeFileSync(join(area, 'reminders', 'invoice', 'migrations', '901_nested.sql'), 'SELECT 1;');
  const empty = join(root, 'migrations', 'none');
  mkdirSync(empty, { recursive: true });
  expect((await loadMigrations(empty, [area])).map((migration) => `${migration.version}_${migration.name}`)).toEqual(['901_nested']);
});

test('the resources of this server handle exactly the operations of the contract', async () => {
  const handled = Object.keys(await discoverHandlers(services, RESOURCE_ROOTS)).sort();
  expect(handled).toEqual((await loadContract()).map((operation) => operation.operationId).sort());
});
