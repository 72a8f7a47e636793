import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/database.ts';
import type { AccountStatus } from '../resources/accounts/account-status.ts';

/**
 * The demo clients' account profiles (seeded after the business accounts, server/seed/demo-accounts.ts): their
 * firmographics, statuses, policy contacts, additional insureds and notes, in both editions. Written with
 * fixed values, so every development start shows the same profiles. The statuses follow the demo submissions
 * (a bound one is Active Policy, a ready one Quoted, a declined one Declined); one US client lacks what a quote
 * needs, so its page shows why Request Quote is disabled.
 */

interface DemoProfile {
  client: string;
  status: AccountStatus;
  /** Left out: the company directory's figures stand (or none, for a client entered by hand). */
  firmographics?: { revenue: number; employees: number; yearEstablished: number; ownershipType: string; entityType: string };
  dba?: string;
  ein?: string;
  otherDomains?: string[];
  isFranchise?: boolean;
  collectingPersonalInformation?: boolean;
  numberOfPersonalRecords?: number;
  incidentResponsePlan?: boolean;
  percentInternationalSales?: number;
  verifiedDaysAgo?: number;
  policyContact?: { firstName: string; lastName: string; email: string; phone: string };
  insureds?: Array<{ businessName: string; address1: string; address3?: string; city: string; state: string | null; zipCode: string; industryCode: string }>;
  notes?: Array<{ type: 'GENERAL' | 'UNDERWRITING' | 'SALES' | 'CLAIMS'; text: string; daysAgo: number; by: string }>;
  /** Why a Declined or Lost account is so, as the decline and lost dialogs keep it (account-decision-store.ts). */
  decision?: { reasonSummary: string; reason: string; daysAgo: number; by: string };
}

const US_AGENT = 'agent@agency.example';
const UK_AGENT = 'broker@brokerage.example';
const UNDERWRITER = 'underwriter@provider.example';

const DEMO_PROFILES: readonly DemoProfile[] = [
  {
    client: 'Cedar Grove Logistics Inc', status: 'Quoted', dba: 'Cedar Grove Freight', ein: '36-4821907', otherDomains: ['cedargrovefreight.com'],
    firmographics: { revenue: 26_000_000, employees: 140, yearEstablished: 1992, ownershipType: 'Private', entityType: 'Independent' },
    isFranchise: false, incidentResponsePlan: true, percentInternationalSales: 4, verifiedDaysAgo: 10,
    policyContact: { firstName: 'Priya', lastName: 'Raman', email: 'priya.raman@cedargrovelogistics.com', phone: '3125550164' },
    insureds: [{ businessName: 'Fulton Street Warehousing LLC', address1: '1500 West Fulton Street', city: 'Chicago', state: 'IL', zipCode: '60607', industryCode: '493110' }],
    notes: [
      { type: 'UNDERWRITING', text: 'Ransomware claim last month: backups restored the dispatch servers within two days. Ask about offline backup copies before renewal.', daysAgo: 3, by: UNDERWRITER },
      { type: 'SALES', text: 'Priya wants Prime 250 with a 1M limit; budget approved for the second quarter.', daysAgo: 12, by: US_AGENT },
    ],
  },
  {
    // Entered by hand without a domain or figures: 2 of 6, so Request Quote says it needs more information.
    client: 'Brightline Dental Group', status: 'Open',
    notes: [{ type: 'GENERAL', text: 'Waiting for revenue and headcount from the practice manager; they have no website yet.', daysAgo: 5, by: US_AGENT }],
  },
  {
    client: 'Lakeside Credit Union', status: 'Active Policy', ein: '91-0846213',
    firmographics: { revenue: 38_000_000, employees: 120, yearEstablished: 1961, ownershipType: 'Non-Profit', entityType: 'Independent' },
    isFranchise: false, collectingPersonalInformation: true, numberOfPersonalRecords: 1_200_000, incidentResponsePlan: true, percentInternationalSales: 0,
    policyContact: { firstName: 'Helen', lastName: 'Marsh', email: 'hmarsh@lakesidecu.org', phone: '5095550190' },
    insureds: [{ businessName: 'Riverside Avenue Properties LLC', address1: '910 West Riverside Avenue', city: 'Spokane', state: 'WA', zipCode: '99201', industryCode: '531120' }],
    notes: [{ type: 'CLAIMS', text: 'Business e-mail compromise (payment redirected) reported 49 days ago; call-back checks on vendor bank changes since.', daysAgo: 40, by: US_AGENT }],
  },
  {
    client: 'Acme Precision Manufacturing', status: 'Open', otherDomains: ['acmeprecision.net', 'acme-parts.com', 'acmeprecision.co'],
    firmographics: { revenue: 17_000_000, employees: 85, yearEstablished: 1984, ownershipType: 'Private', entityType: 'Subsidiary' },
    isFranchise: false, incidentResponsePlan: false,
    policyContact: { firstName: 'Paula', lastName: 'Holder', email: 'policyholder@insured.example', phone: '3035550175' },
  },
  { client: 'Nimbus Cloud Consulting', status: 'Declined',
    decision: { reasonSummary: 'Poor Controls', reason: 'Hosts client data without multi-factor authentication on administrator accounts.', daysAgo: 20, by: UNDERWRITER },
    notes: [{ type: 'UNDERWRITING', text: 'Declined: hosts client data without multi-factor authentication on administrator accounts.', daysAgo: 20, by: UNDERWRITER }] },
  { client: 'Union Square Bistro Group', status: 'Open', isFranchise: true, incidentResponsePlan: false },
  {
    client: 'Thameside Freight Ltd', status: 'Quoted', otherDomains: ['thamesidelogistics.co.uk'],
    firmographics: { revenue: 14_000_000, employees: 95, yearEstablished: 1996, ownershipType: 'Private', entityType: 'Independent' },
    isFranchise: false, incidentResponsePlan: true, percentInternationalSales: 12,
    policyContact: { firstName: 'Oliver', lastName: 'Hughes', email: 'oliver.hughes@thamesidefreight.co.uk', phone: '2079460321' },
    insureds: [{ businessName: 'Riverside Business Park Management Ltd', address1: 'Riverside Business Park', address3: 'Barking', city: 'London', state: null, zipCode: 'IG11 0DS', industryCode: '68320' }],
    notes: [{ type: 'UNDERWRITING', text: 'Warehouse system ransomware six days ago; remediation firm engaged, forensic report due next week.', daysAgo: 5, by: UK_AGENT }],
  },
  {
    client: 'Pennine Dental Practice Ltd', status: 'Open',
    firmographics: { revenue: 1_800_000, employees: 21, yearEstablished: 2007, ownershipType: 'Private', entityType: 'Independent' },
    isFranchise: false, collectingPersonalInformation: true, numberOfPersonalRecords: 250_000,
    policyContact: { firstName: 'Amelia', lastName: 'Clarke', email: 'amelia@penninedental.co.uk', phone: '1134960182' },
    notes: [{ type: 'SALES', text: 'Interested in Prime One after the phishing texts; send the proposal to Amelia.', daysAgo: 1, by: UK_AGENT }],
  },
  { client: 'Harbourside Architects LLP', status: 'Open' },
];

