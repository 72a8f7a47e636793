import { createHash } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/database.ts';

/**
 * Licences of the demo agencies (a development start only, with the other demo records): the US agencies'
 * state licences with their resident state, their agents' licences, surplus lines brokers (one in Louisiana
 * with the signature on file) and the Louisiana and Montana surplus lines notices, so the licences page shows
 * a working agency. The UK brokerage holds none: licences by state are a US notion.
 */

const DAY_MS = 86_400_000;

interface DemoAgencyLicense {
  agency: string;
  number: string;
  state: string;
  resident?: boolean;
  /** Days from today the licence expires. */
  expiresInDays: number;
}

export const DEMO_AGENCY_LICENSES: readonly DemoAgencyLicense[] = [
  { agency: 'Summit Risk Partners', number: '0H52917', state: 'CO', resident: true, expiresInDays: 410 },
  { agency: 'Summit Risk Partners', number: '2194417', state: 'TX', expiresInDays: 230 },
  { agency: 'Summit Risk Partners', number: 'L092831', state: 'FL', expiresInDays: 590 },
  { agency: 'Summit Risk Partners', number: '841277', state: 'LA', expiresInDays: 300 },
  { agency: 'Summit Risk Partners', number: '3001842', state: 'MT', expiresInDays: 24 },
  { agency: 'Summit Risk Partners', number: 'NY 1187342', state: 'NY', expiresInDays: 160 },
  { agency: 'Harbor Insurance Group', number: '1908254', state: 'MA', resident: true, expiresInDays: 520 },
  { agency: 'Harbor Insurance Group', number: 'RI 2200871', state: 'RI', expiresInDays: 190 },
  { agency: 'Harbor Insurance Group', number: '2277410', state: 'NH', expiresInDays: 75 },
];

interface DemoAgentLicense {
  agent: string;
  number: string;
  state: string;
  expiresInDays: number;
}

export const DEMO_AGENT_LICENSES: readonly DemoAgentLicense[] = [
  { agent: 'agent@agency.example', number: '17654321 CO', state: 'CO', expiresInDays: 380 },
  { agent: 'agent@agency.example', number: '2870133', state: 'TX', expiresInDays: 240 },
  { agent: 'agent@agency.example', number: 'LA 664021', state: 'LA', expiresInDays: 310 },
  { agent: 'agent@agency.example', number: 'MT 88713', state: 'MT', expiresInDays: 45 },
  { agent: 'agent@otheragency.example', number: '2011547', state: 'MA', expiresInDays: 450 },
  { agent: 'agent@otheragency.example', number: 'CT 2533980', state: 'CT', expiresInDays: 130 },
  { agent: 'mfa@agency.example', number: '3310928', state: 'TX', expiresInDays: 270 },
];

interface DemoSurplusLicense {
  agency: string;
  firstName: string;
  lastName: string;
  email: string;
  number: string;
  state: string;
  signatureOnFile?: boolean;
  /** Days before today the licence was added. */
  addedDaysAgo: number;
}

export const DEMO_SURPLUS_LICENSES: readonly DemoSurplusLicense[] = [
  { agency: 'Summit Risk Partners', firstName: 'Thomas', lastName: 'Boudreaux', email: 'tboudreaux@bayouexcess.com', number: 'SL 774120', state: 'LA', signatureOnFile: true, addedDaysAgo: 62 },
  { agency: 'Summit Risk Partners', firstName: 'Renee', lastName: 'Lindqvist', email: 'rlindqvist@bigskysurplus.com', number: 'MT 220981', state: 'MT', addedDaysAgo: 40 },
  { agency: 'Summit Risk Partners', firstName: 'Priya', lastName: 'Natarajan', email: 'pnatarajan@empireexcess.com', number: 'EX 1187342', state: 'NY', addedDaysAgo: 9 },
  { agency: 'Summit Risk Partners', firstName: 'Marcus', lastName: 'Hale', email: 'mhale@frontrangesurplus.com', number: 'SL 40017', state: 'CO', addedDaysAgo: 2 },
  { agency: 'Harbor Insurance Group', firstName: 'Grace', lastName: 'Sullivan', email: 'gsullivan@baystateexcess.com', number: 'MA 300812', state: 'MA', addedDaysAgo: 30 },
];

