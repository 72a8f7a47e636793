/**
 * `npm run test:durability` (issue 9 section 4): a write loop against the real server (`server/main.ts`), killed with
 * SIGKILL mid-run several times and started again on the same database; afterwards every write the server
 * acknowledged must be found through the API and nothing may be half-written.
 *
 * The write is creating a tag (POST /api/account/v1/tags): one transaction inserts the tag and its audit entry, so a
 * tag without its 'tag.create' entry, or an entry without its tag, is a half-written write. Each name is used once,
 * so a write whose answer was lost (in doubt) is checked by its name.
 *
 * First on PostgreSQL (DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test, in a schema of its own, dropped
 * afterwards): exits 1 on any loss or half-written write. Then on PGlite (a temporary DATA_DIR): reports whether the
 * folder opens again after each kill and what was lost, without failing the command on it.
 * DURABILITY_PORT (default 4393), DURABILITY_KILLS (5), DURABILITY_CLIENTS (6).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { DEMO_PASSWORD } from '../../server/constants.ts';
import { CLUSTER_RUNNING, CLUSTER_SHUT_DOWN, clusterState } from '../support/pglite-cluster.ts';
import { reachablePostgresUrl } from '../support/postgres-url.ts';

/** One signed-in caller drives the whole load: the per-caller limit (server/http/rate-limit.ts) would measure itself. */
const UNLIMITED = String(1_000_000_000);

const PORT = Number(process.env.DURABILITY_PORT ?? 4393);
const BASE = `http://127.0.0.1:${PORT}`;
const KILLS = Number(process.env.DURABILITY_KILLS ?? 5);
const CLIENTS = Number(process.env.DURABILITY_CLIENTS ?? 6);
/** Demo users who may create tags, each in an organisation of its own (tag names are unique per organisation). */
const USERS = ['agent@agency.example', 'agent@otheragency.example', 'broker@brokerage.example'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

interface Server {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
}

/** Starts the server and resolves when it answers; rejects if it exits first (e.g. its database does not open). */
async function startServer(env: Record<string, string>): Promise<Server> {
  let output = '';
  // node with tsx's loader, not `npx tsx`: one process, so SIGKILL kills the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'error', RATE_LIMIT_PER_MINUTE: UNLIMITED, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => { output = (output + chunk.toString()).slice(-4000); };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within 180 s:\n${output}`);
    }
    if (await fetch(`${BASE}/api/console-version`).then((response) => response.ok, () => false)) break;
    await sleep(100);
  }
  return { child, exited, output: () => output };
}

