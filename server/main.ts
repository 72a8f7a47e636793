/**
 * `npm start`: serves the built client (dist/client) and the API on one port (8080 unless PORT is set).
 * Uses PostgreSQL when DATABASE_URL is set, else the embedded database in data/pglite (created and
 * migrated on first run). It says which mode it runs in: development (the default: demo world, development
 * mailbox, loopback) or production (NODE_ENV=production: refuses to start without real mail, a public URL,
 * or while any user has the demo password).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { buildApp } from './app.ts';
import { readConfig, type ServerConfig } from './config.ts';
import { DEMO_PASSWORD } from './constants.ts';
import { openConfiguredDatabase } from './db/open.ts';
import { createFirstProviderAdmin, hasProviderAdmin } from './production/first-admin.ts';
import { configurationFaults, demoPasswordFault, usersWithDemoPassword } from './production/readiness.ts';
import { DEMO_USERS, DEMO_WORKFLOWS } from './seed/demo-world.ts';
import { DEMO_SENT_QUOTE } from './seed/demo-sent-quote.ts';
import { scheduleInvoiceReminders, scheduleRenewalReminders, scheduleSandboxSettlement } from './lifecycle/index.ts';
import { scheduleWebhookDeliveries } from './resources/webhooks/delivery-timer.ts';
import { closeOnSignals } from './shutdown.ts';
import type { FastifyInstance } from 'fastify';

// CLIENT_DIR (also read by vite.config.ts) lets two builds live side by side, e.g. two end-to-end runs at once.
const CLIENT_DIR = path.join(process.env.CLIENT_DIR || fileURLToPath(new URL('../dist/client/', import.meta.url)), path.sep);

class RefusedStart extends Error {}

function refuse(faults: string[]): never {
  throw new RefusedStart(['Production start refused:', ...faults.map((fault) => `  - ${fault}`)].join('\n'));
}

/** BOOTSTRAP_ADMIN_EMAIL (with _FIRST_NAME, _LAST_NAME): the first provider admin of an empty production database. */
async function bootstrapFromEnvironment(app: FastifyInstance): Promise<string> {
  const email = process.env.BOOTSTRAP_ADMIN_EMAIL;
  if (email && !(await hasProviderAdmin(app.services.db))) {
    await createFirstProviderAdmin(app.services, {
      email,
      firstName: process.env.BOOTSTRAP_ADMIN_FIRST_NAME ?? 'Provider',
      lastName: process.env.BOOTSTRAP_ADMIN_LAST_NAME ?? 'Admin',
      organisation: process.env.BOOTSTRAP_ORGANISATION ?? 'Cyber Console',
    });
    return `First admin: ${email} was e-mailed a link to set the password.`;
  }
  if (await hasProviderAdmin(app.services.db)) return 'Provider admin: present.';
  return 'No provider admin yet: run `npm run admin:create -- --email <e-mail> --first-name <name> --last-name <name>` '
    + '(or start with BOOTSTRAP_ADMIN_EMAIL set).';
}

function banner(config: ServerConfig, app: FastifyInstance, clientDir: string | undefined, extra: string): string {
  const local = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite at ${config.dataDir}`;
  const common = [
    '',
    `Cyber console listening on http://${local}:${config.port} (bound to ${config.host})`,
    `Database: ${where}${app.prepared?.seed.seeded ? ' (demo world seeded)' : ''}`,
    clientDir ? `Client: ${clientDir}` : 'Client: not built (run `vite build`); serving the API only',
  ];
  if (config.production) {
    return [
      ...common,
      'Mode: PRODUCTION (no demo users, no development mailbox; mail through SMTP_URL)',
      `Links in e-mails point at ${config.publicUrls.us} (US) and ${config.publicUrls.uk} (UK)`,
      extra,
      '',
    ].join('\n');
  }
  return [
    ...common,
    'Mode: DEVELOPMENT (demo world with a published password; not for real data; NODE_ENV=production for a real deployment)',
    config.smtpUrl ? 'Mail: SMTP (SMTP_URL)' : `Mail: development mailbox (GET /api/dev/outbox, provider Super Admin sign-in required)`,
    '',
    `Demo sign-ins (password ${DEMO_PASSWORD}):`,
    ...DEMO_USERS.map((user) => `  ${user.email.padEnd(32)} ${user.description}`),
    '',
    'One-time-code access pages:',
    ...DEMO_WORKFLOWS.map((flow) => `  http://${local}:${config.port}/validate/${flow.id}  ${flow.description}`),
    `  http://${local}:${config.port}/validate/${DEMO_SENT_QUOTE.workflowId}  ${DEMO_SENT_QUOTE.description}`,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const config = readConfig();
  if (config.production) {
    const faults = configurationFaults(config);
    if (faults.length > 0) refuse(faults);
  }
  const db = await openConfiguredDatabase(config);
  const clientDir = existsSync(`${CLIENT_DIR}index.html`) ? CLIENT_DIR : undefined;
  const app = await buildApp({ db, config, clientDir, demoRecords: true, logger: { level: process.env.LOG_LEVEL ?? 'warn' } });
  // Background work of a running server (tests build the app without it and call the sweeps themselves).
  scheduleInvoiceReminders(app);
  scheduleRenewalReminders(app);
  scheduleWebhookDeliveries(app);
  scheduleSandboxSettlement(app);

  let extra = '';
  if (config.production) {
    const fault = demoPasswordFault(await usersWithDemoPassword(db, app.services.hasher));
    if (fault) {
      await app.close();
      await db.close();
      refuse([fault]);
    }
    extra = await bootstrapFromEnvironment(app);
  }

  // From here on SIGTERM and SIGINT drain the requests in flight, stop the timers and close the database before
  // exiting (server/shutdown.ts). Before this a signal ends the start at once: the migrations and the seed run in
  // one transaction, which the database rolls back.
  closeOnSignals(app, db);

  await app.listen({ port: config.port, host: config.host });
  console.log(banner(config, app, clientDir, extra));
}

main().catch((error: unknown) => {
  if (error instanceof RefusedStart) console.error(error.message);
  else console.error('The server could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
