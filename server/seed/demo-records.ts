import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/database.ts';
import { seedDemoOrganisations } from './demo-organisations.ts';
import { seedDemoIntegrations } from './demo-integrations.ts';
import { seedDemoConnectors } from './demo-connectors.ts';
import { seedDemoLicenses } from './demo-licenses.ts';
import { seedDemoAccounts } from './demo-accounts.ts';
import { seedDemoAccountProfiles } from './demo-account-profiles.ts';
import { seedDemoReference } from './demo-reference.ts';
import { seedDemoUsers } from './demo-users.ts';
import { seedDemoBook } from './demo-book.ts';
import { seedDemoInbox } from './demo-inbox.ts';
import { seedDemoSentQuote } from './demo-sent-quote.ts';
import { seedDemoCommissions } from './demo-commissions.ts';
import { seedDemoDocuments } from './demo-documents.ts';
import { seedDemoLibraryForms } from './demo-library-forms.ts';
import { seedDemoPayments } from './demo-payments.ts';
import { seedDemoPolicies } from './demo-policies.ts';
import { seedDemoPolicyServicing } from './demo-policy-servicing.ts';
import { seedDemoSurplusQuote } from './demo-surplus-quote.ts';

/**
 * Records that make the demo world look like a working agency: client accounts under the US agency and
 * the UK brokerage, and claims on them in both states (saved progress and filed). Only a development
 * start writes them (server/main.ts); the API tests start from the bare demo world so their counts
 * stay exact.
 */

interface DemoClient {
  name: string;
  agency: string;
  edition: 'us' | 'uk';
}

/** Clients each demo agency manages (the demo policyholder, Acme Precision Manufacturing, is in the demo world). */
export const DEMO_CLIENTS: readonly DemoClient[] = [
  { name: 'Cedar Grove Logistics Inc', agency: 'Summit Risk Partners', edition: 'us' },
  { name: 'Brightline Dental Group', agency: 'Summit Risk Partners', edition: 'us' },
  { name: 'Lakeside Credit Union', agency: 'Summit Risk Partners', edition: 'us' },
  { name: 'Thameside Freight Ltd', agency: 'Thames Cyber Brokers', edition: 'uk' },
  { name: 'Pennine Dental Practice Ltd', agency: 'Thames Cyber Brokers', edition: 'uk' },
  { name: 'Harbourside Architects LLP', agency: 'Thames Cyber Brokers', edition: 'uk' },
];

interface DemoClaim {
  client: string;
  reporter: string;
  /** Days before today the claim was reported. */
  reportedDaysAgo: number;
  /** Days before the report the loss happened. */
  lossDaysEarlier: number;
  filed: boolean;
  data: Record<string, string>;
}

const US_REPORTER = 'agent@agency.example';
const UK_REPORTER = 'broker@brokerage.example';

