import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/database.ts';
import { insertBusinessAccount } from '../resources/accounts/create-account.ts';
import { localScanner } from '../resources/accounts/providers.ts';
import { insertSubmission } from '../resources/submissions/repository.ts';

/**
 * The business accounts of a development start (seeded with the demo records, server/seed/demo-records.ts):
 * the demo clients get their addresses, domains, teams, agents and contacts, a few more clients come from the
 * company directory through the same createBusinessAccount the dialog uses, the demo policyholder has two
 * interested agencies, and there are submissions in several states and one local scan.
 */

interface ClientDetails {
  name: string;
  cbid: string | null;
  address1: string;
  address3?: string;
  city: string;
  state: string | null;
  zipCode: string;
  phone: string;
  domainName: string | null;
  industryCode: string;
  team: string;
  agent: string;
  contact: { firstName: string; lastName: string; email: string; phone: string };
}

const US_AGENT = 'agent@agency.example';
const UK_AGENT = 'broker@brokerage.example';

/** Details of the clients DEMO_CLIENTS creates (and the demo policyholder), matching their claims' addresses. */
const DEMO_CLIENT_DETAILS: readonly ClientDetails[] = [
  { name: 'Cedar Grove Logistics Inc', cbid: 'CB-US-00030', address1: '1450 West Fulton Street', city: 'Chicago', state: 'IL', zipCode: '60607', phone: '3125550164',
    domainName: 'cedargrovelogistics.com', industryCode: '484110', team: 'West Coast', agent: US_AGENT,
    contact: { firstName: 'Priya', lastName: 'Raman', email: 'priya.raman@cedargrovelogistics.com', phone: '3125550164' } },
  // No domain yet: the no-primary-domain attestation is offered for it.
  { name: 'Brightline Dental Group', cbid: null, address1: '22 Lincoln Square', city: 'Worcester', state: 'MA', zipCode: '01608', phone: '5085550133',
    domainName: null, industryCode: '621210', team: 'East Coast', agent: US_AGENT,
    contact: { firstName: 'Daniel', lastName: 'Okafor', email: 'd.okafor@brightlinedental.com', phone: '5085550133' } },
  { name: 'Lakeside Credit Union', cbid: 'CB-US-00032', address1: '900 West Riverside Avenue', city: 'Spokane', state: 'WA', zipCode: '99201', phone: '5095550190',
    domainName: 'lakesidecu.org', industryCode: '522130', team: 'West Coast', agent: US_AGENT,
    contact: { firstName: 'Helen', lastName: 'Marsh', email: 'hmarsh@lakesidecu.org', phone: '5095550190' } },
  { name: 'Acme Precision Manufacturing', cbid: 'CB-US-00033', address1: '410 Industrial Parkway', city: 'Denver', state: 'CO', zipCode: '80216', phone: '3035550175',
    domainName: 'acmeprecision.com', industryCode: '332710', team: 'Default Team', agent: US_AGENT,
    contact: { firstName: 'Paula', lastName: 'Holder', email: 'policyholder@insured.example', phone: '3035550175' } },
  { name: 'Thameside Freight Ltd', cbid: 'CB-GB-00001', address1: 'Unit 4, Riverside Business Park', address3: 'Barking', city: 'London', state: null, zipCode: 'IG11 0DS',
    phone: '2079460321', domainName: 'thamesidefreight.co.uk', industryCode: '49410', team: 'City', agent: UK_AGENT,
    contact: { firstName: 'Oliver', lastName: 'Hughes', email: 'oliver.hughes@thamesidefreight.co.uk', phone: '2079460321' } },
  { name: 'Pennine Dental Practice Ltd', cbid: 'CB-GB-00002', address1: '18 Park Row', city: 'Leeds', state: null, zipCode: 'LS1 5JD', phone: '1134960182',
    domainName: 'penninedental.co.uk', industryCode: '86230', team: 'Default Team', agent: UK_AGENT,
    contact: { firstName: 'Amelia', lastName: 'Clarke', email: 'amelia@penninedental.co.uk', phone: '1134960182' } },
  // Its contact has not been entered: changing its agent asks for it first.
  { name: 'Harbourside Architects LLP', cbid: 'CB-GB-00003', address1: '1 Canons Way', city: 'Bristol', state: null, zipCode: 'BS1 5UH', phone: '1174960144',
    domainName: 'harboursidearchitects.co.uk', industryCode: '71111', team: 'City', agent: UK_AGENT,
    contact: { firstName: '', lastName: '', email: '', phone: '' } },
];

