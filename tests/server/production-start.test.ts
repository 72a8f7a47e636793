import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_PASSWORD } from '../../server/constants.ts';
import { freePort } from '../support/free-port.ts';

/**
 * Findings 1 and 2, on the real start command (`server/main.ts`) and the real admin command: a production
 * start never seeds the demo world, has no mailbox, refuses to run without real mail or while any user has
 * the demo password; the first admin gets a set-password link by real SMTP (a local SMTP sink here).
 */
const root = mkdtempSync(join(tmpdir(), 'production-start-'));
const received: Array<{ to: string; body: string }> = [];
let smtp: SMTPServer;
let smtpPort = 0;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk: Buffer) => { body += chunk.toString('utf8'); });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(','), body });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  rmSync(root, { recursive: true, force: true });
});


interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function run(script: string, env: Record<string, string>, args: string[] = []): Run {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? root, LOG_LEVEL: 'error', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Starts the server and waits for its banner (or its exit). */
async function start(env: Record<string, string>): Promise<Run & { origin: string }> {
  const port = await freePort();
  const server = run('server/main.ts', { PORT: String(port), ...env });
  const started = Date.now();
  while (!/listening on/.test(server.output())) {
    if (server.child.exitCode !== null) throw new Error(`the server exited: ${server.output()}`);
    if (Date.now() - started > 60_000) throw new Error(`the server did not start: ${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { ...server, origin: `http://127.0.0.1:${port}` };
}

async function stop(server: Run): Promise<void> {
  server.child.kill('SIGTERM');
  await server.exited;
}

const production = (dataDir: string, extra: Record<string, string> = {}) => ({
  NODE_ENV: 'production',
  DATA_DIR: join(root, dataDir),
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  PUBLIC_URL: 'https://console.example',
  PUBLIC_URL_UK: 'https://console.example.uk',
  ...extra,
});

const post = (origin: string, path: string, body: unknown) =>
  fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('a production start', () => {
  test.each([
    ['SMTP_URL', /SMTP_URL is not set/],
    ['PUBLIC_URL', /PUBLIC_URL is not set/],
    ['PUBLIC_URL_UK', /PUBLIC_URL_UK is not set/],
  ])('refuses to run without %s', async (missing, message) => {
    const env: Record<string, string> = production('refused');
    delete env[missing];
    const refused = run('server/main.ts', { PORT: String(await freePort()), ...env });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toMatch(/Production start refused/);
    expect(refused.output()).toMatch(message);
  }, 60_000);

  test('on an empty database: no demo users, no mailbox, says its mode; the first admin sets a password by an e-mailed link', async () => {
    const server = await start(production('empty'));
    try {
      expect(server.output()).toMatch(/Mode: PRODUCTION/);
      expect(server.output()).not.toMatch(new RegExp(DEMO_PASSWORD));
      expect(server.output()).toMatch(/No provider admin yet: run `npm run admin:create/);
      expect((await post(server.origin, '/api/auth/v1/login', { username: 'admin@provider.example', password: DEMO_PASSWORD })).status).toBe(401);
      expect((await fetch(`${server.origin}/api/dev/outbox`)).status).toBe(401);
      expect(((await (await fetch(`${server.origin}/api/auth/v1/env`)).json()) as { prod: boolean }).prod).toBe(true);
    } finally {
      await stop(server);
    }

    const command = run('server/cli/create-admin.ts', production('empty'), ['--email', 'ops@console.example', '--first-name', 'Olga', '--last-name', 'Ops']);
    expect(await command.exited, command.output()).toBe(0);
    const mail = received.find((message) => message.to === 'ops@console.example');
    const token = /https:\/\/console\.example\/confirmUser\/([A-Za-z0-9_-]+)/.exec(mail?.body.replace(/=\r?\n/g, '') ?? '')?.[1];
    expect(token, mail?.body).toBeTruthy();
    const again = run('server/cli/create-admin.ts', production('empty'), ['--email', 'second@console.example', '--first-name', 'S', '--last-name', 'S']);
    expect(await again.exited).toBe(1);
    expect(again.output()).toMatch(/exists already/);

    const restarted = await start(production('empty'));
    try {
      expect(restarted.output()).toMatch(/Provider admin: present/);
      const set = await post(restarted.origin, `/api/auth/v1/validateUserInvited/${token}`, { password: 'Olga-Sets-Her-Own-1!' });
      expect(set.status).toBe(200);
      const login = await post(restarted.origin, '/api/auth/v1/login', { username: 'ops@console.example', password: 'Olga-Sets-Her-Own-1!' });
      expect(login.status).toBe(200);
    } finally {
      await stop(restarted);
    }
  }, 120_000);

  test('a development start seeds the demo world on loopback and says so; production then refuses that database', async () => {
    const development = await start({ DATA_DIR: join(root, 'demo') });
    try {
      expect(development.output()).toMatch(/Mode: DEVELOPMENT/);
      expect(development.output()).toMatch(/bound to 127\.0\.0\.1/);
      expect(development.output()).toMatch(/demo world seeded/);
    } finally {
      await stop(development);
    }
    const refused = run('server/main.ts', { PORT: String(await freePort()), ...production('demo') });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toMatch(/still sign in with the published demo password \(admin@provider\.example/);
  }, 120_000);
});
