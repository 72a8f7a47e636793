import { newApiKeyId, newApiKeySecret } from '../auth/api-key-auth.ts';
import { randomAlphanumeric } from '../auth/random-text.ts';
import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/database.ts';
import { sealSecret, webhookSecretKey } from '../resources/webhooks/secret-box.ts';

/**
 * Integrations of the demo agencies (a development start only, with the other demo records): a webhook
 * and an API key each, and a month of that key's activity, so the webhooks, API keys and API activity pages
 * show something real. The demo keys' secrets are thrown away (only their hash is stored); regenerate a key
 * to get one that works.
 */

interface DemoIntegration {
  agency: string;
  maker: string;
  webhook: { companyName: string; webhookUrl: string };
  key: { name: string; description: string };
  /** Requests a day on average over the last 30 days. */
  requestsPerDay: number;
}

export const DEMO_INTEGRATIONS: readonly DemoIntegration[] = [
  {
    agency: 'Summit Risk Partners', maker: 'agent@agency.example',
    webhook: { companyName: 'Summit Risk Partners', webhookUrl: 'https://a.srp.io' },
    key: { name: 'Agency management system', description: 'Nightly sync of client accounts and claims' },
    requestsPerDay: 14,
  },
  {
    agency: 'Thames Cyber Brokers', maker: 'broker@brokerage.example',
    webhook: { companyName: 'Thames Cyber Brokers', webhookUrl: 'https://h.tcb.uk' },
    key: { name: 'Broker portal', description: 'Claims status for the client portal' },
    requestsPerDay: 6,
  },
];

/** What the demo keys call, with how often, how it usually answers and how long it takes. */
const ROUTES = [
  { method: 'GET', path: '/api/claims/v1/search', operationId: 'searchClaims', weight: 6, ms: 42 },
  { method: 'GET', path: '/api/claims/v1/{claimId}', operationId: 'getClaim', weight: 4, ms: 18 },
  { method: 'GET', path: '/api/auth/v1/teams/all', operationId: 'listAllTeams', weight: 2, ms: 15 },
  { method: 'PUT', path: '/api/claims/v1/{claimId}', operationId: 'updateClaim', weight: 1, ms: 64 },
] as const;

const DAY_MS = 86_400_000;
const DAYS = 30;

/** A small deterministic generator, so every development start draws the same month. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

export async function seedDemoIntegrations(tx: Queryable, clock: Clock): Promise<void> {
  const now = clock.now();
  const key = await webhookSecretKey(tx, clock);
  for (const [index, demo] of DEMO_INTEGRATIONS.entries()) {
    const [maker] = await tx.query<{ id: string; account_id: string }>(
      'SELECT u.id, u.account_id FROM users u JOIN accounts a ON a.id = u.account_id WHERE u.email = $1 AND a.name = $2',
      [demo.maker, demo.agency],
    );
    if (!maker) throw new Error(`Demo integration names unknown user '${demo.maker}' of '${demo.agency}'`);
    const created = new Date(now.getTime() - (DAYS + 5) * DAY_MS);
    await tx.query(
      `INSERT INTO webhooks (account_id, company_name, client_id, client_secret_sealed, webhook_url, created_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
      [maker.account_id, demo.webhook.companyName, randomAlphanumeric(32), sealSecret(key, randomAlphanumeric(32)), demo.webhook.webhookUrl, maker.id, created],
    );
    const keyId = newApiKeyId();
    const [apiKey] = await tx.query<{ id: string }>(
      `INSERT INTO api_keys (key_id, account_id, name, description, secret_hash, created_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id`,
      [keyId, maker.account_id, demo.key.name, demo.key.description, newApiKeySecret().hash, maker.id, created],
    );
    const last = await seedActivity(tx, { accountId: maker.account_id, apiKeyId: apiKey!.id, keyId, keyName: demo.key.name }, now, demo.requestsPerDay, generator(index + 7));
    if (last) await tx.query('UPDATE api_keys SET last_used_at = $2 WHERE id = $1', [apiKey!.id, last]);
  }
}

/** A month of requests: more on weekdays and in office hours, mostly answered 200, some 404s, refusals and a rare 500. */
async function seedActivity(
  tx: Queryable, key: { accountId: string; apiKeyId: string; keyId: string; keyName: string }, now: Date, perDay: number, random: () => number,
): Promise<Date | null> {
  const totalWeight = ROUTES.reduce((sum, route) => sum + route.weight, 0);
  const rows: unknown[][] = [];
  for (let day = DAYS - 1; day >= 0; day -= 1) {
    const date = new Date(now.getTime() - day * DAY_MS);
    const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6;
    const count = Math.round(perDay * (weekend ? 0.3 : 1) * (0.6 + random() * 0.8));
    for (let i = 0; i < count; i += 1) {
      const at = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), 8 + Math.floor(random() * 10), Math.floor(random() * 60), Math.floor(random() * 60)));
      if (at > now) continue;
      let pick = random() * totalWeight;
      const route = ROUTES.find((candidate) => (pick -= candidate.weight) < 0) ?? ROUTES[0];
      const roll = random();
      const status = roll < 0.86 ? 200 : roll < 0.93 ? 404 : roll < 0.97 ? 400 : roll < 0.995 ? 401 : 500;
      const duration = Math.round(route.ms * (0.5 + random() * 1.5) * 10) / 10;
      rows.push([at, key.accountId, key.apiKeyId, key.keyId, key.keyName, route.method, route.path, route.operationId, status, duration]);
    }
  }
  for (const row of rows) {
    await tx.query(
      `INSERT INTO api_activity (at, account_id, api_key_id, api_client_id, key_name, method, path, operation_id, status, duration_ms)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      row,
    );
  }
  const times = rows.map((row) => row[0] as Date);
  return times.length ? new Date(Math.max(...times.map((time) => time.getTime()))) : null;
}