export const DEMO_CLAIMS: readonly DemoClaim[] = [
  {
    client: 'Cedar Grove Logistics Inc', reporter: US_REPORTER, reportedDaysAgo: 4, lossDaysEarlier: 1, filed: true,
    data: {
      name: 'Priya Raman', role: 'IT Director', email: 'priya.raman@cedargrovelogistics.com', workPhone: '3125550164', isRightContact: 'yes',
      address: '1450 West Fulton Street', city: 'Chicago', state: 'IL', zipCode: '60607',
      lossDescription: 'Ransomware encrypted the dispatch and billing servers overnight; a ransom note demands payment in bitcoin.',
      impactedDevicesOs: 'Windows Server 2019', impactedDevicesType: 'Servers and workstations',
      isAuthoritiesInvolved: 'yes', authorityName: 'FBI Chicago Field Office', authorityPhoneNumber: '3124216700',
      isReportFiled: 'yes', reportNumber: 'IC3-2026-118734', isBusinessImpacted: 'yes', isCyberIncident: 'yes', isRemediationServiceBegun: 'yes',
    },
  },
  {
    client: 'Brightline Dental Group', reporter: US_REPORTER, reportedDaysAgo: 1, lossDaysEarlier: 2, filed: false,
    data: {
      name: 'Daniel Okafor', role: 'Practice Manager', email: 'd.okafor@brightlinedental.com', isRightContact: 'yes',
      address: '22 Lincoln Square', city: 'Worcester', state: 'MA', zipCode: '01608',
      lossDescription: 'A front-desk laptop with patient schedules was stolen from a parked car.',
      impactedDevicesType: 'Laptop', isCyberIncident: 'no',
    },
  },
  {
    client: 'Lakeside Credit Union', reporter: US_REPORTER, reportedDaysAgo: 49, lossDaysEarlier: 3, filed: true,
    data: {
      name: 'Helen Marsh', role: 'Chief Risk Officer', email: 'hmarsh@lakesidecu.org', isRightContact: 'no',
      contactName: 'Victor Lang', contactEmail: 'vlang@lakesidecu.org', contactPhone: '5095550190',
      address: '900 West Riverside Avenue', city: 'Spokane', state: 'WA', zipCode: '99201',
      lossDescription: 'Business e-mail compromise: a spoofed vendor e-mail redirected a $48,000 payment.',
      isAuthoritiesInvolved: 'yes', authorityName: 'Spokane Police Department', authorityPhoneNumber: '5096256000',
      isReportFiled: 'yes', reportNumber: 'SPD-26-044871', isBusinessImpacted: 'no', isCyberIncident: 'yes', isRemediationServiceBegun: 'yes',
    },
  },
  {
    client: 'Acme Precision Manufacturing', reporter: US_REPORTER, reportedDaysAgo: 12, lossDaysEarlier: 0, filed: false,
    data: {
      name: 'Paula Holder', role: 'Operations Director', email: 'policyholder@insured.example', isRightContact: 'yes',
      address: '410 Industrial Parkway', city: 'Denver', state: 'CO', zipCode: '80216',
      lossDescription: 'Suspicious logins to the payroll portal from abroad; two employees changed their bank details.',
      isCyberIncident: 'yes',
    },
  },
  {
    client: 'Thameside Freight Ltd', reporter: UK_REPORTER, reportedDaysAgo: 6, lossDaysEarlier: 1, filed: true,
    data: {
      name: 'Oliver Hughes', role: 'Head of IT', email: 'oliver.hughes@thamesidefreight.co.uk', workPhone: '02079460321', isRightContact: 'yes',
      address: 'Unit 4, Riverside Business Park', address3: 'Barking', city: 'London', zipCode: 'IG11 0DS',
      lossDescription: 'Ransomware on the warehouse management system halted deliveries for two days.',
      isAuthoritiesInvolved: 'yes', authorityName: 'Action Fraud', authorityPhoneNumber: '03001232040',
      isReportFiled: 'yes', reportNumber: 'NFRC261108734', isBusinessImpacted: 'yes', isCyberIncident: 'yes', isRemediationServiceBegun: 'yes',
    },
  },
  {
    client: 'Pennine Dental Practice Ltd', reporter: UK_REPORTER, reportedDaysAgo: 2, lossDaysEarlier: 1, filed: false,
    data: {
      name: 'Amelia Clarke', role: 'Practice Owner', email: 'amelia@penninedental.co.uk', isRightContact: 'yes',
      address: '18 Park Row', city: 'Leeds', zipCode: 'LS1 5JD',
      lossDescription: 'Patients received phishing texts that used the practice name and a copied booking page.',
      isCyberIncident: 'yes',
    },
  },
];