/** Further clients picked from the company directory, created the way the new-account dialog creates them. */
const DIRECTORY_CLIENTS: ReadonlyArray<{ cbid: string; agency: string; agent: string; team: string }> = [
  { cbid: 'CB-US-00020', agency: 'Summit Risk Partners', agent: US_AGENT, team: 'East Coast' },
  { cbid: 'CB-US-00013', agency: 'Summit Risk Partners', agent: US_AGENT, team: 'West Coast' },
  { cbid: 'CB-US-00010', agency: 'Summit Risk Partners', agent: US_AGENT, team: 'Default Team' },
  { cbid: 'CB-US-00014', agency: 'Harbor Insurance Group', agent: 'agent@otheragency.example', team: 'New England' },
  { cbid: 'CB-GB-00005', agency: 'Thames Cyber Brokers', agent: UK_AGENT, team: 'Default Team' },
];

/**
 * Submissions: client, status, days ago, underwriter, and where the desk's work stands (quoted and bound ones
 * are complete; one is certified by its agency, one declined with its code).
 */
interface DemoSubmission {
  client: string;
  status: string;
  daysAgo: number;
  assignee: string | null;
  businessType?: string;
  operational?: 'CERTIFIED' | 'COMPLETE' | 'NON_VIABLE';
  declination?: { code: string; summary: string; description: string };
}
const DEMO_SUBMISSIONS: readonly DemoSubmission[] = [
  { client: 'Lakeside Credit Union', status: 'BOUND', daysAgo: 40, assignee: 'Uma Underwood', businessType: 'Renewal', operational: 'COMPLETE' },
  { client: 'Cedar Grove Logistics Inc', status: 'READY', daysAgo: 12, assignee: 'Uma Underwood', operational: 'COMPLETE' },
  { client: 'Brightline Dental Group', status: 'IN_REVIEW', daysAgo: 5, assignee: 'Uma Underwood', operational: 'CERTIFIED' },
  { client: 'Union Square Bistro Group', status: 'REQUESTED', daysAgo: 2, assignee: null },
  {
    client: 'Nimbus Cloud Consulting', status: 'DECLINED', daysAgo: 20, assignee: 'Uma Underwood',
    declination: { code: 'POOR_CONTROLS', summary: 'Poor Controls', description: 'No multi-factor authentication on remote access and no offline backups.' },
  },
  { client: 'Juniper Legal Services', status: 'REQUESTED', daysAgo: 1, assignee: null, operational: 'CERTIFIED' },
  { client: 'Orchard Lane Dental', status: 'REQUESTED', daysAgo: 3, assignee: null },
  { client: 'Thameside Freight Ltd', status: 'READY', daysAgo: 9, assignee: 'Uma Underwood', operational: 'COMPLETE' },
  { client: 'Pennine Dental Practice Ltd', status: 'REQUESTED', daysAgo: 1, assignee: null },
  { client: 'Clydeside Engineering Ltd', status: 'IN_REVIEW', daysAgo: 4, assignee: 'Uma Underwood' },
];

const DAY_MS = 86_400_000;

