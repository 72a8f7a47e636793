/**
 * `npm run bench:api`: loads the running server from a second process over loopback and prints
 * requests per second and p50/p99 latency for sign-in, token refresh, the current user, the agency's
 * policies tab, a policy's page, the payer's payment page, the billing list, commissions and documents (over the demo book of a
 * development start), on PGlite and on PostgreSQL (when DATABASE_URL is set, else postgres://postgres@127.0.0.1:5432/test if it
 * answers). The console-version call, which touches no database, is measured in the same run as the
 * baseline: the server's floor on this machine. A measurement, not a test: it never fails on figures.
 *
 * `npm run bench:api -- --load` runs the load instead (issue 9 §3): LOAD_CONNECTIONS (200) connections for
 * LOAD_SECONDS (60 s), each cycling through a signed-in read mix (the current user, the agency's quotes and
 * policies tabs, a policy's page, documents, the admin's billing list, the payer's payment page) as the
 * personas that read them, beside the same connections on the console version (no database) as its
 * baseline; errors, p50, p99 and req/s on each database.
 *
 * Sign-in is argon2id hashing by design (tens of milliseconds of CPU each), so its rate is bounded by
 * the cores, not by the server. Each refresh uses the token the previous one returned (tokens rotate).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { reachablePostgresUrl } from '../support/postgres-url.ts';
import { percentile, startBenchServer, type BenchServer } from './bench-server.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4391);
const BASE = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const PASSWORD = 'Demo-Password-2026!';
const LOAD = process.argv.includes('--load');
const LOAD_CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
/** Demo users that sign in without MFA; each virtual user signs in as one of them. */
const USERS = ['agent@agency.example', 'agent@otheragency.example', 'broker@brokerage.example', 'carrier@carrier.example', 'cluster@cluster.example', 'vendor@vendor.example'];

interface Result {
  name: string;
  requests: number;
  failures: number;
  seconds: number;
  latencies: number[];
}

async function startServer(env: Record<string, string>): Promise<BenchServer> {
  return startBenchServer(PORT, env);
}

async function post(path: string, body: unknown, token?: string) {
  return fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

async function signIn(user: string): Promise<{ accessToken: string; refreshToken: string }> {
  const response = await post('/api/auth/v1/login', { username: user, password: PASSWORD });
  if (!response.ok) throw new Error(`sign-in of ${user} answered ${response.status}`);
  return (await response.json()) as { accessToken: string; refreshToken: string };
}

/** Runs `step` in `concurrency` loops for `seconds`; each loop keeps its own state (a token chain). */
async function load<S>(name: string, concurrency: number, init: (index: number) => Promise<S>, step: (state: S) => Promise<[boolean, S]>, seconds = SECONDS): Promise<Result> {
  const states: S[] = await Promise.all(Array.from({ length: concurrency }, (_, index) => init(index)));
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    states.map(async (initial: S) => {
      let state: S = initial;
      while (performance.now() < end) {
        const t0 = performance.now();
        const [ok, next] = await step(state);
        latencies.push(performance.now() - t0);
        if (!ok) failures += 1;
        state = next;
      }
    }),
  );
  return { name, requests: latencies.length, failures, seconds: (performance.now() - started) / 1000, latencies };
}

