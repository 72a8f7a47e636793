import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, expect, test } from 'vitest';
import { DEMO_PASSWORD } from '../../server/constants.ts';
import { freePort } from '../support/free-port.ts';
import { CLUSTER_SHUT_DOWN, clusterState } from '../support/pglite-cluster.ts';

/**
 * Graceful shutdown (issue 9 section 4), on the real start command (`server/main.ts`) on PGlite: requests in flight
 * when SIGTERM arrives still get their answers, a new connection is refused, and the process exits 0 promptly with
 * its database closed cleanly. The reads go over kept-alive connections, as a browser's do: the server must close them
 * after their answers rather than wait out the keep-alive timeout. The slow request is a real one: a sign-in whose
 * body the client sends only after the signal.
 */
const root = mkdtempSync(join(tmpdir(), 'graceful-shutdown-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));


/** Kept-alive connections that stay open until the server closes them, as a browser's may for minutes. */
const browserLike = new Agent({ keepAlive: true, timeout: 120_000 });
afterAll(() => browserLike.destroy());

function get(url: string, headers: Record<string, string>): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: browserLike, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A sign-in whose headers and first half of the body go now, and the rest when `finish` is called. */
function slowSignIn(origin: string, username: string) {
  const body = JSON.stringify({ username, password: DEMO_PASSWORD });
  const half = Math.floor(body.length / 2);
  const req = request(`${origin}/api/auth/v1/login`, {
    agent: browserLike,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => { text += chunk.toString(); });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, half));
  return { answer, finish: () => req.end(body.slice(half)) };
}

/** A GET on a connection of its own (no pool): its status, or the error code when the connection fails. */
function newConnection(url: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(url, { agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end();
  });
}

test('SIGTERM: requests in flight are answered, new connections refused, exit 0, PGlite closed cleanly', async () => {
  const dataDir = join(root, 'pglite');
  // TEST_SERVER_PORT: a fixed port where a shared machine deals ports out; else any free one.
  const port = Number(process.env.TEST_SERVER_PORT) || (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  let output = '';
  // LOG_LEVEL=info: Fastify logs 'incoming request' when it begins a request, which tells the test they are in flight.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? root, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const begun = () => output.split('"msg":"incoming request"').length - 1;
  const until = async (done: () => boolean, what: string, ms: number) => {
    const deadline = Date.now() + ms;
    while (!done()) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${what}: ${output.slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  try {
    await until(() => /listening on/.test(output), 'the server did not start', 90_000);
    const login = await fetch(`${origin}/api/auth/v1/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'agent@agency.example', password: DEMO_PASSWORD }),
    });
    const auth = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
    const policies = (JSON.parse((await get(`${origin}/api/policy/v1/search?size=5`, auth)).body.toString()) as { content: Array<{ id: string }> }).content;
    expect(policies.length).toBeGreaterThan(0);

    // Slow-ish reads (policy PDFs made on the server, lists), and a sign-in held open.
    const before = begun();
    const urls = [
      ...policies.map((policy) => `/api/policy/v1/${policy.id}/document`),
      '/api/policy/v1/search?size=100', '/api/docs/v1/search?size=100', '/api/account/v1/tags',
    ];
    let answered = 0;
    const reads = urls.map(async (url) => {
      const { status } = await get(`${origin}${url}`, auth);
      answered += 1;
      return status;
    });
    const slow = slowSignIn(origin, 'broker@brokerage.example');
    await until(() => begun() >= before + urls.length + 1, 'the requests did not reach the server', 20_000);

    child.kill('SIGTERM');
    const unansweredAtSignal = urls.length - answered;
    // It stops accepting connections: a new one is refused while the sign-in is still open.
    let refused = false;
    const signalled = Date.now();
    while (!refused && Date.now() - signalled < 5_000) {
      refused = (await newConnection(`${origin}/api/console-version`)) === 'ECONNREFUSED';
    }
    expect(refused, 'a new connection was still accepted').toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(child.exitCode, 'the server exited with a request in flight').toBeNull();
    slow.finish();

    const signIn = await slow.answer;
    expect(signIn.status, signIn.body).toBe(200);
    expect(JSON.parse(signIn.body)).toHaveProperty('accessToken');
    expect(await Promise.all(reads)).toEqual(urls.map(() => 200));
    expect(await exited, output.slice(-2000)).toBe(0);
    const seconds = (Date.now() - signalled) / 1000;
    expect(seconds).toBeLessThan(5);
    expect(output).toMatch(/Closed\./);
    console.log(`graceful shutdown: ${unansweredAtSignal + 1} of ${urls.length + 1} requests unanswered at SIGTERM, all answered 200; exit 0 after ${seconds.toFixed(1)} s`);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }

  // PGlite wrote its shutdown checkpoint: the folder is marked shut down and opens again as it was left.
  expect(clusterState(dataDir)).toBe(CLUSTER_SHUT_DOWN);
  const reopened = await PGlite.create(dataDir);
  try {
    const [row] = (await reopened.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE email = 'broker@brokerage.example'`)).rows;
    expect(row?.n).toBe(1);
  } finally {
    await reopened.close();
  }
}, 150_000);
