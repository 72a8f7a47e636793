/**
 * `npm start`: serves the built client (dist/client) and the API on one port (8080 unless PORT is set).
 * Uses PostgreSQL when DATABASE_URL is set, else the embedded database in data/pglite (created and
 * migrated on first run), and prints the address and the demo sign-ins.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { DEMO_PASSWORD } from './constants.ts';
import type { Database } from './db/database.ts';
import { openPglite } from './db/pglite.ts';
import { openPostgres } from './db/postgres.ts';
import { DEMO_USERS, DEMO_WORKFLOWS } from './seed/demo-world.ts';

const CLIENT_DIR = fileURLToPath(new URL('../dist/client/', import.meta.url));

async function main(): Promise<void> {
  const config = readConfig();
  const db: Database = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
  const clientDir = existsSync(`${CLIENT_DIR}index.html`) ? CLIENT_DIR : undefined;
  const app = await buildApp({ db, config, clientDir, logger: { level: process.env.LOG_LEVEL ?? 'warn' } });

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });

  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite at ${config.dataDir}`;
  const lines = [
    '',
    `Cyber console listening on http://localhost:${config.port}`,
    `Database: ${where}${app.prepared?.seed.seeded ? ' (demo world seeded)' : ''}`,
    clientDir ? `Client: ${clientDir}` : 'Client: not built (run `vite build`); serving the API only',
    config.smtpUrl ? 'Mail: SMTP (SMTP_URL)' : config.production ? 'Mail: outbox table' : `Mail: outbox at http://localhost:${config.port}/api/dev/outbox`,
    '',
    `Demo sign-ins (password ${DEMO_PASSWORD}):`,
    ...DEMO_USERS.map((user) => `  ${user.email.padEnd(32)} ${user.description}`),
    '',
    'One-time-code access pages:',
    ...DEMO_WORKFLOWS.map((flow) => `  http://localhost:${config.port}/validate/${flow.id}  ${flow.description}`),
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
