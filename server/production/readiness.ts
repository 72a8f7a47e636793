import type { PasswordHasher } from '../auth/password.ts';
import type { ServerConfig } from '../config.ts';
import { DEMO_PASSWORD } from '../constants.ts';
import type { Queryable } from '../db/database.ts';
import { DEMO_USERS } from '../seed/demo-world.ts';

/**
 * What stops a production start. Checked before the server listens, so a misconfigured instance never
 * serves a request: real mail (resets and MFA codes must reach people, there is no mailbox in
 * production), a public URL for e-mailed links, and no user signing in with the published demo password.
 */
export function configurationFaults(config: ServerConfig): string[] {
  const faults: string[] = [];
  if (!config.smtpUrl) {
    faults.push('SMTP_URL is not set: production sends real mail (password resets, invitations, MFA codes); there is no development mailbox.');
  }
  if (!config.publicUrlConfigured) {
    faults.push('PUBLIC_URL is not set: e-mailed links must point at the address users open, not at localhost.');
  }
  if (!config.publicUrlsConfigured.uk) {
    faults.push('PUBLIC_URL_UK is not set: e-mails to UK users must link to the UK edition\'s address (a host ending in .uk), not at localhost.');
  }
  return faults;
}

/**
 * Users who still sign in with the demo password: those the demo seed marked (the marker goes with any
 * password change), and, for databases seeded before the marker existed, the demo e-mails whose stored
 * hash still matches (a handful of argon2 checks, once per start).
 */
export async function usersWithDemoPassword(db: Queryable, hasher: PasswordHasher): Promise<string[]> {
  const marked = await db.query<{ email: string }>('SELECT email FROM users WHERE has_demo_password ORDER BY email');
  const found = new Set(marked.map((row) => row.email));
  const demoRows = await db.query<{ email: string; password_hash: string | null }>(
    'SELECT email, password_hash FROM users WHERE lower(email) = ANY($1::text[])',
    [DEMO_USERS.map((user) => user.email.toLowerCase())],
  );
  for (const row of demoRows) {
    if (!found.has(row.email) && (await hasher.verify(row.password_hash, DEMO_PASSWORD))) found.add(row.email);
  }
  return [...found].sort();
}

export function demoPasswordFault(emails: readonly string[]): string | null {
  if (emails.length === 0) return null;
  const shown = emails.slice(0, 5).join(', ') + (emails.length > 5 ? `, and ${emails.length - 5} more` : '');
  return `${emails.length} user(s) still sign in with the published demo password (${shown}). `
    + 'A production start refuses to run on a database with demo users: start on an empty database, '
    + 'or change those passwords first.';
}