export async function seedDemoAccounts(tx: Queryable, clock: Clock): Promise<void> {
  const now = clock.now();
  const one = async <T>(sql: string, params: unknown[]): Promise<T> => {
    const [row] = await tx.query<T>(sql, params);
    if (!row) throw new Error(`Demo accounts: nothing for ${JSON.stringify(params)}`);
    return row;
  };
  const userId = (email: string) => one<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]).then((row) => row.id);
  const teamOf = (accountId: string, name: string) => one<{ id: string }>('SELECT id FROM teams WHERE account_id = $1 AND name = $2', [accountId, name]).then((row) => row.id);

  for (const client of DEMO_CLIENT_DETAILS) {
    const account = await one<{ id: string; agency_id: string }>('SELECT id, agency_id FROM accounts WHERE name = $1', [client.name]);
    const agentId = await userId(client.agent);
    await tx.query(
      `INSERT INTO account_details (account_id, cbid, address1, address3, city, state, zip_code, country, phone, domain_name, industry_code, team_id,
         agent_user_id, contact_first_name, contact_last_name, contact_email, contact_phone, created_by, modified_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $13, $18)`,
      [account.id, client.cbid, client.address1, client.address3 ?? null, client.city, client.state, client.zipCode, client.state ? 'US' : 'GB',
        client.phone, client.domainName, client.industryCode, await teamOf(account.agency_id, client.team), agentId,
        client.contact.firstName || null, client.contact.lastName || null, client.contact.email || null, client.contact.phone || null, now],
    );
    await tx.query('INSERT INTO account_interested_agencies (account_id, agency_id, agent_user_id, added_at) VALUES ($1, $2, $3, $4)', [account.id, account.agency_id, agentId, now]);
    if (client.cbid) {
      await tx.query(
        `INSERT INTO account_firmographics (account_id, source, cbid, duns_number, employees, revenue, year_established, ownership_type, entity_type, industry_code, refreshed_at, refreshed_by)
         SELECT $1, 'directory', cbid, duns_number, employees, revenue, year_established, ownership_type, entity_type, industry_code, $2, $3 FROM company_directory WHERE cbid = $4`,
        [account.id, now, agentId, client.cbid],
      );
    }
  }

  // The demo policyholder is courted by a second agency too: its own agent is chosen from the two.
  const acme = await one<{ id: string }>('SELECT id FROM accounts WHERE name = $1', ['Acme Precision Manufacturing']);
  const harbor = await one<{ id: string }>('SELECT id FROM accounts WHERE name = $1', ['Harbor Insurance Group']);
  await tx.query('INSERT INTO account_interested_agencies (account_id, agency_id, agent_user_id, added_at) VALUES ($1, $2, $3, $4)',
    [acme.id, harbor.id, await userId('agent@otheragency.example'), new Date(now.getTime() - 6 * DAY_MS)]);

  for (const client of DIRECTORY_CLIENTS) {
    const agency = await one<{ id: string }>('SELECT id FROM accounts WHERE name = $1', [client.agency]);
    const entry = await one<{ name: string; address1: string; address3: string | null; city: string; state: string | null; zip_code: string; phone: string; domain_name: string; industry_code: string }>(
      'SELECT * FROM company_directory WHERE cbid = $1', [client.cbid]);
    const agentId = await userId(client.agent);
    const created = await insertBusinessAccount(tx, clock, {
      agencyId: agency.id, name: entry.name, teamId: await teamOf(agency.id, client.team), agentUserId: agentId, cbid: client.cbid,
      address: { address1: entry.address1, address3: entry.address3, city: entry.city, state: entry.state, zipCode: entry.zip_code },
      phone: entry.phone, domainName: entry.domain_name, industryCode: entry.industry_code,
    }, { userId: agentId, source: 'demo' });
    await tx.query('INSERT INTO account_interested_agencies (account_id, agency_id, agent_user_id, added_at) VALUES ($1, $2, $3, $4)', [created.accountId, agency.id, agentId, now]);
    await tx.query(
      `INSERT INTO account_firmographics (account_id, source, cbid, duns_number, employees, revenue, year_established, ownership_type, entity_type, industry_code, refreshed_at, refreshed_by)
       SELECT $1, 'directory', cbid, duns_number, employees, revenue, year_established, ownership_type, entity_type, industry_code, $2, $3 FROM company_directory WHERE cbid = $4`,
      [created.accountId, now, agentId, client.cbid],
    );
  }

  // Oldest first, so submission numbers follow the order they came in.
  const underwriterId = await userId('underwriter@provider.example');
  for (const submission of [...DEMO_SUBMISSIONS].sort((a, b) => b.daysAgo - a.daysAgo)) {
    const account = await one<{ id: string; agency_id: string; agent_user_id: string; team_id: string }>(
      'SELECT a.id, a.agency_id, d.agent_user_id, d.team_id FROM accounts a JOIN account_details d ON d.account_id = a.id WHERE a.name = $1', [submission.client]);
    const at = new Date(now.getTime() - submission.daysAgo * DAY_MS);
    const { id } = await insertSubmission(tx, { accountId: account.id, agencyId: account.agency_id, agentUserId: account.agent_user_id, teamId: account.team_id, createdBy: account.agent_user_id, at });
    const modified = new Date(Math.min(now.getTime(), at.getTime() + DAY_MS));
    const certified = submission.operational === 'CERTIFIED' || submission.operational === 'COMPLETE';
    const declination = submission.declination && { ...submission.declination, by: underwriterId, at: modified.toISOString() };
    await tx.query(
      `UPDATE submissions SET status = $2, assignee = $3, business_type = $4, modified_at = $5, operational_status = $6, assignee_user_id = $7,
         certified_at = $8, certified_by = $9, declination = $10 WHERE id = $1`,
      [id, submission.status, submission.assignee, submission.businessType ?? 'New Business', submission.status === 'REQUESTED' ? at : modified,
        submission.operational ?? 'OPEN', submission.assignee ? underwriterId : null, certified ? at : null, certified ? account.agent_user_id : null,
        declination ? JSON.stringify(declination) : null]);
  }

  // One local scan, so the account page shows what a scan records.
  const cedar = await one<{ id: string }>('SELECT id FROM accounts WHERE name = $1', ['Cedar Grove Logistics Inc']);
  const scan = localScanner.scan('cedargrovelogistics.com');
  await tx.query(
    `INSERT INTO account_scans (account_id, domain_name, source, score, findings, scanned_at, scanned_by) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [cedar.id, 'cedargrovelogistics.com', localScanner.source, scan.score, JSON.stringify(scan.findings), new Date(now.getTime() - 3 * DAY_MS), await userId(US_AGENT)],
  );
}
