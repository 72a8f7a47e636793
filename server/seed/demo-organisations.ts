import sharp from 'sharp';
import type { Clock } from '../clock.ts';
import { AGGREGATOR_HOSTNAME_SUFFIX } from '../constants.ts';
import type { Queryable } from '../db/database.ts';
import { insertBusinessAccount } from '../resources/accounts/create-account.ts';
import { cropLogo } from '../resources/agencies/logos.ts';
import { writeProfile, type ProfileFields } from '../resources/organisations/organisation-profile.ts';

/**
 * The organisations of the demo world as a working platform has them (written with the demo records, on a
 * development start only): profiles of the agencies and of every other organisation, a second aggregator,
 * cluster and carrier, the agencies that belong to the clusters and aggregators, the agencies the carrier
 * appoints and the MSSP works with, the carrier's rater profiles, a client the MSSP created, and a logo
 * for the US agency.
 */

interface DemoOrganisation {
  name: string;
  /** Created when the demo world does not have it. */
  create?: { accountType: string; edition: 'us' | 'uk' };
  npn?: string;
  profile: ProfileFields;
}

const ORGANISATIONS: readonly DemoOrganisation[] = [
  { name: 'Summit Risk Partners', profile: {
    description: 'Independent agency placing cyber for mid-market manufacturers and logistics firms across the Mountain West.',
    hostname: 'summitrisk.cyberconsole.example', agencyCode: 'SRP-001', contactFirstName: 'Alex', contactLastName: 'Agent',
    contactEmail: 'agent@agency.example', contactPhone: '3035550101', additionalBrokerFee: 150,
  } },
  { name: 'Harbor Insurance Group', profile: {
    description: 'Boston agency for healthcare practices, credit unions and professional services in New England.',
    hostname: 'harborinsurance.cyberconsole.example', agencyCode: 'HIG-22', contactFirstName: 'Olivia', contactLastName: 'Other',
    contactEmail: 'agent@otheragency.example', contactPhone: '6175550117', additionalBrokerFee: 0,
  } },
  { name: 'Secure Agency', profile: {
    description: 'Austin agency for technology companies; every user signs in with multi-factor authentication.',
    agencyCode: 'SEC-3', contactFirstName: 'Morgan', contactLastName: 'Factor', contactEmail: 'mfa@agency.example', contactPhone: '5125550199',
  } },
  { name: 'Thames Cyber Brokers', profile: {
    description: "Lloyd's-facing brokerage for professional services firms in London and the South East.",
    hostname: 'thamescyber.cyberconsole.example', agencyCode: 'TCB-01', contactFirstName: 'Ben', contactLastName: 'Broker',
    contactEmail: 'broker@brokerage.example', contactPhone: '02079460958', additionalBrokerFee: 75,
  } },
  { name: 'QuoteStream Digital', profile: {
    description: 'Online comparison platform placing small-business cyber cover through its partner agencies.',
    hostname: `quotestream${AGGREGATOR_HOSTNAME_SUFFIX}`, domain: 'quotestream.example', contactFirstName: 'Dana', contactLastName: 'Digital',
    contactEmail: 'da@aggregator.example', contactPhone: '6465550118',
  } },
  { name: 'CoverNow Direct', create: { accountType: 'DIGITAL', edition: 'us' }, profile: {
    description: 'Embedded cyber cover sold with accounting and payroll software subscriptions.',
    hostname: `covernow${AGGREGATOR_HOSTNAME_SUFFIX}`, domain: 'covernow.example', contactFirstName: 'Priya', contactLastName: 'Nair',
    contactEmail: 'priya.nair@covernow.example', contactPhone: '4155550163',
  } },
  { name: 'Mountain States Agency Cluster', profile: {
    description: 'Independent agencies of Colorado, Utah and Wyoming that place business together.',
    phone: '3035550177', address1: '1700 Lincoln Street', city: 'Denver', state: 'CO', zipCode: '80203',
    contactFirstName: 'Cleo', contactLastName: 'Cluster', contactEmail: 'cluster@cluster.example',
  } },
  { name: 'Gulf Coast Agency Network', create: { accountType: 'CLUSTER', edition: 'us' }, profile: {
    description: 'Agencies of Texas, Louisiana and Florida sharing carrier appointments.',
    phone: '7135550126', address1: '909 Fannin Street', city: 'Houston', state: 'TX', zipCode: '77010',
    contactFirstName: 'Luis', contactLastName: 'Ortega', contactEmail: 'luis.ortega@gulfcoastagencies.example',
  } },
  { name: 'Keystone Specialty Insurance Company', profile: {
    description: 'Specialty carrier writing cyber on admitted and surplus lines paper.',
    hostname: 'keystone.cyberconsole.example', phone: '2155550120', address1: '1500 Market Street', city: 'Philadelphia', state: 'PA', zipCode: '19102',
    contactFirstName: 'Carl', contactLastName: 'Carrier', contactEmail: 'carrier@carrier.example',
  } },
  { name: 'Tidewater Casualty Company', create: { accountType: 'CARRIER', edition: 'us' }, profile: {
    description: 'Regional casualty carrier of the Mid-Atlantic, writing cyber for small businesses.',
    phone: '7575550134', address1: '150 West Main Street', city: 'Norfolk', state: 'VA', zipCode: '23510',
    contactFirstName: 'Grace', contactLastName: 'Whitfield', contactEmail: 'grace.whitfield@tidewatercasualty.example',
  } },
  { name: 'Atlas Re', profile: {
    description: 'Treaty reinsurer of the cyber book.',
    phone: '2125550199', address1: '200 Liberty Street', city: 'New York', state: 'NY', zipCode: '10281',
    contactFirstName: 'Rita', contactLastName: 'Reinsurer', contactEmail: 'reinsurer@reinsurer.example',
  } },
  { name: 'Premium Finance Services', profile: {
    description: 'Premium finance and instalment collection for commercial policies.',
    phone: '3125550133', address1: '10 South LaSalle Street', city: 'Chicago', state: 'IL', zipCode: '60603',
    contactFirstName: 'Pat', contactLastName: 'Processor', contactEmail: 'processor@premium.example',
  } },
  { name: 'Sentinel Managed Security', profile: {
    description: 'Managed detection and response for small and mid-sized businesses.',
    phone: '5125550161', address1: '500 West 2nd Street', city: 'Austin', state: 'TX', zipCode: '78701',
    contactFirstName: 'Max', contactLastName: 'Secure', contactEmail: 'mssp@mssp.example',
  } },
];

