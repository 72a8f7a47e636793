import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Bulk upload of accounts (spec 001 sections 5, 7, 8, 9): real .xlsx, .xls and .csv files made here with SheetJS,
 * each line a client account of the uploading agency (with the chosen tags and team), a bad line failing with its
 * reason while the others are created; 5MB at most ('The file size is too big, 5MB max.'), a file that is not what
 * its name says refused, no file ('No file selected for upload.'); red accounts only on request; the upload record
 * (numUploaded, numSuccess, numFailure, uploadTime) with its lines, per agency; the template per edition; audited.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const UK = 'console.example.uk';
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const US_HEADER = ['Account Name', 'Address Line 1', 'Address Line 2', 'City', 'State', 'Zip Code', 'Phone', 'Domain', 'NAICS Code', 'Contact First Name', 'Contact Last Name', 'Contact Email'];

function workbook(lines: unknown[][], bookType: XLSX.BookType): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(lines), 'Accounts');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

/** A multipart/form-data body as a browser sends it: the small fields, then the file. */
function multipart(fields: Record<string, string>, file?: { name: string; content: Buffer; type?: string }) {
  const boundary = `----upload${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`));
    parts.push(file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(caller: string, fields: Record<string, string>, file?: { name: string; content: Buffer; type?: string }, host?: string) {
  const body = multipart(fields, file);
  return t.inject({
    method: 'POST', url: '/api/account/v1/bulk-upload', payload: body.payload,
    headers: { authorization: `Bearer ${tokens[caller]}`, 'content-type': body.contentType, ...(host ? { host } : {}) },
  });
}

function get(caller: string, url: string, host?: string) {
  return t.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[caller]}`, ...(host ? { host } : {}) } });
}

async function clientsOf(agencyName: string): Promise<Array<{ name: string; zip_code: string; team: string; tags: string[] }>> {
  return t.db.query(
    `SELECT a.name, d.zip_code, tm.name AS team, coalesce(array(SELECT tg.name FROM account_tags at JOIN tags tg ON tg.id = at.tag_id WHERE at.account_id = a.id ORDER BY tg.name), '{}') AS tags
     FROM accounts a JOIN accounts ag ON ag.id = a.agency_id JOIN account_details d ON d.account_id = a.id JOIN teams tm ON tm.id = d.team_id
     WHERE ag.name = $1 ORDER BY a.name`,
    [agencyName],
  );
}

beforeAll(async () => {
  t = await startTestApp();
  const users = { admin: 'admin@provider.example', agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example', broker: 'broker@brokerage.example', policyholder: 'policyholder@insured.example' };
  for (const [name, email] of Object.entries(users)) tokens[name] = (await t.tokensFor(email)).accessToken;
  for (const name of ['Renewal Q1', 'Logistics']) {
    await t.inject({ method: 'POST', url: '/api/account/v1/tags', payload: { name }, headers: { authorization: `Bearer ${tokens.agent}` } });
  }
  await t.inject({ method: 'POST', url: '/api/account/v1/domain/blacklist', payload: { name: 'mailinator.com' }, headers: { authorization: `Bearer ${tokens.admin}` } });
});

afterAll(async () => {
  await t?.close();
});

describe('the template', () => {
  it('is an .xlsx made for the edition: US State and Zip Code; UK Address Line 3, Town/City, Postcode and SIC Code', async () => {
    const us = await get('agent', '/api/account/v1/bulk-upload/template');
    expect(us.statusCode).toBe(200);
    expect(us.headers['content-type']).toContain(XLSX_MIME);
    expect(us.headers['content-disposition']).toContain('account-upload-template.xlsx');
    const usBook = XLSX.read(us.rawPayload, { type: 'buffer' });
    expect(usBook.SheetNames).toEqual(['Accounts', 'Example', 'Notes']);
    const usHeader = XLSX.utils.sheet_to_json<string[]>(usBook.Sheets.Accounts!, { header: 1 })[0];
    expect(usHeader).toEqual(['Account Name', 'Address Line 1', 'Address Line 2', 'City', 'State', 'Zip Code', 'Phone', 'Domain', 'NAICS Code', 'Contact First Name', 'Contact Last Name', 'Contact Email', 'Contact Phone']);
    // The sheet an upload reads holds the header only, so an untouched template creates nothing.
    expect(XLSX.utils.sheet_to_json(usBook.Sheets.Accounts!, { header: 1 })).toHaveLength(1);

    const uk = await get('broker', '/api/account/v1/bulk-upload/template', UK);
    const ukHeader = XLSX.utils.sheet_to_json<string[]>(XLSX.read(uk.rawPayload, { type: 'buffer' }).Sheets.Accounts!, { header: 1 })[0];
    expect(ukHeader).toEqual(['Account Name', 'Address Line 1', 'Address Line 2', 'Address Line 3', 'Town/City', 'Postcode', 'Phone', 'Domain', 'SIC Code', 'Contact First Name', 'Contact Last Name', 'Contact Email', 'Contact Phone']);
  });
});

describe('uploading accounts', () => {
  it('an .xlsx with a bad line among good ones: the good lines become accounts with the tags and team, the bad one keeps its reason', async () => {
    const [team] = await t.db.query<{ id: string }>(`SELECT t.id FROM teams t JOIN accounts a ON a.id = t.account_id WHERE a.name = 'Summit Risk Partners' AND t.name = 'West Coast'`);
    const file = workbook([
      US_HEADER,
      ['Cedar Grove Logistics Inc', '1450 West Fulton Street', 'Suite 300', 'Chicago', 'IL', '60607', '3125550164', 'cedargrovelogistics.com', '484110', 'Priya', 'Raman', 'priya.raman@cedargrovelogistics.com'],
      ['Brightline Dental Group', '22 Lincoln Square', '', 'Worcester', 'MA', '01608', '', 'brightlinedental.com', '621210', '', '', ''],
      ['Mile High Bakery LLC', '410 Industrial Parkway', '', 'Denver', 'CO', '00000', '', '', '', '', '', ''],
      [],
      ['Lakeside Credit Union', '900 West Riverside Avenue', '', 'Spokane', 'WA', '99201', '5095550190', 'lakesidecu.org', '522130', '', '', ''],
    ], 'xlsx');
    const response = await upload('agent', { tags: 'Renewal Q1, Logistics', addRedAccounts: 'false', teamId: team!.id }, { name: 'accounts.xlsx', content: file, type: XLSX_MIME });
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json();
    expect(result).toMatchObject({ message: 'Uploaded Successfully', fileName: 'accounts.xlsx', fileType: 'xlsx', numUploaded: 4, numSuccess: 3, numFailure: 1, tags: ['Renewal Q1', 'Logistics'], teamName: 'West Coast', agencyName: 'Summit Risk Partners' });
    expect(new Date(result.uploadTime).getTime()).toBe(t.clock.now().getTime());
    expect(result.rows.map((row: Json) => [row.rowNumber, row.status])).toEqual([[2, 'CREATED'], [3, 'CREATED'], [4, 'FAILED'], [6, 'CREATED']]);
    expect(result.rows[2]).toMatchObject({ accountName: 'Mile High Bakery LLC', message: 'Invalid ZIP Code', accountId: null });

    const clients = await clientsOf('Summit Risk Partners');
    expect(clients.map((client) => client.name)).toEqual(['Brightline Dental Group', 'Cedar Grove Logistics Inc', 'Lakeside Credit Union']);
    expect(clients.every((client) => client.team === 'West Coast')).toBe(true);
    expect(clients[0]!.tags).toEqual(['Logistics', 'Renewal Q1']);
    // The leading zero of a Zip Code typed as text survives.
    expect(clients[0]!.zip_code).toBe('01608');

    const lines = await get('agent', `/api/account/v1/bulk-upload/rows/search?uploadId=${result.id}&status=FAILED`);
    expect(lines.json().content).toEqual([expect.objectContaining({ rowNumber: 4, message: 'Invalid ZIP Code' })]);
    const audit = await t.db.query<{ detail: Json }>(`SELECT detail FROM audit_log WHERE action = 'upload.create' AND target = $1`, [result.id]);
    expect(audit[0]!.detail).toMatchObject({ numUploaded: 4, numSuccess: 3, numFailure: 1, fileType: 'xlsx', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const created = await t.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM audit_log WHERE action = 'account.create' AND detail->>'source' = 'bulk-upload'`);
    expect(created[0]!.count).toBe(3);
  });

  it('an .xls (Excel 97-2003) file; a line naming an account the agency already has fails as a duplicate', async () => {
    const file = workbook([
      US_HEADER,
      ['Cedar Grove Logistics Inc', '1450 West Fulton Street', '', 'Chicago', 'IL', '60607', '', '', '', '', '', ''],
      ['Harborview Marine Supply', '88 Harbor Drive', '', 'San Diego', 'CA', '92101', '6195550123', 'harborviewmarine.com', '423860', '', '', ''],
    ], 'biff8');
    const response = await upload('agent', {}, { name: 'legacy.xls', content: file });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ fileType: 'xls', numUploaded: 2, numSuccess: 1, numFailure: 1, teamName: null });
    expect(response.json().rows[0].message).toBe('An account with this name already exists at this address.');
  });

  it('a .csv in the UK edition, with Postcode, Town/City and a SIC code with its leading zero', async () => {
    const csv = [
      'Account Name,Address Line 1,Address Line 3,Town/City,Postcode,Phone,Domain,SIC Code',
      'Pennine Dental Practice Ltd,18 Park Row,,Leeds,LS1 5JD,01135550142,penninedental.co.uk,86230',
      'Highland Crofters Co-operative,3 Harbour Road,Ullapool,Ullapool,IV26 2UH,,,01500',
      '"Harbourside Architects, LLP",12 Queen Square,Redcliffe,Bristol,XX1 4DJ,,,',
    ].join('\r\n');
    const response = await upload('broker', {}, { name: 'clients.csv', content: Buffer.from(csv), type: 'text/csv' }, UK);
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json();
    expect(result).toMatchObject({ fileType: 'csv', numUploaded: 3, numSuccess: 2, numFailure: 1, agencyName: 'Thames Cyber Brokers' });
    expect(result.rows[2]).toMatchObject({ accountName: 'Harbourside Architects, LLP', status: 'FAILED', message: 'Unable to verify address: Postcode' });
    const [crofters] = await t.db.query<{ industry_code: string; address3: string }>(
      `SELECT d.industry_code, d.address3 FROM accounts a JOIN account_details d ON d.account_id = a.id WHERE a.name = 'Highland Crofters Co-operative'`,
    );
    expect(crofters).toEqual({ industry_code: '01500', address3: 'Ullapool' });
  });

  it('red accounts (a blacklisted domain, an industry code not in the list) fail unless the upload adds them, flagged', async () => {
    const lines = [
      US_HEADER,
      ['Prize Mail Partners', '1 Main Street', '', 'Chicago', 'IL', '60601', '', 'promo.mailinator.com', '', '', '', ''],
      ['Fictional Widgets Inc', '2 Main Street', '', 'Chicago', 'IL', '60601', '', 'fictionalwidgets.com', '999999', '', '', ''],
    ];
    const refused = (await upload('agent', { addRedAccounts: 'false' }, { name: 'red.csv', content: Buffer.from(XLSX.utils.sheet_to_csv(XLSX.utils.aoa_to_sheet(lines))) })).json();
    expect(refused).toMatchObject({ numSuccess: 0, numFailure: 2 });
    expect(refused.rows.map((row: Json) => [row.red, row.message])).toEqual([
      [true, 'Red account: the domain mailinator.com is blacklisted'],
      [true, 'Red account: 999999 is not an industry code of the list'],
    ]);
    const added = (await upload('agent', { addRedAccounts: 'true' }, { name: 'red.xlsx', content: workbook(lines, 'xlsx') })).json();
    expect(added).toMatchObject({ numSuccess: 2, numFailure: 0, addRedAccounts: true });
    expect(added.rows[0]).toMatchObject({ status: 'CREATED', red: true, message: 'Created; Red account: the domain mailinator.com is blacklisted' });
  });
});

