import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/database.ts';
import { connectorTypeOf, postureSourceOf } from '../resources/connectors/catalogue.ts';
import { sealCredentials, vaultKey, type Credentials } from '../resources/connectors/credential-vault.ts';
import { PRIVACY_ADDENDUM_VERSION } from '../resources/connectors/handlers.ts';
import { readConnectorConfig } from '../resources/connectors/provider-config.ts';
import { subjectIdOf } from '../resources/connectors/stand-in-posture.ts';

/**
 * Connected security tools of the demo agencies' clients, for a development start (called from demo-records.ts;
 * the demo policyholder has none, so their first connection starts with the privacy addendum): the
 * privacy addendum accepted, and connections whose credentials the local stand-in provider accepts (for the
 * OAuth ones, tokens it has issued, as after a sign-in). No score is written here: the first look at a tool
 * reads its provider over HTTP, as for any connection.
 */

interface DemoConnection {
  client: string;
  by: string;
  connectorType: string;
  /** The directory signed in to (OAuth), or the credentials given. */
  directory?: string;
  credentials?: Exclude<Credentials, { kind: 'oauth' }>;
  daysAgo: number;
}

const DEMO_CONNECTIONS: readonly DemoConnection[] = [
  { client: 'Brightline Dental Group', by: 'agent@agency.example', connectorType: 'GOOGLE', directory: 'brightlinedental.com', daysAgo: 40 },
  { client: 'Brightline Dental Group', by: 'agent@agency.example', connectorType: 'CLOUDFLARE', credentials: { kind: 'token', token: 'demo-cloudflare-brightline-5c1e' }, daysAgo: 21 },
  { client: 'Cedar Grove Logistics Inc', by: 'agent@agency.example', connectorType: 'MICROSOFT', directory: 'cedargrovelogistics.onmicrosoft.com', daysAgo: 63 },
  { client: 'Cedar Grove Logistics Inc', by: 'agent@agency.example', connectorType: 'QUALYSVM', credentials: { kind: 'userPassword', username: 'cedargrove_api_ro', password: 'demo-qualys-password' }, daysAgo: 30 },
  { client: 'Lakeside Credit Union', by: 'agent@agency.example', connectorType: 'WIZER', credentials: { kind: 'apiKey', apiKey: 'demo-wizer-lakeside-77a0' }, daysAgo: 12 },
  { client: 'Thameside Freight Ltd', by: 'broker@brokerage.example', connectorType: 'MICROSOFT', directory: 'thamesidefreight.onmicrosoft.com', daysAgo: 35 },
  { client: 'Thameside Freight Ltd', by: 'broker@brokerage.example', connectorType: 'SOPHOS', credentials: { kind: 'token', token: 'demo-sophos-thameside-90b4' }, daysAgo: 18 },
];

const DAY_MS = 86_400_000;
const hashOf = (value: string) => createHash('sha256').update(value).digest('hex');

export async function seedDemoConnectors(tx: Queryable, clock: Clock): Promise<void> {
  const config = readConnectorConfig(false);
  const key = await vaultKey(tx, clock);
  const now = clock.now();
  const agreed = new Set<string>();
  for (const demo of DEMO_CONNECTIONS) {
    const entry = connectorTypeOf(demo.connectorType)!;
    const [row] = await tx.query<{ account_id: string; user_id: string }>(
      `SELECT a.id AS account_id, u.id AS user_id FROM accounts a, users u WHERE a.name = $1 AND u.email = $2`,
      [demo.client, demo.by],
    );
    if (!row) throw new Error(`Demo connection names an unknown client or user: ${demo.client}, ${demo.by}`);
    const created = new Date(now.getTime() - demo.daysAgo * DAY_MS);
    if (!agreed.has(row.account_id)) {
      agreed.add(row.account_id);
      await tx.query('INSERT INTO connector_privacy_agreements (account_id, user_id, addendum_version, agreed_at) VALUES ($1, $2, $3, $4)', [row.account_id, row.user_id, PRIVACY_ADDENDUM_VERSION, created]);
    }
    let credentials: Credentials;
    let subject: { id: string; name: string };
    if (entry.connect === 'oauth') {
      const source = postureSourceOf(entry) as 'microsoft' | 'google' | 'aws';
      subject = { id: subjectIdOf(source, demo.directory!), name: demo.directory! };
      const issue = async (kind: 'access' | 'refresh') => {
        const token = randomBytes(32).toString('base64url');
        await tx.query(
          `INSERT INTO connector_stand_in_tokens (token_hash, kind, provider, client_id, subject_id, subject_name, scope, created_at, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [hashOf(token), kind, source, config.oauth[source].clientId, subject.id, subject.name, config.oauth[source].scopes.join(' '), now,
            kind === 'access' ? new Date(now.getTime() + 3600_000) : null],
        );
        return token;
      };
      credentials = {
        kind: 'oauth', accessToken: await issue('access'), refreshToken: await issue('refresh'),
        expiresAt: new Date(now.getTime() + 3600_000).toISOString(), scope: config.oauth[source].scopes.join(' '),
      };
    } else {
      credentials = demo.credentials!;
      subject = credentials.kind === 'userPassword'
        ? { id: subjectIdOf('tools', `user:${credentials.username}`), name: credentials.username }
        : (() => {
          const token = credentials.kind === 'token' ? credentials.token : credentials.apiKey;
          return { id: subjectIdOf('tools', `token:${token}`), name: `API token ending ${token.slice(-4)}` };
        })();
    }
    const metadata = entry.type === 'MICROSOFT' ? { azureTenantId: subject.id } : entry.type === 'GOOGLE' ? { googleDomain: subject.name } : {};
    await tx.query(
      `INSERT INTO connector_connections (account_id, connector_type, provider, auth_kind, status, external_id, external_name, metadata,
         credentials_sealed, created_at, created_by)
       VALUES ($1, $2, $3, $4, 'SUCCESS', $5, $6, $7, $8, $9, $10)`,
      [row.account_id, entry.type, entry.provider, entry.connect, subject.id, subject.name, JSON.stringify(metadata), sealCredentials(key, credentials), created, row.user_id],
    );
  }
}