const DAY_MS = 86_400_000;

export async function seedDemoAccountProfiles(tx: Queryable, clock: Clock): Promise<void> {
  const now = clock.now();
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const idOf = async (sql: string, value: string) => {
    const [row] = await tx.query<{ id: string }>(sql, [value]);
    if (!row) throw new Error(`Demo account profiles: nothing for '${value}'`);
    return row.id;
  };
  const userOf = (email: string) => idOf('SELECT id FROM users WHERE email = $1', email);
  for (const profile of DEMO_PROFILES) {
    const accountId = await idOf(`SELECT id FROM accounts WHERE name = $1 AND account_type = 'CUSTOMER'`, profile.client);
    const agent = await tx.query<{ agent_user_id: string | null }>('SELECT agent_user_id FROM account_details WHERE account_id = $1', [accountId]);
    const by = agent[0]?.agent_user_id ?? null;
    const figures = profile.firmographics;
    await tx.query(
      `INSERT INTO account_profiles (account_id, status, status_changed_at, dba_or_tradestyle, ein, revenue, employees, year_established, ownership_type,
         entity_type, primary_naics_percentage, is_franchise, other_domains, collecting_personal_information, number_of_personal_records,
         incident_response_plan, percent_international_sales, is_verified_by_agent, verified_date, verified_by, policy_contact_first_name,
         policy_contact_last_name, policy_contact_email, policy_contact_phone, modified_at, modified_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $3, $25)
       ON CONFLICT (account_id) DO UPDATE SET status = EXCLUDED.status, status_changed_at = EXCLUDED.status_changed_at`,
      [accountId, profile.status, ago(2), profile.dba ?? null, profile.ein ?? null, figures?.revenue ?? null, figures?.employees ?? null,
        figures?.yearEstablished ?? null, figures?.ownershipType ?? null, figures?.entityType ?? null, figures ? 100 : null, profile.isFranchise ?? null,
        profile.otherDomains ?? [], profile.collectingPersonalInformation ?? null, profile.numberOfPersonalRecords ?? null,
        profile.incidentResponsePlan ?? null, profile.percentInternationalSales ?? null, profile.verifiedDaysAgo !== undefined,
        profile.verifiedDaysAgo !== undefined ? ago(profile.verifiedDaysAgo) : null, profile.verifiedDaysAgo !== undefined ? by : null,
        profile.policyContact?.firstName ?? null, profile.policyContact?.lastName ?? null, profile.policyContact?.email ?? null,
        profile.policyContact?.phone ?? null, by],
    );
    if (profile.decision) {
      const decision = {
        kind: profile.status === 'Lost' ? 'lost' : 'declined', productType: null, reasonSummary: profile.decision.reasonSummary, reason: profile.decision.reason,
        by: await userOf(profile.decision.by), at: ago(profile.decision.daysAgo).toISOString(), previous: 'Open',
      };
      await tx.query('UPDATE account_profiles SET status_decision = $2 WHERE account_id = $1', [accountId, JSON.stringify(decision)]);
    }
    for (const [index, insured] of (profile.insureds ?? []).entries()) {
      await tx.query(
        `INSERT INTO account_additional_insureds (account_id, business_name, address1, address3, city, state, zip_code, industry_code, created_at, created_by, modified_at, modified_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $9, $10)`,
        [accountId, insured.businessName, insured.address1, insured.address3 ?? null, insured.city, insured.state, insured.zipCode, insured.industryCode, ago(30 + index), by],
      );
    }
    for (const note of profile.notes ?? []) {
      await tx.query(
        `INSERT INTO account_notes (account_id, note, note_type, created_by, created_at, modified_at) VALUES ($1, $2, $3, $4, $5, $5)`,
        [accountId, note.text, note.type, await userOf(note.by), ago(note.daysAgo)],
      );
    }
  }
}