describe('refusals', () => {
  it("a file over 5MB answers 413 'The file size is too big, 5MB max.'", async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 'a');
    const response = await upload('agent', {}, { name: 'huge.csv', content: big });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The file size is too big, 5MB max.');
  });

  it("no file answers 400 'No file selected for upload.'", async () => {
    const response = await upload('agent', { tags: 'Logistics' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'No file selected for upload.', errors: [{ field: 'file' }] });
    const empty = await upload('agent', {}, { name: 'empty.csv', content: Buffer.alloc(0) });
    expect(empty.json().message).toBe('No file selected for upload.');
  });

  it.each([
    ['a PNG named .xlsx', 'accounts.xlsx', Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6300010000050001', 'hex')],
    ['CSV text named .xlsx', 'accounts.xlsx', Buffer.from('Account Name\nAcme\n')],
    ['an .xlsx named .xls', 'accounts.xls', workbook([US_HEADER], 'xlsx')],
    ['an .xlsx named .csv', 'accounts.csv', workbook([US_HEADER], 'xlsx')],
    ['a PDF', 'accounts.pdf', Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj\n<<>>\nendobj\n')],
  ])('%s is refused with 415 and nothing is recorded', async (_, name, content) => {
    const before = await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM account_uploads');
    const response = await upload('agent', {}, { name, content });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('Upload a .xls, .xlsx or .csv file.');
    expect((await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM account_uploads'))[0]!.count).toBe(before[0]!.count);
  });

  it('a tag or team of another organisation is refused; a file without an Account Name column records every line as failed', async () => {
    const csv = Buffer.from('Company Label,Zip\nAcme,60601\n');
    expect((await upload('agent', { tags: 'Not A Tag' }, { name: 'a.csv', content: csv })).json()).toMatchObject({ message: "There is no tag named 'Not A Tag'." });
    const [foreignTeam] = await t.db.query<{ id: string }>(`SELECT t.id FROM teams t JOIN accounts a ON a.id = t.account_id WHERE a.name = 'Harbor Insurance Group' LIMIT 1`);
    expect((await upload('agent', { teamId: foreignTeam!.id }, { name: 'a.csv', content: csv })).json().message).toBe('Please select a Team');
    const noName = (await upload('agent', {}, { name: 'a.csv', content: csv })).json();
    expect(noName).toMatchObject({ numUploaded: 1, numFailure: 1, rows: [{ message: "The file has no 'Account Name' column." }] });
  });
});

describe('the upload records', () => {
  it("list an agency's own uploads newest first; another agency's answer like missing ones; provider staff see all", async () => {
    const own = (await get('agent', '/api/account/v1/bulk-upload/search')).json();
    expect(own.totalElements).toBeGreaterThanOrEqual(5);
    expect(new Set(own.content.map((row: Json) => row.agencyName))).toEqual(new Set(['Summit Risk Partners']));
    const times = own.content.map((row: Json) => row.uploadTime);
    expect(times).toEqual([...times].sort().reverse());
    expect((await get('otherAgent', '/api/account/v1/bulk-upload/search')).json().totalElements).toBe(0);
    const id = own.content[0].id;
    expect((await get('otherAgent', `/api/account/v1/bulk-upload/${id}`)).statusCode).toBe(404);
    expect((await get('otherAgent', `/api/account/v1/bulk-upload/rows/search?uploadId=${id}`)).statusCode).toBe(404);
    const all = (await get('admin', '/api/account/v1/bulk-upload/search?size=100&sort=agencyName,asc')).json();
    expect(new Set(all.content.map((row: Json) => row.agencyName))).toEqual(new Set(['Summit Risk Partners', 'Thames Cyber Brokers']));
    expect((await get('policyholder', '/api/account/v1/bulk-upload/search')).statusCode).toBe(403);
  });

  it('provider staff upload for an agency they name', async () => {
    const csv = Buffer.from('Account Name,Address Line 1,City,State,Zip Code\nNorthwind Outfitters,5 Pine Street,Portland,OR,97204\n');
    expect((await upload('admin', {}, { name: 'a.csv', content: csv })).json().message).toBe('Please select a Agency');
    const [agency] = await t.db.query<{ id: string }>(`SELECT id FROM accounts WHERE name = 'Harbor Insurance Group'`);
    const response = await upload('admin', { agencyId: agency!.id }, { name: 'a.csv', content: csv });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ agencyName: 'Harbor Insurance Group', numSuccess: 1 });
  });
});