async function signIn(user: string): Promise<string> {
  const response = await fetch(`${BASE}/api/auth/v1/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: user, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${user} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

interface Acknowledged { client: number; name: string; id: string }

/** The figures of one run. */
interface Figures {
  acknowledged: Acknowledged[];
  /** Names sent without an answer (the connection died) or with a 5xx: stored or not, both are correct. */
  inDoubt: string[];
  /** Names not sent: the connection was refused while the server was down. */
  notSent: string[];
  /** 4xx answers: the loop's own requests are valid, so any is a fault of the run. */
  refused: string[];
  inFlightAtKill: number[];
  restartSeconds: string[];
  /** What each kill left on disk, when the run can tell (PGlite's folder). */
  leftByKill: string[];
  openedAgain: boolean;
  loopSeconds: string;
}

/**
 * Runs CLIENTS write loops while killing the server KILLS times with SIGKILL, each time starting it again on the same
 * database; returns the last server, still running, and what the clients saw.
 */
async function writeLoop(
  first: Server, env: Record<string, string>, prefix: string, afterKill?: () => string,
): Promise<{ server: Server | null; figures: Figures }> {
  const tokens = await Promise.all(USERS.map(signIn));
  const figures: Figures = {
    acknowledged: [], inDoubt: [], notSent: [], refused: [], inFlightAtKill: [], restartSeconds: [], leftByKill: [], openedAgain: true, loopSeconds: '',
  };
  let stop = false;
  let inFlight = 0;
  const client = async (index: number) => {
    const token = tokens[index % USERS.length]!;
    for (let n = 0; !stop; n += 1) {
      const name = `${prefix}-${index}-${n}`;
      inFlight += 1;
      try {
        const response = await fetch(`${BASE}/api/account/v1/tags`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ name }),
          signal: AbortSignal.timeout(20_000),
        });
        const text = await response.text();
        if (response.status === 201) figures.acknowledged.push({ client: index, name, id: (JSON.parse(text) as { id: string }).id });
        else if (response.status >= 500) figures.inDoubt.push(name);
        else figures.refused.push(`${name}: ${response.status} ${text.slice(0, 200)}`);
      } catch (error) {
        // Refused while the server is down (not sent), or no answer because it died under the request. Try again shortly.
        const code = (error as { cause?: { code?: string } }).cause?.code;
        (code === 'ECONNREFUSED' ? figures.notSent : figures.inDoubt).push(name);
        await sleep(50);
      } finally {
        inFlight -= 1;
      }
    }
  };

  const started = performance.now();
  const clients = Array.from({ length: CLIENTS }, (_, index) => client(index));
  let server: Server | null = first;
  for (let kill = 0; kill < KILLS && server; kill += 1) {
    // A second or two of writing, then the kill lands while writes are in flight.
    await sleep(1000 + Math.random() * 1500);
    figures.inFlightAtKill.push(inFlight);
    server.child.kill('SIGKILL');
    await server.exited;
    if (afterKill) figures.leftByKill.push(afterKill());
    const restarted = performance.now();
    try {
      server = await startServer(env);
      figures.restartSeconds.push(seconds(restarted));
    } catch (error) {
      console.log(`  the server did not start again after kill ${kill + 1}: ${error instanceof Error ? error.message : error}`);
      figures.openedAgain = false;
      server = null;
    }
  }
  if (server) await sleep(1500);
  stop = true;
  await Promise.all(clients);
  figures.loopSeconds = seconds(started);
  return { server, figures };
}

/** Acknowledged writes the API no longer finds (each read with its own client's token, as that organisation's). */
async function lostThroughApi(acknowledged: Acknowledged[]): Promise<Acknowledged[]> {
  const tokens = await Promise.all(USERS.map(signIn));
  const lost: Acknowledged[] = [];
  const queue = [...acknowledged];
  await Promise.all(Array.from({ length: 8 }, async () => {
    for (let write = queue.pop(); write; write = queue.pop()) {
      const response = await fetch(`${BASE}/api/account/v1/tags/${write.id}`, { headers: { authorization: `Bearer ${tokens[write.client % USERS.length]}` } });
      const tag = response.ok ? ((await response.json()) as { name: string }) : null;
      if (tag?.name !== write.name) lost.push(write);
    }
  }));
  return lost;
}

/** The rows of this run: tags and their audit entries, each without the other, and every stored name. */
const HALF_WRITTEN_SQL = {
  tagsWithoutAudit: `SELECT count(*)::int AS n FROM tags t WHERE t.name LIKE $1
    AND NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.action = 'tag.create' AND a.target = t.id::text)`,
  auditWithoutTag: `SELECT count(*)::int AS n FROM audit_log a WHERE a.action = 'tag.create' AND a.detail->>'name' LIKE $1
    AND NOT EXISTS (SELECT 1 FROM tags t WHERE t.id::text = a.target)`,
  storedNames: 'SELECT name FROM tags WHERE name LIKE $1',
};

interface Stored { tagsWithoutAudit: number; auditWithoutTag: number; names: Set<string> }

async function storedRows(query: (sql: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>, prefix: string): Promise<Stored> {
  const like = `${prefix}-%`;
  const count = async (sql: string) => Number((await query(sql, [like]))[0]?.n ?? 0);
  return {
    tagsWithoutAudit: await count(HALF_WRITTEN_SQL.tagsWithoutAudit),
    auditWithoutTag: await count(HALF_WRITTEN_SQL.auditWithoutTag),
    names: new Set((await query(HALF_WRITTEN_SQL.storedNames, [like])).map((row) => String(row.name))),
  };
}

/** Prints one run's figures; returns the faults: lost, half-written, stored from nowhere, refused. */
function report(label: string, figures: Figures, lost: Acknowledged[], stored: Stored, total: number, graceful: number | null | 'not running'): number {
  const halfWritten = stored.tagsWithoutAudit + stored.auditWithoutTag;
  const acknowledgedNames = new Set(figures.acknowledged.map((write) => write.name));
  const doubted = new Set(figures.inDoubt);
  const doubtStored = [...doubted].filter((name) => stored.names.has(name)).length;
  // A stored name the loop never sent, or sent and saw refused, would be a write from nowhere.
  const unexpected = [...stored.names].filter((name) => !acknowledgedNames.has(name) && !doubted.has(name)).length;
  console.log(`\n${label}: ${CLIENTS} clients writing tags, ${KILLS} kills`);
  console.log(`  writes acknowledged (201)   ${figures.acknowledged.length}`);
  console.log(`  kills (SIGKILL)             ${figures.inFlightAtKill.length}, writes in flight at each: ${figures.inFlightAtKill.join(' ')}`);
  console.log(`  restarts on the same data   ${figures.restartSeconds.length} of ${figures.inFlightAtKill.length} opened the database again (ready in ${figures.restartSeconds.join(' ')} s)`);
  console.log(`  lost (acknowledged, absent) ${lost.length}${lost.length ? `: ${lost.slice(0, 5).map((write) => write.name).join(', ')}` : ''}`);
  console.log(`  half-written                ${halfWritten} (tags without their audit entry ${stored.tagsWithoutAudit}, audit entries without their tag ${stored.auditWithoutTag})`);
  console.log(`  in doubt (no answer or 5xx) ${figures.inDoubt.length}, of which stored ${doubtStored} (committed, answer lost with the process)`);
  console.log(`  not sent (server down)      ${figures.notSent.length} connections refused`);
  console.log(`  stored from nowhere         ${unexpected} (stored, yet neither acknowledged nor in doubt)`);
  console.log(`  refused (4xx)               ${figures.refused.length}${figures.refused.length ? `: ${figures.refused.slice(0, 3).join('; ')}` : ''}`);
  console.log(`  graceful stop (SIGTERM)     ${graceful === 'not running' ? 'not running' : `exit ${graceful}`}`);
  console.log(`  time                        ${total.toFixed(1)} s (write loop ${figures.loopSeconds} s)`);
  return lost.length + halfWritten + unexpected + figures.refused.length;
}

async function stopGracefully(server: Server | null): Promise<number | null | 'not running'> {
  if (!server) return 'not running';
  server.child.kill('SIGTERM');
  return server.exited;
}

async function runPostgres(url: string): Promise<number> {
  const started = performance.now();
  const schema = `durability_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const separator = url.includes('?') ? '&' : '?';
  const env = { DATABASE_URL: `${url}${separator}options=-c%20search_path%3D${schema}` };
  const prefix = `d${Date.now().toString(36)}`;
  let server: Server | null = null;
  try {
    const setup = performance.now();
    server = await startServer(env);
    console.log(`PostgreSQL: schema ${schema} migrated and seeded in ${seconds(setup)} s`);
    const run = await writeLoop(server, env, prefix);
    server = run.server;
    const lost = server ? await lostThroughApi(run.figures.acknowledged) : run.figures.acknowledged;
    const graceful = await stopGracefully(server);
    server = null;
    await admin.query(`SET search_path TO ${schema}`);
    const stored = await storedRows(async (sql, params) => (await admin.query(sql, params)).rows as Array<Record<string, unknown>>, prefix);
    const faults = report(`PostgreSQL (${url.replace(/:[^:@/]*@/, ':***@')})`, run.figures, lost, stored, (performance.now() - started) / 1000, graceful);
    return faults + (run.figures.openedAgain ? 0 : 1) + (graceful === 0 ? 0 : 1) + (run.figures.acknowledged.length > 0 ? 0 : 1);
  } finally {
    if (server) server.child.kill('SIGKILL');
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

/** What a PGlite folder's cluster state says, for the report. */
function clusterStateText(dataDir: string): string {
  const state = clusterState(dataDir);
  return state === CLUSTER_SHUT_DOWN ? 'shut down cleanly' : state === CLUSTER_RUNNING ? 'left running (crash recovery at the next open)' : `state ${state}`;
}

async function runPglite(): Promise<void> {
  const started = performance.now();
  const root = mkdtempSync(join(tmpdir(), 'durability-'));
  const dataDir = join(root, 'pglite');
  const env = { DATABASE_URL: '', DATA_DIR: dataDir };
  const prefix = `d${Date.now().toString(36)}`;
  let server: Server | null = null;
  try {
    const setup = performance.now();
    server = await startServer(env);
    console.log(`\nPGlite: ${dataDir} migrated and seeded in ${seconds(setup)} s`);
    const run = await writeLoop(server, env, prefix, () => clusterStateText(dataDir));
    server = run.server;
    const lost = server ? await lostThroughApi(run.figures.acknowledged) : run.figures.acknowledged;
    const graceful = await stopGracefully(server);
    server = null;
    const afterStop = clusterStateText(dataDir);
    // Opened here too, as anyone would after a crash: a folder that does not open loses every write.
    let stored: Stored = { tagsWithoutAudit: 0, auditWithoutTag: 0, names: new Set() };
    let opens = 'yes';
    try {
      const db = await PGlite.create(dataDir);
      try {
        stored = await storedRows(async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows, prefix);
      } finally {
        await db.close();
      }
    } catch (error) {
      opens = `NO (${error instanceof Error ? error.message : error})`;
    }
    const faults = report(`PGlite (${dataDir})`, run.figures, lost, stored, (performance.now() - started) / 1000, graceful);
    const leftRunning = run.figures.leftByKill.filter((state) => state.startsWith('left running')).length;
    console.log(`  folder after each kill      left running (not shut down) ${leftRunning} of ${run.figures.leftByKill.length}${run.figures.openedAgain ? '; each start recovered it' : ''}`);
    console.log(`  folder after the last stop  ${afterStop}; opens again: ${opens}`);
    console.log(`  PGlite result: ${run.figures.openedAgain && opens === 'yes' && faults === 0
      ? `the folder opened again after each of the ${run.figures.inFlightAtKill.length} kills; nothing acknowledged was lost, nothing half-written`
      : 'LOSS OR DAMAGE (reported, not failed: PGlite is the single-process development default)'}`);
  } finally {
    if (server) server.child.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  }
}


async function main() {
  const url = await reachablePostgresUrl();
  if (!url) {
    console.error('PostgreSQL is not reachable (set DATABASE_URL): the durability test needs it.');
    process.exit(1);
  }
  const faults = await runPostgres(url);
  await runPglite();
  console.log(faults === 0 ? '\ndurability: PostgreSQL lost nothing and half-wrote nothing' : `\ndurability: FAILED on PostgreSQL (${faults} faults above)`);
  process.exit(faults === 0 ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
