#!/usr/bin/env node
/**
 * The server end-to-end tests run against: the real server (`server/main.ts`) with the built client, on
 * a fresh embedded database in a temporary folder (migrated and seeded with the demo world on start),
 * so every run begins from the same state and never touches data/.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataRoot = mkdtempSync(join(tmpdir(), 'e2e-db-'));
// node with tsx's loader rather than `npx tsx`: one process, so a stop reaches the server itself.
const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: '', DATA_DIR: join(dataRoot, 'pglite'), PORT: process.env.E2E_PORT ?? '4173', HOST: '127.0.0.1' },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  rmSync(dataRoot, { recursive: true, force: true });
  process.exit(code ?? 0);
});
