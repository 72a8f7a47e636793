import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { listOutbox } from '../../server/mail/outbox.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Agencies (spec 001 sections 3, 5, 7, 8 and 9): adding an agency (every rule and text of the agency form,
 * in both editions), its default team and its contact invited as Agency Admin who confirms through the
 * e-mailed link and signs in; the list and detail within the tenant rule (provider staff every agency, a
 * cluster or an aggregator its own, an agency itself); editing; the agency's own profile; small and medium
 * logos with real pictures made by sharp (size limits, type read from the content, the server's crop); and
 * the audit of every change.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const UK_HOST = 'console.example.uk';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const NEW_PASSWORD = 'Brand-New-Password-2026!';
const ids: Record<string, string> = {};

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function list(caller: string, query = ''): Promise<{ content: Json[]; totalElements: number }> {
  const response = await call(caller, 'GET', `/api/account/v1/agency/search?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const US_AGENCY = {
  name: 'Granite Peak Insurance Agency', npn: '1234567890', agencyId: 'GPIA-7', hostname: 'GranitePeak.cyberconsole.example',
  description: 'Commercial lines for Utah and Idaho.', additionalBrokerFee: 250,
  contactFirstName: 'Gwen', contactLastName: 'Granite', contactEmail: 'Gwen.Granite@granitepeak.example', contactPhone: '8015550143',
};

async function accountIdOf(name: string): Promise<string> {
  const [row] = await t.db.query<{ id: string }>('SELECT id FROM accounts WHERE name = $1', [name]);
  return row!.id;
}

beforeAll(async () => {
  t = await startTestApp();
  const users = {
    admin: 'admin@provider.example', operator: 'operator@provider.example', agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example',
    broker: 'broker@brokerage.example', policyholder: 'policyholder@insured.example', cluster: 'cluster@cluster.example', da: 'da@aggregator.example',
    carrier: 'carrier@carrier.example',
  };
  for (const [name, email] of Object.entries(users)) tokens[name] = (await t.tokensFor(email)).accessToken;
  for (const name of ['Summit Risk Partners', 'Harbor Insurance Group', 'Thames Cyber Brokers', 'Mountain States Agency Cluster', 'QuoteStream Digital']) {
    ids[name] = await accountIdOf(name);
  }
  // The cluster holds Summit Risk Partners; the aggregator Harbor Insurance Group.
  await t.db.query(`INSERT INTO organisation_agencies (organisation_id, organisation_type, agency_id, added_at) VALUES ($1, 'CLUSTER', $2, now()), ($3, 'DIGITAL', $4, now())`,
    [ids['Mountain States Agency Cluster'], ids['Summit Risk Partners'], ids['QuoteStream Digital'], ids['Harbor Insurance Group']]);
});

afterAll(async () => {
  await t?.close();
});

describe('adding an agency', () => {
  it('creates the agency with its default team, invites the contact as Agency Admin, who confirms by the e-mailed link and signs in', async () => {
    const created = await call('admin', 'POST', '/api/account/v1/agency', US_AGENCY);
    expect(created.statusCode, created.body).toBe(201);
    const agency = created.json();
    expect(agency).toMatchObject({
      name: 'Granite Peak Insurance Agency', npn: '1234567890', agencyId: 'GPIA-7', hostname: 'granitepeak.cyberconsole.example',
      contactEmail: 'gwen.granite@granitepeak.example', additionalBrokerFee: 250, edition: 'us', users: 1, teams: 1,
      hasSmallLogo: false, hasMediumLogo: false,
    });
    const [team] = await t.db.query<{ name: string; is_default: boolean }>('SELECT name, is_default FROM teams WHERE account_id = $1', [agency.id]);
    expect(team).toEqual({ name: 'Default Team', is_default: true });
    const [user] = await t.db.query<Json>(
      `SELECT u.status, u.role_id, u.first_name, u.last_name, u.phone, (SELECT count(*)::int FROM team_members m WHERE m.user_id = u.id) AS teams
       FROM users u WHERE u.account_id = $1`, [agency.id]);
    expect(user).toEqual({ status: 'PENDING_VALIDATION', role_id: 'agency-admin', first_name: 'Gwen', last_name: 'Granite', phone: '8015550143', teams: 1 });

    const [mail] = await listOutbox(t.db, 'gwen.granite@granitepeak.example');
    expect(mail?.subject).toBe('Confirm your e-mail address');
    const token = /\/confirmUser\/([A-Za-z0-9_-]+)/.exec(mail!.body)?.[1];
    expect(token).toBeTruthy();
    const confirmed = await t.inject({ method: 'POST', url: `/api/auth/v1/validateUserInvited/${token}`, payload: { password: NEW_PASSWORD } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const signedIn = await t.login('gwen.granite@granitepeak.example', NEW_PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const me = (await t.getAs(signedIn.json().accessToken, '/api/auth/v1/me')).json();
    expect(me).toMatchObject({ email: 'gwen.granite@granitepeak.example', account: { name: 'Granite Peak Insurance Agency', accountType: 'AGENCY' } });
    // The new Agency Admin reaches their own agency.
    expect((await t.getAs(signedIn.json().accessToken, '/api/account/v1/agency/profile')).json()).toMatchObject({ id: agency.id });

    const actions = await t.db.query<{ action: string; target: string }>(`SELECT action, target FROM audit_log WHERE action IN ('agency.create', 'user.invite') ORDER BY id`);
    expect(actions.map((row) => row.action)).toEqual(['agency.create', 'user.invite']);
    expect(actions[0]!.target).toBe(agency.id);
    ids.granite = agency.id;
  });

  it.each([
    ['npn', { npn: '12345678901' }, 'NPN must be less than or equal to 10 digits', 'maxLength'],
    ['npn', { npn: 'ABC' }, 'NPN must be digits only', 'pattern'],
    ['npn', { npn: undefined }, 'NPN is a required field', 'required'],
    ['contactFirstName', { contactFirstName: ' ' }, 'First Name is a required field', 'required'],
    ['contactLastName', { contactLastName: undefined }, 'Last Name is a required field', 'required'],
    ['contactEmail', { contactEmail: 'not-an-address' }, 'Please enter a valid Email Address', 'format'],
    ['contactEmail', { contactEmail: undefined }, 'Email is a required field', 'required'],
    ['contactPhone', { contactPhone: undefined }, 'Phone is a required field', 'required'],
    ['contactPhone', { contactPhone: '555012' }, 'Phone number must be in the format (555) 555-5555', 'pattern'],
    ['additionalBrokerFee', { additionalBrokerFee: -1 }, 'Additional Broker fee cannot be less than $0', 'minimum'],
    ['additionalBrokerFee', { additionalBrokerFee: 10000.01 }, 'Additional Broker fee must be less than or equal to $10,000', 'maximum'],
    ['hostname', { hostname: 'not a host' }, 'Not a valid hostname', 'pattern'],
  ])('US: %s %j is refused with %s', async (field, change, message, code) => {
    const response = await call('admin', 'POST', '/api/account/v1/agency', { ...US_AGENCY, contactEmail: 'someone.new@example.com', hostname: undefined, ...change });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Not able to add agency at this time' });
    expect(response.json().errors).toContainEqual({ field, message, code });
  });

  it('the broker fee bounds are included: 0 and 10,000 are accepted', async () => {
    for (const [fee, email] of [[0, 'fee.zero@example.com'], [10000, 'fee.max@example.com']] as const) {
      const response = await call('admin', 'POST', '/api/account/v1/agency', { ...US_AGENCY, name: `Fee ${fee} Agency`, hostname: undefined, contactEmail: email, additionalBrokerFee: fee });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().additionalBrokerFee).toBe(fee);
    }
  });

  it('UK: a brokerage has no NPN, its phone is a UK number and the fee bounds are in pounds', async () => {
    const brokerage = {
      name: 'Severn Cyber Brokers', agencyId: 'SCB', description: 'Bristol brokerage.', contactFirstName: 'Sian', contactLastName: 'Severn',
      contactEmail: 'sian@severncyber.example', contactPhone: '01179460123', additionalBrokerFee: 100,
    };
    const usPhone = await call('admin', 'POST', '/api/account/v1/agency', { ...brokerage, contactPhone: '555012' }, UK_HOST);
    expect(usPhone.json().errors).toContainEqual({ field: 'contactPhone', message: 'Phone number must be in the format 44 5555 555555', code: 'pattern' });
    const fee = await call('admin', 'POST', '/api/account/v1/agency', { ...brokerage, additionalBrokerFee: 20000 }, UK_HOST);
    expect(fee.json().errors).toContainEqual({ field: 'additionalBrokerFee', message: 'Additional Broker fee must be less than or equal to £10,000', code: 'maximum' });
    const created = await call('admin', 'POST', '/api/account/v1/agency', { ...brokerage, npn: '123' }, UK_HOST);
    expect(created.statusCode, created.body).toBe(201);
    // The UK form has no NPN: one sent anyway is dropped, not stored.
    expect(created.json()).toMatchObject({ name: 'Severn Cyber Brokers', npn: null, edition: 'uk', contactPhone: '01179460123' });
    ids.severn = created.json().id;
  });

  it('a contact e-mail that is already a user, or a hostname in use, answers 409 and stores nothing', async () => {
    const before = (await list('admin', 'size=200')).totalElements;
    const taken = await call('admin', 'POST', '/api/account/v1/agency', { ...US_AGENCY, name: 'Copycat Agency', contactEmail: 'agent@agency.example', hostname: undefined });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: 'A user with this email address already exists.', errors: [{ field: 'contactEmail' }] });
    const host = await call('admin', 'POST', '/api/account/v1/agency', { ...US_AGENCY, name: 'Copycat Agency', contactEmail: 'copy@example.com', hostname: 'granitepeak.CYBERCONSOLE.example' });
    expect(host.statusCode).toBe(409);
    expect(host.json().message).toBe('This hostname is already in use.');
    expect((await list('admin', 'size=200')).totalElements).toBe(before);
  });

  it('only provider staff with agency:write add agencies', async () => {
    for (const caller of ['agent', 'operator', 'cluster', 'policyholder']) {
      expect((await call(caller, 'POST', '/api/account/v1/agency', US_AGENCY)).statusCode, caller).toBe(403);
    }
  });
});

describe('the agency list and detail', () => {
  it('provider staff see every agency, sorted by name by default, paged and searched on the server', async () => {
    const all = await list('admin', 'size=200');
    const names = all.content.map((agency) => agency.name);
    expect(names).toEqual(expect.arrayContaining(['Summit Risk Partners', 'Harbor Insurance Group', 'Thames Cyber Brokers', 'Granite Peak Insurance Agency']));
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(all.content.every((agency) => typeof agency.users === 'number')).toBe(true);
    const summit = all.content.find((agency) => agency.name === 'Summit Risk Partners')!;
    expect(summit).toMatchObject({ clusterName: 'Mountain States Agency Cluster', aggregatorName: null, npn: '17654321' });
    expect(all.content.find((agency) => agency.name === 'Harbor Insurance Group')).toMatchObject({ aggregatorName: 'QuoteStream Digital' });

    const first = await list('admin', 'size=2&page=0&sort=name,desc');
    const second = await list('admin', 'size=2&page=1&sort=name,desc');
    expect(first.content.map((row) => row.id)).not.toEqual(second.content.map((row) => row.id));
    expect((await list('admin', 'search=GRANITE')).content.map((row) => row.name)).toEqual(['Granite Peak Insurance Agency']);
    expect((await list('admin', 'search=1234567890')).content.map((row) => row.name)).toContain('Granite Peak Insurance Agency');
    expect((await list('admin', 'edition=uk')).content.every((row) => row.edition === 'uk')).toBe(true);
    expect((await list('admin', `organisationId=${ids['Mountain States Agency Cluster']}`)).content.map((row) => row.name)).toEqual(['Summit Risk Partners']);
    expect((await call('admin', 'GET', '/api/account/v1/agency/search?sort=contactEmail,asc')).statusCode).toBe(400);
  });

  it('a cluster or an aggregator sees its own agencies; an agency itself; others none', async () => {
    expect((await list('cluster')).content.map((row) => row.name)).toEqual(['Summit Risk Partners']);
    expect((await list('da')).content.map((row) => row.name)).toEqual(['Harbor Insurance Group']);
    expect((await list('agent')).content.map((row) => row.name)).toEqual(['Summit Risk Partners']);
    expect((await list('carrier')).totalElements).toBe(0);
    expect((await list('policyholder')).totalElements).toBe(0);

    expect((await call('cluster', 'GET', `/api/account/v1/agency/${ids['Summit Risk Partners']}`)).statusCode).toBe(200);
    for (const [caller, foreign] of [['cluster', 'Harbor Insurance Group'], ['da', 'Summit Risk Partners'], ['agent', 'Harbor Insurance Group'], ['otherAgent', 'Summit Risk Partners']] as const) {
      const response = await call(caller, 'GET', `/api/account/v1/agency/${ids[foreign]}`);
      expect(response.statusCode, `${caller} -> ${foreign}`).toBe(404);
      expect(response.json().message).toBe('Agency not found.');
    }
    expect((await call('admin', 'GET', `/api/account/v1/agency/${MISSING_ID}`)).statusCode).toBe(404);
    // A client account is not an agency.
    const insured = await accountIdOf('Acme Precision Manufacturing');
    expect((await call('admin', 'GET', `/api/account/v1/agency/${insured}`)).statusCode).toBe(404);
  });

  it("lists an agency's users within the same reach", async () => {
    const users = await call('admin', 'GET', `/api/account/v1/agency/users?agencyId=${ids['Summit Risk Partners']}&sort=email,asc`);
    expect(users.statusCode, users.body).toBe(200);
    const emails = users.json().content.map((user: Json) => user.email);
    expect(emails).toContain('agent@agency.example');
    expect(emails).toEqual([...emails].sort());
    expect(users.json().content[0]).toMatchObject({ role: expect.any(String), status: expect.any(String) });
    expect((await call('agent', 'GET', `/api/account/v1/agency/users?agencyId=${ids['Harbor Insurance Group']}`)).statusCode).toBe(404);
  });

  it("the agency's teams come from the teams list filtered to the agency, size 3000", async () => {
    const teams = await call('admin', 'GET', `/api/auth/v1/teams/all?size=3000&accountId=${ids['Summit Risk Partners']}`);
    expect(teams.statusCode, teams.body).toBe(200);
    expect(teams.json().content.map((team: Json) => team.name)).toEqual(['Default Team', 'East Coast', 'West Coast']);
  });
});

describe('editing', () => {
  it('provider staff edit an agency; the change is audited and nobody is invited again', async () => {
    const outboxBefore = (await listOutbox(t.db)).length;
    const edited = await call('admin', 'PUT', `/api/account/v1/agency/${ids.granite}`, { ...US_AGENCY, name: 'Granite Peak Insurance', additionalBrokerFee: 300.5, contactEmail: 'office@granitepeak.example' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Granite Peak Insurance', additionalBrokerFee: 300.5, contactEmail: 'office@granitepeak.example' });
    expect((await listOutbox(t.db)).length).toBe(outboxBefore);
    const [entry] = await t.db.query<{ detail: Json }>(`SELECT detail FROM audit_log WHERE action = 'agency.update' AND target = $1`, [ids.granite]);
    expect(entry!.detail).toMatchObject({ name: 'Granite Peak Insurance', before: { name: 'Granite Peak Insurance Agency' } });
    const refused = await call('admin', 'PUT', `/api/account/v1/agency/${ids.granite}`, { ...US_AGENCY, npn: '12345678901' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toContainEqual({ field: 'npn', message: 'NPN must be less than or equal to 10 digits', code: 'maxLength' });
  });

  it("an agency cannot edit agencies through the administration operation, not even its own", async () => {
    expect((await call('agent', 'PUT', `/api/account/v1/agency/${ids['Summit Risk Partners']}`, US_AGENCY)).statusCode).toBe(403);
  });

  it.each([['US', 'agent', undefined, '3035550142'], ['UK', 'broker', UK_HOST, '02079460958']])(
    '%s: an agency edits its own profile (description and contact) and nothing else',
    async (_, caller, host, phone) => {
      const saved = await call(caller, 'PUT', '/api/account/v1/agency/profile', {
        description: 'We place cyber for mid-market firms.', contactFirstName: 'Pat', contactLastName: 'Lee', contactEmail: 'pat.lee@example.com', contactPhone: phone,
      }, host);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ description: 'We place cyber for mid-market firms.', contactEmail: 'pat.lee@example.com' });
      const [entry] = await t.db.query<{ target: string }>(`SELECT target FROM audit_log WHERE action = 'agency.profile-update' ORDER BY id DESC LIMIT 1`);
      expect(entry!.target).toBe(saved.json().id);
      const unknownField = await call(caller, 'PUT', '/api/account/v1/agency/profile', { name: 'Renamed', contactFirstName: 'Pat', contactLastName: 'Lee', contactEmail: 'pat.lee@example.com', contactPhone: phone }, host);
      expect(unknownField.statusCode).toBe(400);
      const badPhone = await call(caller, 'PUT', '/api/account/v1/agency/profile', { contactFirstName: 'Pat', contactLastName: 'Lee', contactEmail: 'pat.lee@example.com', contactPhone: '12' }, host);
      expect(badPhone.json().errors[0]).toMatchObject({ field: 'contactPhone', code: 'pattern' });
    },
  );

  it('the own-profile operations answer 404 for a caller that is not an agency', async () => {
    expect((await call('cluster', 'GET', '/api/account/v1/agency/profile')).statusCode).toBe(404);
  });
});

/** A multipart body with one file part. */
function multipart(file: Buffer, filename: string, contentType: string) {
  const boundary = '----agency-logo-test';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, file, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(caller: string, agencyId: string, isSmall: boolean, file: Buffer, filename = 'logo.png', contentType = 'image/png') {
  const body = multipart(file, filename, contentType);
  return t.inject({
    method: 'POST', url: `/api/agency/v1/logo/initial/${agencyId}?isSmall=${isSmall}`,
    headers: { authorization: `Bearer ${tokens[caller]}`, 'content-type': body.contentType }, payload: body.payload,
  });
}

/** A picture of the given size: left half red, right half blue, so a crop can be checked by its colours. */
function picture(width: number, height: number, format: 'png' | 'jpeg') {
  const half = Math.floor(width / 2);
  return sharp({ create: { width, height, channels: 3, background: { r: 220, g: 20, b: 20 } } })
    .composite([{ input: { create: { width: width - half, height, channels: 3, background: { r: 20, g: 20, b: 220 } } }, left: half, top: 0 }])
    .toFormat(format)
    .toBuffer();
}

/** Random pixels compress badly: a picture that weighs more than `bytes`. */
function heavyPicture(bytes: number) {
  const side = Math.ceil(Math.sqrt(bytes / 3)) + 10;
  const raw = Buffer.alloc(side * side * 3);
  for (let index = 0; index < raw.length; index += 1) raw[index] = (index * 7919 + (index >> 3) * 104729) % 251;
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
}

describe('logos', () => {
  it('an agency uploads a small logo, crops it on the server to 144x144 and reads it; every step audited', async () => {
    const summit = ids['Summit Risk Partners']!;
    const uploaded = await upload('agent', summit, true, await picture(400, 200, 'png'));
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json()).toMatchObject({ agencyId: summit, isSmall: true, format: 'png', width: 400, height: 200 });

    // The right half (blue) of the picture, 200x200.
    const cropped = await call('agent', 'POST', `/api/agency/v1/logo?id=${summit}&isSmall=true&xCoordinate=200&yCoordinate=0&width=200&height=200`);
    expect(cropped.statusCode, cropped.body).toBe(200);
    const logo = cropped.json();
    expect(logo).toMatchObject({ agencyId: summit, isSmall: true, contentType: 'image/png', width: 144, height: 144 });
    const bytes = Buffer.from(logo.dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 144, 144]);
    const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([20, 20, 220]);

    expect((await call('agent', 'GET', `/api/agency/v1/logo/s/${summit}`)).json().dataUrl).toBe(logo.dataUrl);
    expect((await call('admin', 'GET', `/api/agency/v1/logo/s/${summit}`)).statusCode).toBe(200);
    // The agency's own client sees its agency's logo; another agency does not.
    expect((await call('policyholder', 'GET', `/api/agency/v1/logo/s/${summit}`)).statusCode).toBe(200);
    expect((await call('otherAgent', 'GET', `/api/agency/v1/logo/s/${summit}`)).statusCode).toBe(404);
    expect((await call('agent', 'GET', `/api/agency/v1/logo/m/${summit}`)).json().message).toBe('No logo has been uploaded.');
    expect((await call('agent', 'GET', `/api/account/v1/agency/profile`)).json()).toMatchObject({ hasSmallLogo: true, hasMediumLogo: false });

    // The upload is used up by the crop.
    expect((await call('agent', 'POST', `/api/agency/v1/logo?id=${summit}&isSmall=true&xCoordinate=0&yCoordinate=0&width=10&height=10`)).json().message)
      .toBe('Upload a picture before cropping it.');

    const deleted = await call('agent', 'DELETE', `/api/agency/v1/logo/s/${summit}`);
    expect(deleted.statusCode).toBe(200);
    expect((await call('agent', 'GET', `/api/agency/v1/logo/s/${summit}`)).statusCode).toBe(404);
    expect((await call('agent', 'DELETE', `/api/agency/v1/logo/s/${summit}`)).statusCode).toBe(404);
    const actions = await t.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE target = $1 AND action LIKE 'agency.logo-%' ORDER BY id`, [summit]);
    expect(actions.map((row) => row.action)).toEqual(['agency.logo-upload', 'agency.logo-update', 'agency.logo-delete']);
  });

  it('provider staff set a medium logo (300x72) from a JPEG zoomed out: the area past the picture stays transparent', async () => {
    const harbor = ids['Harbor Insurance Group']!;
    expect((await upload('admin', harbor, false, await picture(300, 72, 'jpeg'), 'wide.jpg', 'image/jpeg')).statusCode).toBe(201);
    // Zoomed out to 0.5: the crop box shows the picture in its middle with a margin all round.
    const cropped = await call('admin', 'POST', `/api/agency/v1/logo?id=${harbor}&isSmall=false&xCoordinate=-150&yCoordinate=-36&width=600&height=144`);
    expect(cropped.statusCode, cropped.body).toBe(200);
    const bytes = Buffer.from(cropped.json().dataUrl.split(',')[1], 'base64');
    const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([300, 72]);
    const at = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4));
    expect(at(2, 2)[3]).toBe(0);
    expect(at(100, 36)[3]).toBe(255);
  });

  it('refuses a file over the limit (50kb small, 150kb medium), a non-image with an image name, and an area off the picture', async () => {
    const summit = ids['Summit Risk Partners']!;
    const heavy = await heavyPicture(60 * 1024);
    expect(heavy.length).toBeGreaterThan(50 * 1024);
    expect(heavy.length).toBeLessThan(150 * 1024);
    const tooBig = await upload('agent', summit, true, heavy);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('The file size is too big, 50KB max.');
    // The same picture is within the medium logo's limit.
    expect((await upload('agent', summit, false, heavy)).statusCode).toBe(201);
    const heavier = await upload('agent', summit, false, await heavyPicture(160 * 1024));
    expect(heavier.statusCode).toBe(413);
    expect(heavier.json().message).toBe('The file size is too big, 150KB max.');

    const text = await upload('agent', summit, true, Buffer.from('%PDF-1.4 this is not a picture at all'), 'logo.png', 'image/png');
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('The file must be a PNG, JPG or GIF picture.');

    expect((await upload('agent', summit, true, await picture(100, 100, 'png'))).statusCode).toBe(201);
    const outside = await call('agent', 'POST', `/api/agency/v1/logo?id=${summit}&isSmall=true&xCoordinate=150&yCoordinate=0&width=50&height=50`);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe('The crop area must cover part of the picture.');
    const huge = await call('agent', 'POST', `/api/agency/v1/logo?id=${summit}&isSmall=true&xCoordinate=-1000&yCoordinate=-1000&width=3000&height=3000`);
    expect(huge.json().message).toBe('The crop area is larger than the zoom allows.');
  });

  it("nobody changes another agency's logos; a cluster reads but does not change its agency's", async () => {
    const summit = ids['Summit Risk Partners']!;
    const png = await picture(64, 64, 'png');
    expect((await upload('otherAgent', summit, true, png)).statusCode).toBe(404);
    expect((await upload('cluster', summit, true, png)).statusCode).toBe(403);
    expect((await call('otherAgent', 'DELETE', `/api/agency/v1/logo/m/${summit}`)).statusCode).toBe(404);
    expect((await upload('admin', MISSING_ID, true, png)).statusCode).toBe(404);
  });
});
