import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/database.ts';

/**
 * The users of a development start beyond the demo sign-ins (seeded with the demo records, server/seed/demo-records.ts):
 * the roles of spec 001 at work in the provider, the US agency, the UK brokerage and the demo policyholder, so
 * the users pages show a real organisation: producers in teams, customer service, provider staff with the
 * agencies they cover, one user still invited, and one producer who also works for a client account. They have
 * no password (none of them signs in); the demo sign-ins are the users of server/seed/demo-world.ts.
 */
interface DemoStaff {
  email: string;
  firstName: string;
  lastName: string;
  account: string;
  roleId: string;
  phone?: string;
  teams?: readonly string[];
  agencies?: readonly string[];
  primaryContact?: boolean;
  billingContact?: boolean;
  slackHandle?: string;
  invited?: boolean;
  /** A further account with the role held there. */
  alsoIn?: { account: string; roleId: string };
  daysAgo: number;
}

const SUMMIT = 'Summit Risk Partners';
const THAMES = 'Thames Cyber Brokers';
const PROVIDER = 'Cyber Console';
const HARBOR = 'Harbor Insurance Group';

export const DEMO_STAFF: readonly DemoStaff[] = [
  { email: 'leo.martin@cyberconsole.example', firstName: 'Leo', lastName: 'Martin', account: PROVIDER, roleId: 'provider-corp-admin',
    teams: ['Operations'], slackHandle: '@leo.martin', daysAgo: 400 },
  { email: 'sam.rivera@cyberconsole.example', firstName: 'Sam', lastName: 'Rivera', account: PROVIDER, roleId: 'provider-customer-success',
    phone: '6175550142', teams: ['Operations'], agencies: [SUMMIT, HARBOR], slackHandle: '@sam', daysAgo: 300 },
  { email: 'taylor.brooks@cyberconsole.example', firstName: 'Taylor', lastName: 'Brooks', account: PROVIDER, roleId: 'provider-tsm',
    phone: '3035550177', teams: ['Underwriting'], agencies: [SUMMIT, 'Secure Agency'], slackHandle: '@tbrooks', daysAgo: 210 },
  { email: 'nina.patel@cyberconsole.example', firstName: 'Nina', lastName: 'Patel', account: PROVIDER, roleId: 'provider-technician',
    teams: ['Operations'], slackHandle: '@nina.p', daysAgo: 120 },
  { email: 'grace.kim@cyberconsole.example', firstName: 'Grace', lastName: 'Kim', account: PROVIDER, roleId: 'provider-head-of-claims',
    phone: '6465550110', teams: ['Operations'], daysAgo: 90 },
  { email: 'priya.shah@summitrisk.example', firstName: 'Priya', lastName: 'Shah', account: SUMMIT, roleId: 'agency-principal-producer',
    phone: '3035550123', teams: ['Default Team', 'West Coast'], primaryContact: true, daysAgo: 380 },
  { email: 'marcus.lee@summitrisk.example', firstName: 'Marcus', lastName: 'Lee', account: SUMMIT, roleId: 'agency-producer',
    phone: '3035550145', teams: ['East Coast'], alsoIn: { account: 'Cedar Grove Logistics Inc', roleId: 'customer-risk-manager' }, daysAgo: 150 },
  { email: 'dana.whitfield@summitrisk.example', firstName: 'Dana', lastName: 'Whitfield', account: SUMMIT, roleId: 'agency-customer-service',
    phone: '3035550168', teams: ['Default Team'], billingContact: true, daysAgo: 60 },
  { email: 'jordan.reyes@summitrisk.example', firstName: 'Jordan', lastName: 'Reyes', account: SUMMIT, roleId: 'agency-producer',
    teams: ['West Coast'], invited: true, daysAgo: 2 },
  { email: 'harriet.cole@thamescyber.example', firstName: 'Harriet', lastName: 'Cole', account: THAMES, roleId: 'agency-producer',
    phone: '07700900456', teams: ['City'], daysAgo: 200 },
  { email: 'oliver.grant@thamescyber.example', firstName: 'Oliver', lastName: 'Grant', account: THAMES, roleId: 'agency-customer-service',
    phone: '02079460321', teams: ['Default Team'], billingContact: true, daysAgo: 45 },
  { email: 'rachel.ortiz@acmeprecision.example', firstName: 'Rachel', lastName: 'Ortiz', account: 'Acme Precision Manufacturing',
    roleId: 'customer-risk-manager', phone: '4145550190', teams: ['Default Team'], primaryContact: true, daysAgo: 30 },
];

const DAY_MS = 86_400_000;

async function accountIdOf(tx: Queryable, name: string): Promise<string> {
  const [row] = await tx.query<{ id: string }>('SELECT id FROM accounts WHERE name = $1 ORDER BY created_at LIMIT 1', [name]);
  if (!row) throw new Error(`Demo user names unknown account '${name}'`);
  return row.id;
}

/** Writes the demo staff once (an address already there is left as it is). */
export async function seedDemoUsers(tx: Queryable, clock: Clock): Promise<void> {
  const now = clock.now().getTime();
  for (const staff of DEMO_STAFF) {
    const accountId = await accountIdOf(tx, staff.account);
    const created = new Date(now - staff.daysAgo * DAY_MS);
    const [user] = await tx.query<{ id: string }>(
      `INSERT INTO users (account_id, email, first_name, last_name, phone, role_id, status, primary_contact, billing_contact, slack_handle, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (lower(email)) DO NOTHING RETURNING id`,
      [accountId, staff.email, staff.firstName, staff.lastName, staff.phone ?? null, staff.roleId, staff.invited ? 'PENDING_VALIDATION' : 'ACTIVE',
        staff.primaryContact === true, staff.billingContact === true, staff.slackHandle ?? null, created],
    );
    if (!user) continue;
    await tx.query(
      'INSERT INTO team_members (team_id, user_id) SELECT id, $2 FROM teams WHERE account_id = $1 AND name = ANY($3::text[]) ON CONFLICT DO NOTHING',
      [accountId, user.id, [...(staff.teams ?? [])]],
    );
    for (const agency of staff.agencies ?? []) {
      await tx.query('INSERT INTO user_agencies (user_id, agency_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [user.id, await accountIdOf(tx, agency)]);
    }
    if (staff.alsoIn) {
      await tx.query(
        'INSERT INTO user_accounts (user_id, account_id, role_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [user.id, await accountIdOf(tx, staff.alsoIn.account), staff.alsoIn.roleId],
      );
    }
  }
}
