import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { PDFParse } from 'pdf-parse';
import { POLICY_TEXTS } from '../../server/lifecycle/policies/policy-texts.ts';
import { messagesTo } from './support/mail.ts';
import { issuedPolicy } from './support/policy-fixtures.ts';
import { clientOf } from './support/quote-fixtures.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * The certificate modal's additional insured (spec 002 section 4 'Certificate modal: choose download, an
 * additional insured, or a certificate holder'; section 7 'The additional insured list takes {policyId} and
 * returns an array'; section 8 'Certificates'): the account's additional insureds offered for a policy, a
 * certificate naming one kept, listed and e-mailed, its PDF naming it as additional insured, and a certificate
 * kept but not e-mailed when mail is down ('Unable to send policy certificate email'), in both editions.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const TODAY = '2026-11-23';
const UK = 'console.example.uk';
const USERS = { agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example', broker: 'broker@brokerage.example' };

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC', ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const pdfText = async (response: { rawPayload: Buffer }) => (await new PDFParse({ data: new Uint8Array(response.rawPayload) }).getText()).text;

const EDITIONS = [
  {
    edition: 'us', owner: 'agent', host: undefined, agency: 'Summit Risk Partners', client: 'Granite Peak Outfitters Inc',
    place: { state: 'CO', zip: '80202', industry: '541511', revenue: 4_000_000 },
    insureds: [
      { businessName: 'Union Station Properties LLC', address1: '1701 Wynkoop Street', city: 'Denver', state: 'CO', zipCode: '80202', naicsCode: 531120 },
      { businessName: 'Arapahoe Leasing Co', address1: '9 Inverness Drive', city: 'Englewood', state: 'CO', zipCode: '80112', naicsCode: 532490 },
    ],
    label: 'Arapahoe Leasing Co (Englewood, CO 80112)',
  },
  {
    edition: 'uk', owner: 'broker', host: UK, agency: 'Thames Cyber Brokers', client: 'Clifton Opticians Ltd',
    place: { state: null, zip: 'BS8 4AA', industry: '62020', revenue: 2_500_000 },
    insureds: [
      { businessName: 'Whiteladies Estates Ltd', address1: '12 Whiteladies Road', city: 'Bristol', zipCode: 'BS8 2LG', sicCode: 68209 },
      { businessName: 'Avon Shopfitting Ltd', address1: '3 Feeder Road', city: 'Bristol', zipCode: 'BS2 0SB', sicCode: 43320 },
    ],
    label: 'Avon Shopfitting Ltd (Bristol, BS2 0SB)',
  },
] as const;

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date(`${TODAY}T12:00:00Z`));
  for (const [name, email] of Object.entries(USERS)) tokens[name] = (await t.tokensFor(email)).accessToken;
  for (const case_ of EDITIONS) {
    const account = await clientOf(t, case_.agency, case_.client, { edition: case_.edition, ...case_.place });
    for (const insured of case_.insureds) {
      const made = await call(case_.owner, 'POST', `/api/account/v1/account/${account}/additional-insureds`, insured, case_.host);
      expect(made.statusCode, made.body).toBeLessThan(300);
    }
    ids[case_.edition] = await issuedPolicy(t, call, case_.owner, account, {
      edition: case_.edition, state: case_.edition === 'us' ? 'CO' : 'ENG', product: case_.edition === 'us' ? 'P250' : 'P_ONE', today: TODAY, host: case_.host,
    });
  }
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('certificates naming an additional insured', () => {
  it.each(EDITIONS)('$edition: offers the account\'s additional insureds by name, issues one, keeps it, e-mails it and names it in the PDF', async ({ edition, owner, host, insureds, label }) => {
    const offered = await call(owner, 'GET', `/api/policy/v1/${ids[edition]}/additional-insureds`, undefined, host);
    expect(offered.statusCode, offered.body).toBe(200);
    const choices = offered.json() as Json[];
    expect(choices.map((choice) => choice.businessName)).toEqual([insureds[1].businessName, insureds[0].businessName]);
    expect(choices[0]!.label).toBe(label);

    const refused = await call(owner, 'POST', `/api/policy/v1/certificate/${ids[edition]}/additional-insured`, {}, host);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Please select an additional insured.');
    const stranger = await call(owner, 'POST', `/api/policy/v1/certificate/${ids[edition]}/additional-insured`, { additionalInsuredId: '00000000-0000-4000-8000-000000000000' }, host);
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe(POLICY_TEXTS.additionalInsuredNotFound);

    const made = await call(owner, 'POST', `/api/policy/v1/certificate/${ids[edition]}/additional-insured`, { policyId: ids[edition], additionalInsuredId: choices[0]!.id }, host);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().message).toBe('Policy certificate successfully generated');
    const certificate = (made.json().policy.certificates as Json[]).find((row) => row.docType === 'Additional_Insured');
    expect(certificate).toMatchObject({ docType: 'Additional_Insured', organizationName: insureds[1].businessName, address1: insureds[1].address1, city: insureds[1].city });
    const [mail] = await messagesTo(t, USERS[owner]);
    expect(mail?.subject).toBe(`Certificate of insurance for ${insureds[1].businessName}: policy ${made.json().policy.policyNumber}`);
    expect(mail?.body).toContain(`naming ${insureds[1].businessName} as additional insured`);

    const text = await pdfText(await call(owner, 'GET', `/api/policy/v1/certificates/${certificate!.id}`, undefined, host));
    expect(text).toContain('Additional Insured');
    expect(text).toContain(insureds[1].businessName);
    expect(text).toContain(`The ${edition === 'uk' ? 'organisation' : 'organization'} below is an additional insured under the policy`);
  });

  it('is within the tenant rule: another agency neither lists nor issues', async () => {
    expect((await call('otherAgent', 'GET', `/api/policy/v1/${ids.us}/additional-insureds`)).statusCode).toBe(404);
    const [choice] = (await call('agent', 'GET', `/api/policy/v1/${ids.us}/additional-insureds`)).json() as Json[];
    expect((await call('otherAgent', 'POST', `/api/policy/v1/certificate/${ids.us}/additional-insured`, { additionalInsuredId: choice!.id })).statusCode).toBe(404);
  });

  it('keeps the certificate when its e-mail cannot be sent, and says the e-mail failed', async () => {
    const before = ((await call('agent', 'GET', `/api/policy/v1/${ids.us}`)).json().certificates as Json[]).length;
    t.mailOutage(true);
    try {
      const failed = await call('agent', 'POST', `/api/policy/v1/certificate/${ids.us}`,
        { policyId: ids.us, docType: 'Certificate_Holder', organizationName: 'Larimer Square Partners', address1: '1430 Larimer Street', city: 'Denver', state: 'CO', zip: '80202' });
      expect(failed.statusCode).toBe(502);
      expect(failed.json().message).toBe('Unable to send policy certificate email');
    } finally {
      t.mailOutage(false);
    }
    const after = (await call('agent', 'GET', `/api/policy/v1/${ids.us}`)).json().certificates as Json[];
    expect(after).toHaveLength(before + 1);
    expect(after.find((row) => row.organizationName === 'Larimer Square Partners')).toMatchObject({ docType: 'Certificate_Holder', city: 'Denver' });
  });
});
