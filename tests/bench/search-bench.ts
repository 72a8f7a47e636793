/**
 * `npm run bench:search` (issue 9 §3): the dashboards' searches at a million quotes on PostgreSQL.
 *
 * Starts the real server on a schema of its own (the demo world seeds it), fills that schema with a
 * generated book (search-book.ts: SEARCH_QUOTES quotes, 1,000,000 by default, over 100,000 client accounts
 * of 500 agencies, a policy for each bound quote), then for each case times the API call against the very
 * SQL the API runs (the count and the page, captured from the repository the handler calls) run bare on the
 * same database: p50 and p95 of each and the ratio of the p95s. The aim is an API p95 within 2x of the
 * bare SQL. Both sides must find the same total; a case where they differ is reported, not timed.
 *
 * The schema is dropped afterwards unless --keep is given; --schema NAME reuses a kept one (no fill).
 * SEARCH_RUNS (20) runs per case; SEARCH_ONLY=<pattern> measures the cases whose names match.
 * A measurement, not a test: it fails only when it cannot run (no PostgreSQL, a call that errors).
 */
import pg from 'pg';
import type { Queryable } from '../../server/db/database.ts';
import type { ListPage, ListRequest } from '../../server/list/list-spec.ts';
import { searchInbox, searchVisibleQuotes } from '../../server/lifecycle/quotes/repository.ts';
import { searchVisiblePolicies } from '../../server/lifecycle/policies/policy-repository.ts';
import type { Caller } from '../../server/services.ts';
import { PROVIDER_ACCOUNT_TYPE } from '../../server/auth/session-context.ts';
import { reachablePostgresUrl } from '../support/postgres-url.ts';
import { percentile, startBenchServer } from './bench-server.ts';
import { fillSearchBook } from './search-book.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4393);
const RUNS = Number(process.env.SEARCH_RUNS ?? 20);
/** A pattern of case names to measure alone (SEARCH_ONLY=policies). */
const ONLY = new RegExp(process.env.SEARCH_ONLY ?? '', 'i');
const WARMUP = 3;
const SIZE = { quotes: Number(process.env.SEARCH_QUOTES ?? 1_000_000), clients: Number(process.env.SEARCH_CLIENTS ?? 100_000), agencies: 500 };
const PASSWORD = 'Demo-Password-2026!';
const KEEP = process.argv.includes('--keep');
const REUSED = process.argv.includes('--schema') ? process.argv[process.argv.indexOf('--schema') + 1] : undefined;

type Search = (db: Queryable, caller: Caller, query: ListRequest) => Promise<ListPage<unknown>>;
interface Case {
  name: string;
  user: 'admin' | 'agent';
  path: string;
  query: Record<string, string | number>;
  search: Search;
}

/** What a dashboard asks for: the default tab of each persona, the sorts a user clicks, a filter, deep pages and wildcard searches. */
const CASES: Case[] = [
  { name: 'quotes: all, newest first (admin)', user: 'admin', path: '/api/quote/v1/search', query: { size: 20 }, search: searchVisibleQuotes },
  { name: 'quotes: by client name (admin)', user: 'admin', path: '/api/quote/v1/search', query: { size: 20, sort: 'companyName,asc' }, search: searchVisibleQuotes },
  { name: 'quotes: by effective date (admin)', user: 'admin', path: '/api/quote/v1/search', query: { size: 20, sort: 'effectiveDate,desc' }, search: searchVisibleQuotes },
  { name: 'quotes: status Referred (admin)', user: 'admin', path: '/api/quote/v1/search', query: { size: 20, status: 'REFERRED' }, search: searchVisibleQuotes },
  { name: 'quotes: page 200 (admin)', user: 'admin', path: '/api/quote/v1/search', query: { size: 20, page: 200 }, search: searchVisibleQuotes },
  { name: "quotes: search 'dental' (admin)", user: 'admin', path: '/api/quote/v1/search', query: { size: 20, search: 'dental' }, search: searchVisibleQuotes },
  { name: "quotes: search 'vertex works' (admin)", user: 'admin', path: '/api/quote/v1/search', query: { size: 20, search: 'vertex works' }, search: searchVisibleQuotes },
  { name: "quotes: search '0424242' (admin)", user: 'admin', path: '/api/quote/v1/search', query: { size: 20, search: '0424242' }, search: searchVisibleQuotes },
  { name: 'quotes: own agency, newest first', user: 'agent', path: '/api/quote/v1/search', query: { size: 20 }, search: searchVisibleQuotes },
  { name: "quotes: own agency, search 'liberty'", user: 'agent', path: '/api/quote/v1/search', query: { size: 20, search: 'liberty' }, search: searchVisibleQuotes },
  { name: 'inbox: by need-by date (admin)', user: 'admin', path: '/api/quote/v1/uw-inbox', query: { size: 20 }, search: searchInbox },
  { name: 'policies: by end date (admin)', user: 'admin', path: '/api/policy/v1/search', query: { size: 20 }, search: searchVisiblePolicies },
  { name: "policies: search 'P-2025-04' (admin)", user: 'admin', path: '/api/policy/v1/search', query: { size: 20, search: 'P-2025-04' }, search: searchVisiblePolicies },
  { name: 'policies: own agency, by end date', user: 'agent', path: '/api/policy/v1/search', query: { size: 20 }, search: searchVisiblePolicies },
];

interface Statement {
  sql: string;
  values: unknown[];
}

/**
 * The statements a repository search runs (the count, then the page), recorded as it runs them on the
 * database: the page's shape depends on the count (server/list/list-query.ts).
 */
