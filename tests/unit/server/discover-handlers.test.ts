import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { discoverHandlers } from '../../../server/contract/discover-handlers.ts';
import { RESOURCES_DIR } from '../../../server/db/migrate.ts';
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
  await expect(discoverHandlers(services, dir)).rejects.toThrow("Two handlers for operation 'getConsoleVersion': server/resources/first and server/resources/second");
});

test('a handlers file without the handlers export is named', async () => {
  const dir = join(root, 'unnamed');
  resource(dir, 'odd', 'export const somethingElse = 1;');
  await expect(discoverHandlers(services, dir)).rejects.toThrow('server/resources/odd/handlers.ts must export \'handlers\'');
});

test('the resources of this server handle exactly the operations of the contract', async () => {
  const handled = Object.keys(await discoverHandlers(services, RESOURCES_DIR)).sort();
  expect(handled).toEqual((await loadContract()).map((operation) => operation.operationId).sort());
});