/** [organisation, its type, agency]: who belongs to whom. */
const MEMBERSHIPS: ReadonlyArray<readonly [string, string, string]> = [
  ['Mountain States Agency Cluster', 'CLUSTER', 'Summit Risk Partners'],
  ['Gulf Coast Agency Network', 'CLUSTER', 'Secure Agency'],
  ['QuoteStream Digital', 'DIGITAL', 'Harbor Insurance Group'],
  ['Keystone Specialty Insurance Company', 'CARRIER', 'Summit Risk Partners'],
  ['Keystone Specialty Insurance Company', 'CARRIER', 'Harbor Insurance Group'],
  ['Tidewater Casualty Company', 'CARRIER', 'Harbor Insurance Group'],
  ['Sentinel Managed Security', 'MSSP', 'Summit Risk Partners'],
];

const CARRIER_PROFILES = [
  { carrier: 'Keystone Specialty Insurance Company', name: 'Keystone Admitted', naicCode: '10120', amBestRating: 'A', paperType: 'ADMITTED', states: ['CO', 'NJ', 'NY', 'PA', 'TX'] },
  { carrier: 'Keystone Specialty Insurance Company', name: 'Keystone Excess and Surplus', naicCode: '10121', amBestRating: 'A', paperType: 'SURPLUS', states: ['CA', 'FL', 'LA', 'MT'] },
  { carrier: 'Tidewater Casualty Company', name: 'Tidewater Small Business', naicCode: '23817', amBestRating: 'A-', paperType: 'ADMITTED', states: ['DC', 'MD', 'NC', 'VA'] },
] as const;

/** A simple mark for the demo agency's small logo: a mountain on a blue tile. */
async function demoLogo(): Promise<Buffer> {
  const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="288" height="288">
    <rect width="288" height="288" rx="40" fill="#1d4ed8"/>
    <path d="M36 220 L116 92 L156 150 L184 112 L252 220 Z" fill="#ffffff"/>
    <path d="M116 92 L134 121 L116 116 L99 121 Z" fill="#bfdbfe"/></svg>`);
  const png = await sharp(svg).png().toBuffer();
  return cropLogo({ image: png, width: 288, height: 288 }, { x: 0, y: 0, width: 288, height: 288 }, 's');
}

export async function seedDemoOrganisations(tx: Queryable, clock: Clock): Promise<void> {
  const now = clock.now();
  const idOf = async (name: string) => {
    const [row] = await tx.query<{ id: string }>('SELECT id FROM accounts WHERE name = $1', [name]);
    if (!row) throw new Error(`Demo organisation names unknown account '${name}'`);
    return row.id;
  };
  for (const organisation of ORGANISATIONS) {
    if (organisation.create) {
      const [account] = await tx.query<{ id: string }>(
        'INSERT INTO accounts (name, account_type, edition, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
        [organisation.name, organisation.create.accountType, organisation.create.edition, now],
      );
      await tx.query(`INSERT INTO teams (account_id, name, is_default) VALUES ($1, 'Default Team', true)`, [account!.id]);
    }
    await writeProfile(tx, clock, await idOf(organisation.name), organisation.profile, null);
  }
  for (const [organisation, type, agency] of MEMBERSHIPS) {
    await tx.query(
      'INSERT INTO organisation_agencies (organisation_id, organisation_type, agency_id, added_at) VALUES ($1, $2, $3, $4)',
      [await idOf(organisation), type, await idOf(agency), now],
    );
  }
  for (const profile of CARRIER_PROFILES) {
    await tx.query(
      `INSERT INTO carrier_profiles (carrier_id, name, naic_code, am_best_rating, paper_type, states, active, created_at, modified_at)
       VALUES ($1, $2, $3, $4, $5, $6, true, $7, $7)`,
      [await idOf(profile.carrier), profile.name, profile.naicCode, profile.amBestRating, profile.paperType, [...profile.states], now],
    );
  }
  const [mssp] = await tx.query<{ id: string }>(`SELECT u.id FROM users u WHERE u.email = 'mssp@mssp.example'`);
  const client = await insertBusinessAccount(tx, clock, {
    agencyId: await idOf('Summit Risk Partners'),
    name: 'Riverbend Veterinary Clinic',
    address: { address1: '2210 South Congress Avenue', city: 'Austin', state: 'TX', zipCode: '78704' },
    phone: '5125550187',
  }, { userId: mssp?.id ?? null, source: 'mssp' });
  await tx.query('INSERT INTO mssp_accounts (mssp_id, account_id, created_at, created_by) VALUES ($1, $2, $3, $4)',
    [await idOf('Sentinel Managed Security'), client.accountId, now, mssp?.id ?? null]);
  await tx.query(
    `INSERT INTO agency_logos (agency_id, size, image, content_type, width, height, updated_at) VALUES ($1, 's', $2, 'image/png', 144, 144, $3)`,
    [await idOf('Summit Risk Partners'), await demoLogo(), now],
  );
}