const NOTICES: ReadonlyArray<{ state: string; fileName: string; title: string; lines: string[] }> = [
  {
    state: 'LA', fileName: 'louisiana-surplus-lines-notice.pdf', title: 'Louisiana Surplus Lines Notice',
    lines: [
      'This insurance is placed with an insurer that is not licensed (admitted) in the State of Louisiana.',
      'It is written as surplus lines insurance through a licensed Louisiana surplus lines broker.',
      'The insurer is not a member of the Louisiana Insurance Guaranty Association, which will not',
      'pay claims under this policy if the insurer becomes insolvent.',
      '',
      'Named insured: ______________________________   Date: ____________',
      'Signature:    ______________________________',
    ],
  },
  {
    state: 'MT', fileName: 'montana-surplus-lines-notice.pdf', title: 'Montana Surplus Lines Notice',
    lines: [
      'This policy is issued by an insurer that is not licensed by the Montana Commissioner of Securities',
      'and Insurance. It is placed as surplus lines insurance by a licensed Montana surplus lines broker.',
      'The Montana Insurance Guaranty Association does not cover claims under this policy.',
      '',
      'Named insured: ______________________________   Date: ____________',
      'Signature:    ______________________________',
    ],
  },
];

/** A one-page PDF of a heading and lines of text, in Helvetica (no library: the objects and their offsets are written by hand). */
export function noticePdf(title: string, lines: readonly string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`);
  const text = [
    'BT', '/F1 16 Tf', '72 720 Td', `(${escape(title)}) Tj`, '/F1 11 Tf', '0 -32 Td',
    ...lines.flatMap((line) => [`(${escape(line)}) Tj`, '0 -16 Td']), 'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Writes the demo licences and notices; the caller runs it once, with the other demo records. */
export async function seedDemoLicenses(tx: Queryable, clock: Clock): Promise<void> {
  const now = clock.now();
  const inDays = (days: number) => isoDay(new Date(now.getTime() + days * DAY_MS));
  const [admin] = await tx.query<{ id: string }>(`SELECT id FROM users WHERE email = 'admin@provider.example'`);
  const agencyOf = async (name: string) => {
    const [row] = await tx.query<{ id: string; npn: string | null }>(`SELECT id, npn FROM accounts WHERE name = $1 AND account_type = 'AGENCY'`, [name]);
    if (!row) throw new Error(`Demo licence names unknown agency '${name}'`);
    return row;
  };
  for (const license of DEMO_AGENCY_LICENSES) {
    const agency = await agencyOf(license.agency);
    await tx.query(
      `INSERT INTO agency_licenses (agency_id, npn, number, state, active_resident_state, expiration_date, created_at, created_by, updated_at, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $7, $8)`,
      [agency.id, agency.npn, license.number, license.state, license.resident === true, inDays(license.expiresInDays), now, admin?.id ?? null],
    );
  }
  for (const license of DEMO_AGENT_LICENSES) {
    const [agent] = await tx.query<{ id: string; account_id: string; npn: string | null }>('SELECT id, account_id, npn FROM users WHERE email = $1', [license.agent]);
    if (!agent) throw new Error(`Demo licence names unknown agent '${license.agent}'`);
    await tx.query(
      `INSERT INTO agent_licenses (agency_id, agent_user_id, npn, number, state, expiration_date, created_at, created_by, updated_at, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $7, $8)`,
      [agent.account_id, agent.id, agent.npn, license.number, license.state, inDays(license.expiresInDays), now, admin?.id ?? null],
    );
  }
  for (const license of DEMO_SURPLUS_LICENSES) {
    const agency = await agencyOf(license.agency);
    const added = new Date(now.getTime() - license.addedDaysAgo * DAY_MS);
    await tx.query(
      `INSERT INTO surplus_licenses (agency_id, broker_first_name, broker_last_name, broker_email, surplus_license_number, surplus_lines_state,
         signature_on_file, created_at, created_by, updated_at, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $8, $9)`,
      [agency.id, license.firstName, license.lastName, license.email, license.number, license.state, license.signatureOnFile === true, added, admin?.id ?? null],
    );
  }
  for (const notice of NOTICES) {
    const content = noticePdf(notice.title, notice.lines);
    await tx.query(
      `INSERT INTO surplus_notice_templates (state, file_name, content_type, content, size, sha256, uploaded_at, uploaded_by)
       VALUES ($1, $2, 'application/pdf', $3, $4, $5, $6, $7) ON CONFLICT (state) DO NOTHING`,
      [notice.state, notice.fileName, content, content.length, createHash('sha256').update(content).digest('hex'), now, admin?.id ?? null],
    );
  }
}