const DAY_MS = 86_400_000;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** Writes the demo clients and claims once (when the clients are not there yet). */
export async function seedDemoRecords(tx: Queryable, clock: Clock): Promise<void> {
  const [existing] = await tx.query<{ count: number }>(`SELECT count(*)::int AS count FROM accounts WHERE name = $1`, [DEMO_CLIENTS[0]!.name]);
  if ((existing?.count ?? 0) > 0) return;
  const now = clock.now();
  const accountId = async (name: string) => {
    const [row] = await tx.query<{ id: string; agency_id: string | null }>('SELECT id, agency_id FROM accounts WHERE name = $1', [name]);
    if (!row) throw new Error(`Demo record names unknown account '${name}'`);
    return row;
  };
  for (const client of DEMO_CLIENTS) {
    const agency = await accountId(client.agency);
    const [account] = await tx.query<{ id: string }>(
      `INSERT INTO accounts (name, account_type, edition, agency_id, created_at) VALUES ($1, 'CUSTOMER', $2, $3, $4) RETURNING id`,
      [client.name, client.edition, agency.id, now],
    );
    await tx.query(`INSERT INTO teams (account_id, name, is_default) VALUES ($1, 'Default Team', true)`, [account!.id]);
  }
  // Oldest first, so claim numbers follow the order the claims were filed in.
  for (const claim of [...DEMO_CLAIMS].sort((a, b) => b.reportedDaysAgo - a.reportedDaysAgo)) {
    const client = await accountId(claim.client);
    const [user] = await tx.query<{ id: string; edition: 'us' | 'uk' }>(
      'SELECT u.id, a.edition FROM users u JOIN accounts a ON a.id = u.account_id WHERE u.email = $1',
      [claim.reporter],
    );
    const reported = new Date(now.getTime() - claim.reportedDaysAgo * DAY_MS);
    const lossDate = isoDate(new Date(reported.getTime() - claim.lossDaysEarlier * DAY_MS));
    const data: Record<string, string> = { companyName: claim.client, lossDate, ...claim.data };
    const claimNumber = claim.filed ? await nextClaimNumber(tx, reported) : null;
    await tx.query(
      `INSERT INTO claims (claim_number, account_id, agency_id, edition, status, is_filed, data, name, company_name, city, state, zip_code,
         loss_date, created_at, created_by, modified_at, modified_by, filed_at, filed_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $14, $15, $16, $17)`,
      [claimNumber, client.id, client.agency_id, user!.edition, claim.filed ? 'FILED' : 'UN_FILED', claim.filed, JSON.stringify(data),
        data.name, data.companyName, data.city, data.state ?? null, data.zipCode, lossDate, reported, user!.id,
        claim.filed ? reported : null, claim.filed ? user!.id : null],
    );
  }
  await seedDemoAccounts(tx, clock);
  await seedDemoAccountProfiles(tx, clock);
  await seedDemoOrganisations(tx, clock);
  await seedDemoReference(tx, clock);
  await seedDemoUsers(tx, clock);
  await seedDemoLicenses(tx, clock);
  await seedDemoConnectors(tx, clock);
  await seedDemoIntegrations(tx, clock);
  await seedDemoBook(tx, clock);
  await seedDemoPolicies(tx, clock);
  await seedDemoPayments(tx, clock);
  await seedDemoCommissions(tx, clock);
  await seedDemoDocuments(tx, clock);
  await seedDemoLibraryForms(tx, clock);
  await seedDemoSentQuote(tx, clock);
  await seedDemoSurplusQuote(tx, clock);
  // Last: the documents above were filed by the agencies that wrote the policies, and it leaves alone the clients quoted above.
  await seedDemoPolicyServicing(tx, clock);
  // After everything that moved quotes and submissions: the inboxes tell of it.
  await seedDemoInbox(tx, clock);
}

async function nextClaimNumber(tx: Queryable, at: Date): Promise<string> {
  const [row] = await tx.query<{ next: number }>(`SELECT nextval('claim_number_seq')::int AS next`);
  return `CLM-${at.getUTCFullYear()}-${String(row!.next).padStart(5, '0')}`;
}
