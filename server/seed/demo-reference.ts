import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/database.ts';
import { importAccounts, type LineTransaction } from '../resources/uploads/import-accounts.ts';
import { insertUpload } from '../resources/uploads/repository.ts';
import { sheetLines } from '../resources/uploads/read-upload.ts';

/**
 * The reference-data demo of a development start (seeded with the demo records, server/seed/demo-records.ts): a
 * blacklist of disposable mail domains, each demo agency's tags applied to its clients, and one bulk upload per
 * agency run through the same import the upload dialog uses, each with a line that failed. The industry-code and
 * state lists are not demo data: migrations seed them on every database.
 */

const BLACKLIST = ['mailinator.com', 'guerrillamail.com', 'yopmail.com', '10minutemail.com', 'sharklasers.com'];

const TAGS: ReadonlyArray<{ agency: string; tags: Record<string, string[]> }> = [
  {
    agency: 'Summit Risk Partners',
    tags: {
      'Key Account': ['Cedar Grove Logistics Inc', 'Lakeside Credit Union'],
      'Renewal Q1': ['Cedar Grove Logistics Inc'],
      Healthcare: ['Brightline Dental Group'],
      'Financial Services': ['Lakeside Credit Union'],
      Prospect: [],
    },
  },
  {
    agency: 'Thames Cyber Brokers',
    tags: {
      'Renewal Q1': ['Thameside Freight Ltd'],
      Healthcare: ['Pennine Dental Practice Ltd'],
      'Professional Services': ['Harbourside Architects LLP'],
    },
  },
];

const DAY_MS = 86_400_000;

const UPLOADS: ReadonlyArray<{ agency: string; uploader: string; fileName: string; daysAgo: number; tags: string[]; team: string | null; lines: string[] }> = [
  {
    agency: 'Summit Risk Partners', uploader: 'agent@agency.example', fileName: 'prospects-november.csv', daysAgo: 3, tags: ['Prospect'], team: 'East Coast',
    lines: [
      'Account Name,Address Line 1,Address Line 2,City,State,Zip Code,Phone,Domain,NAICS Code,Contact First Name,Contact Last Name,Contact Email',
      'Granite State Orthopedics PLLC,175 Ammon Drive,Suite 201,Manchester,NH,03103,6035550147,granitestateortho.com,621111,Rachel,Kim,rkim@granitestateortho.com',
      'Bay Colony Property Management LLC,60 State Street,,Boston,MA,02109,6175550188,baycolonypm.com,531311,Marcus,Webb,mwebb@baycolonypm.com',
      'Hudson Valley Credit Services Inc,25 Market Street,,Poughkeepsie,NY,12601,8455550120,hvcreditservices.com,522390,,,',
      'Quarry Road Fabrication Co,88 Quarry Road,,Barre,VT,00000,8025550166,quarryroadfab.com,332312,,,',
    ],
  },
  {
    agency: 'Thames Cyber Brokers', uploader: 'broker@brokerage.example', fileName: 'new-clients.csv', daysAgo: 5, tags: [], team: null,
    lines: [
      'Account Name,Address Line 1,Address Line 3,Town/City,Postcode,Phone,Domain,SIC Code',
      'Clifton Veterinary Surgery Ltd,14 Princess Victoria Street,Clifton,Bristol,BS8 4BX,01174960155,cliftonvets.co.uk,75000',
      'Prize Draw Promotions Ltd,3 Market Place,,Reading,RG1 2DE,01184960170,prizedraw.mailinator.com,73110',
    ],
  },
];

/** Each line in a savepoint of the seed's transaction, as the upload gives each line a transaction of its own. */
function savepoints(tx: Queryable): LineTransaction {
  return async (work) => {
    await tx.query('SAVEPOINT demo_upload_line');
    try {
      const result = await work(tx);
      await tx.query('RELEASE SAVEPOINT demo_upload_line');
      return result;
    } catch (error) {
      await tx.query('ROLLBACK TO SAVEPOINT demo_upload_line');
      throw error;
    }
  };
}

export async function seedDemoReference(tx: Queryable, clock: Clock): Promise<void> {
  const [seeded] = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM blacklisted_domains');
  if ((seeded?.count ?? 0) > 0) return;
  const now = clock.now();
  const [admin] = await tx.query<{ id: string }>(`SELECT id FROM users WHERE email = 'admin@provider.example'`);
  for (const [index, name] of BLACKLIST.entries()) {
    await tx.query('INSERT INTO blacklisted_domains (name, created_at, created_by) VALUES ($1, $2, $3)', [name, new Date(now.getTime() - (30 - index) * DAY_MS), admin?.id ?? null]);
  }

  for (const { agency, tags } of TAGS) {
    const [owner] = await tx.query<{ id: string }>('SELECT id FROM accounts WHERE name = $1', [agency]);
    if (!owner) throw new Error(`Demo tags name unknown agency '${agency}'`);
    for (const [name, clients] of Object.entries(tags)) {
      const [tag] = await tx.query<{ id: string }>('INSERT INTO tags (account_id, name, created_at) VALUES ($1, $2, $3) RETURNING id', [owner.id, name, now]);
      for (const client of clients) {
        await tx.query(
          `INSERT INTO account_tags (account_id, tag_id, applied_at) SELECT id, $2, $3 FROM accounts WHERE name = $1 AND agency_id = $4`,
          [client, tag!.id, now, owner.id],
        );
      }
    }
  }

  for (const upload of UPLOADS) {
    const [agency] = await tx.query<{ id: string; edition: 'us' | 'uk' }>('SELECT id, edition FROM accounts WHERE name = $1', [upload.agency]);
    const [user] = await tx.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [upload.uploader]);
    const [team] = upload.team ? await tx.query<{ id: string }>('SELECT id FROM teams WHERE account_id = $1 AND name = $2', [agency!.id, upload.team]) : [];
    const tagIds = (await tx.query<{ id: string }>('SELECT id FROM tags WHERE account_id = $1 AND name = ANY($2::text[])', [agency!.id, upload.tags])).map((row) => row.id);
    const content = Buffer.from(`${upload.lines.join('\r\n')}\r\n`);
    const results = await importAccounts(tx, savepoints(tx), clock, sheetLines({ fileType: 'csv', content }), {
      agencyId: agency!.id, edition: agency!.edition, teamId: team?.id ?? null, tagIds, addRedAccounts: false,
      actor: { userId: user!.id, ip: null, mayConfirmUnverifiedAddress: false },
    });
    await insertUpload(tx, {
      agencyId: agency!.id, userId: user!.id, teamId: team?.id ?? null, at: new Date(now.getTime() - upload.daysAgo * DAY_MS), results,
      upload: { fileName: upload.fileName, fileType: 'csv', content, tags: upload.tags, addRedAccounts: false, teamId: team?.id ?? null, agencyId: agency!.id },
    });
  }
}