async function runAll(label: string): Promise<Result[]> {
  const results: Result[] = [];
  results.push(
    await load('baseline: console version (no database)', CONCURRENCY, async () => null, async (state) => {
      const response = await fetch(`${BASE}/api/console-version`);
      await response.arrayBuffer();
      return [response.ok, state];
    }),
  );
  results.push(
    await load('sign-in (argon2id)', Math.min(CONCURRENCY, 4), async (index) => USERS[index % USERS.length]!, async (user) => {
      const response = await post('/api/auth/v1/login', { username: user, password: PASSWORD });
      await response.arrayBuffer();
      return [response.ok, user];
    }),
  );
  results.push(
    await load('token refresh (rotating)', CONCURRENCY, async (index) => (await signIn(USERS[index % USERS.length]!)).refreshToken, async (refreshToken) => {
      const response = await post('/api/auth/v1/token/refresh', { refreshToken });
      if (!response.ok) return [false, refreshToken];
      const pair = (await response.json()) as { refreshToken: string };
      return [true, pair.refreshToken];
    }),
  );
  results.push(
    await load('current user (me)', CONCURRENCY, async (index) => (await signIn(USERS[index % USERS.length]!)).accessToken, async (token) => {
      const response = await fetch(`${BASE}/api/auth/v1/me`, { headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      return [response.ok, token];
    }),
  );
  // The policies of the demo book: the agency dashboard's policies tab (20 by end date) and a policy's page.
  const agentToken = async () => (await signIn('agent@agency.example')).accessToken;
  results.push(
    await load('policies tab (agency, 20 by end date)', CONCURRENCY, agentToken, async (token) => {
      const response = await fetch(`${BASE}/api/policy/v1/search?size=20`, { headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      return [response.ok, token];
    }),
  );
  results.push(
    await load('policy page (terms, history, actions)', CONCURRENCY, async () => {
      const token = await agentToken();
      const page = (await (await fetch(`${BASE}/api/policy/v1/search?size=1`, { headers: { authorization: `Bearer ${token}` } })).json()) as { content: Array<{ id: string }> };
      return { token, id: page.content[0]?.id ?? 'missing' };
    }, async (state) => {
      const response = await fetch(`${BASE}/api/policy/v1/${state.id}`, { headers: { authorization: `Bearer ${state.token}` } });
      await response.arrayBuffer();
      return [response.ok, state];
    }),
  );
  // The payer's payment page (status, amounts, saved methods, installment plan, transactions) and the billing list.
  results.push(
    await load('payment page (policyholder)', CONCURRENCY, async () => {
      const token = (await signIn('policyholder@insured.example')).accessToken;
      const page = (await (await fetch(`${BASE}/api/policy/v1/search?size=1`, { headers: { authorization: `Bearer ${token}` } })).json()) as { content: Array<{ id: string }> };
      return { token, id: page.content[0]?.id ?? 'missing' };
    }, async (state) => {
      const response = await fetch(`${BASE}/api/billing/v1/policy/${state.id}/payment`, { headers: { authorization: `Bearer ${state.token}` } });
      await response.arrayBuffer();
      return [response.ok, state];
    }),
  );
  results.push(
    await load('billing transactions (admin, 25 newest)', CONCURRENCY, async () => (await signIn('admin@provider.example')).accessToken, async (token) => {
      const response = await fetch(`${BASE}/api/billing/v1/search?size=25`, { headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      return [response.ok, token];
    }),
  );
  // Commissions: the per-agency totals (an aggregate over every policy's lines and payments) and an agency's statement lines.
  results.push(
    await load('commissions by agency (admin)', CONCURRENCY, async () => (await signIn('admin@provider.example')).accessToken, async (token) => {
      const response = await fetch(`${BASE}/api/commissions/v1/aggregate?size=25`, { headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      return [response.ok, token];
    }),
  );
  results.push(
    await load('commission statements (agency, 25 newest)', CONCURRENCY, async () => (await signIn('agent@agency.example')).accessToken, async (token) => {
      const response = await fetch(`${BASE}/api/commissions/v1/statements?size=25`, { headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      return [response.ok, token];
    }),
  );
  // Documents: the library of an agency (uploads beside the generated proposals, binders, policies and receipts).
  results.push(
    await load('documents (agency, 25 newest)', CONCURRENCY, async () => (await signIn('agent@agency.example')).accessToken, async (token) => {
      const response = await fetch(`${BASE}/api/docs/v1/search?size=25`, { headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      return [response.ok, token];
    }),
  );
  print(label, results);
  return results;
}

/** The read mix of the load run: what each persona's pages read, one call after another. */
const READ_MIX: ReadonlyArray<{ user: string; paths: (policyId: string) => string[] }> = [
  { user: 'agent@agency.example', paths: (policy) => ['/api/auth/v1/me', '/api/quote/v1/search?size=20', '/api/policy/v1/search?size=20', `/api/policy/v1/${policy}`, '/api/docs/v1/search?size=25'] },
  { user: 'broker@brokerage.example', paths: () => ['/api/auth/v1/me', '/api/quote/v1/search?size=20', '/api/policy/v1/search?size=20'] },
  { user: 'admin@provider.example', paths: () => ['/api/auth/v1/me', '/api/billing/v1/search?size=25', '/api/quote/v1/search?size=20'] },
  { user: 'policyholder@insured.example', paths: (policy) => ['/api/auth/v1/me', '/api/policy/v1/search?size=20', `/api/billing/v1/policy/${policy}/payment`] },
];

/** LOAD_CONNECTIONS connections for LOAD_SECONDS: the console version alone (the floor), then the signed-in read mix. */
async function runLoad(label: string): Promise<void> {
  const personas = await Promise.all(READ_MIX.map(async ({ user, paths }) => {
    const token = (await signIn(user)).accessToken;
    const first = (await (await fetch(`${BASE}/api/policy/v1/search?size=1`, { headers: { authorization: `Bearer ${token}` } })).json()) as { content: Array<{ id: string }> };
    return { token, paths: paths(first.content[0]?.id ?? 'missing') };
  }));
  const results = [
    await load('baseline: console version (no database)', LOAD_CONNECTIONS, async () => null, async (state) => {
      const response = await fetch(`${BASE}/api/console-version`);
      await response.arrayBuffer();
      return [response.ok, state];
    }, LOAD_SECONDS),
    await load('signed-in read mix', LOAD_CONNECTIONS, async (index) => ({ ...personas[index % personas.length]!, next: index }), async (state) => {
      const response = await fetch(`${BASE}${state.paths[state.next % state.paths.length]}`, { headers: { authorization: `Bearer ${state.token}` } });
      await response.arrayBuffer();
      return [response.ok, { ...state, next: state.next + 1 }];
    }, LOAD_SECONDS),
  ];
  print(`${label}, load`, results, `${LOAD_SECONDS} s each, ${LOAD_CONNECTIONS} connections`);
}

function print(label: string, results: Result[], shape = `${SECONDS} s per call, ${CONCURRENCY} concurrent clients (sign-in: ${Math.min(CONCURRENCY, 4)})`) {
  console.log(`\n${label}: ${shape}`);
  console.log('call                                        requests  failed   req/s   p50 ms   p99 ms');
  for (const result of results) {
    const sorted = [...result.latencies].sort((a, b) => a - b);
    console.log(
      `${result.name.padEnd(42)} ${String(result.requests).padStart(9)} ${String(result.failures).padStart(7)} ${(result.requests / result.seconds).toFixed(0).padStart(7)} ${percentile(sorted, 50).toFixed(1).padStart(8)} ${percentile(sorted, 99).toFixed(1).padStart(8)}`,
    );
  }
}


async function main() {
  const dataRoot = mkdtempSync(join(tmpdir(), 'bench-api-'));
  try {
    const embedded = await startServer({ DATABASE_URL: '', DATA_DIR: join(dataRoot, 'pglite') });
    try {
      await (LOAD ? runLoad('PGlite (embedded)') : runAll('PGlite (embedded)'));
    } finally {
      await embedded.stop();
    }
    const url = await reachablePostgresUrl();
    if (!url) {
      console.log('\nPostgreSQL: not reachable (set DATABASE_URL); skipped.');
      return;
    }
    // A schema of its own, so the benchmark's demo world never mixes with other data in that database.
    const schema = `bench_api_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const separator = url.includes('?') ? '&' : '?';
    const server = await startServer({ DATABASE_URL: `${url}${separator}options=-c%20search_path%3D${schema}` });
    try {
      const label = `PostgreSQL (${url.replace(/:[^:@/]*@/, ':***@')})`;
      await (LOAD ? runLoad(label) : runAll(label));
    } finally {
      await server.stop();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  } finally {
    rmSync(dataRoot, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