async function capturedStatements(sql: pg.Client, search: Search, caller: Caller, query: ListRequest): Promise<Statement[]> {
  const statements: Statement[] = [];
  const recorder: Queryable = {
    async query<T>(text: string, values: readonly unknown[] = []) {
      statements.push({ sql: text, values: [...values] });
      return (await sql.query(text, [...values])).rows as T[];
    },
    async exec() {},
  };
  await search(recorder, caller, query);
  return statements;
}

async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/v1/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, password: PASSWORD }) });
  if (!response.ok) throw new Error(`sign-in of ${email} answered ${response.status}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

const elapsed = async (work: () => Promise<unknown>) => {
  const t0 = performance.now();
  await work();
  return performance.now() - t0;
};

async function main() {
  const url = await reachablePostgresUrl();
  if (!url) throw new Error('bench:search needs PostgreSQL: set DATABASE_URL (or run one on 127.0.0.1:5432).');
  const schema = REUSED ?? `bench_search_${process.pid}`;
  const separator = url.includes('?') ? '&' : '?';
  const options = `-c jit=off -c search_path=${schema}`;
  const sql = new pg.Client({ connectionString: url, options });
  await sql.connect();
  if (!REUSED) await sql.query(`CREATE SCHEMA ${schema}`);
  console.log(`bench:search on PostgreSQL, schema ${schema}`);
  const server = await startBenchServer(PORT, { DATABASE_URL: `${url}${separator}options=${encodeURIComponent(options)}` }, 300);
  try {
    const [agency] = (await sql.query<{ account_id: string }>(`SELECT account_id FROM users WHERE email = 'agent@agency.example'`)).rows;
    if (!agency) throw new Error('the demo world has no agent@agency.example');
    if (!REUSED) {
      console.log(`filling the book: ${SIZE.quotes.toLocaleString('en-US')} quotes, ${SIZE.clients.toLocaleString('en-US')} clients, ${SIZE.agencies} agencies`);
      await fillSearchBook(sql, SIZE, agency.account_id, console.log);
    }
    const [counts] = (await sql.query<{ quotes: number; policies: number; accounts: number }>(
      'SELECT (SELECT count(*)::int FROM quotes) AS quotes, (SELECT count(*)::int FROM policies) AS policies, (SELECT count(*)::int FROM accounts) AS accounts',
    )).rows;
    console.log(`book: ${counts!.quotes.toLocaleString('en-US')} quotes, ${counts!.policies.toLocaleString('en-US')} policies, ${counts!.accounts.toLocaleString('en-US')} accounts`);
    const emails = { admin: 'admin@provider.example', agent: 'agent@agency.example' };
    const callers = {
      admin: { accountType: PROVIDER_ACCOUNT_TYPE, accountId: 'provider' } as Caller,
      agent: { accountType: 'AGENCY', accountId: agency.account_id } as Caller,
    };

    console.log(`\n${RUNS} runs per case after ${WARMUP} warm-up runs, API and bare SQL alternating; times in ms`);
    console.log(`${'case'.padEnd(44)} ${'total'.padStart(9)} ${'API p50'.padStart(8)} ${'API p95'.padStart(8)} ${'SQL p50'.padStart(8)} ${'SQL p95'.padStart(8)} ${'p95 ratio'.padStart(9)}`);
    const ratios: number[] = [];
    for (const bench of CASES.filter((candidate) => ONLY.test(candidate.name))) {
      // Signed in afresh for each case: a slow case outlives an access token.
      const token = await signIn(server.base, emails[bench.user]);
      const query: ListRequest = { ...bench.query };
      const statements = await capturedStatements(sql, bench.search, callers[bench.user], query);
      const target = `${server.base}${bench.path}?${new URLSearchParams(Object.entries(bench.query).map(([key, value]) => [key, String(value)]))}`;
      const callApi = async () => {
        const response = await fetch(target, { headers: { authorization: `Bearer ${token}` } });
        if (!response.ok) throw new Error(`${bench.name}: ${target} answered ${response.status}: ${await response.text()}`);
        return (await response.json()) as { totalElements: number };
      };
      const runBare = async () => {
        const [count, ...page] = statements;
        const total = (await sql.query<{ total: number }>(count!.sql, count!.values)).rows[0]!.total;
        for (const statement of page) await sql.query(statement.sql, statement.values);
        return total;
      };
      const apiTotal = (await callApi()).totalElements;
      const sqlTotal = await runBare();
      if (apiTotal !== sqlTotal) {
        console.log(`${bench.name.padEnd(44)} the API found ${apiTotal}, the bare SQL ${sqlTotal}: not the same query, not timed`);
        continue;
      }
      for (let run = 0; run < WARMUP; run += 1) {
        await callApi();
        await runBare();
      }
      const api: number[] = [];
      const bare: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        api.push(await elapsed(callApi));
        bare.push(await elapsed(runBare));
      }
      api.sort((a, b) => a - b);
      bare.sort((a, b) => a - b);
      const ratio = percentile(api, 95) / percentile(bare, 95);
      ratios.push(ratio);
      console.log(
        `${bench.name.padEnd(44)} ${String(apiTotal).padStart(9)} ${percentile(api, 50).toFixed(1).padStart(8)} ${percentile(api, 95).toFixed(1).padStart(8)} ${percentile(bare, 50).toFixed(1).padStart(8)} ${percentile(bare, 95).toFixed(1).padStart(8)} ${ratio.toFixed(2).padStart(8)}x`,
      );
    }
    const worst = Math.max(...ratios);
    console.log(`\nworst p95 ratio ${worst.toFixed(2)}x (aim: within 2x of the bare SQL): ${worst <= 2 ? 'met' : 'NOT met'}`);
  } finally {
    await server.stop();
    if (!KEEP && !REUSED) await sql.query(`DROP SCHEMA ${schema} CASCADE`);
    else console.log(`kept schema ${schema}: npm run bench:search -- --schema ${schema}`);
    await sql.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
