import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { extendedReportingPremium, plusMoney } from '../../engine/index.ts';
import { ERP_OPTIONS } from '../../server/constants.ts';
import { seedDemoRecords } from '../../server/seed/demo-records.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * The policy servicing of a development start's demo world (server/seed/demo-policy-servicing.ts), read
 * through the API as the agencies and provider staff see it: endorsements (one reverted) and a non-premium
 * endorsement in both editions, clients moved to Harbor Insurance Group as broker of record, extended reporting
 * bought after cancellations, excess layers above Prime 250 policies, and the invoice reminders already sent;
 * the money on each policy adds up, the demo policyholder's account is left alone, and a second seed with the
 * same clock writes the same rows.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const NOW = '2026-11-23T12:00:00.000Z';
const TODAY = NOW.slice(0, 10);
const UK = 'console.example.uk';
let t: TestApp;
/** The servicing rows as seeded, before the tests below run the reminder sweep. */
let seededDigest: string;
const tokens: Record<string, string> = {};

function call(caller: string, method: InjectOptions['method'], url: string, host?: string) {
  return t.inject({ method, url, headers: { authorization: `Bearer ${tokens[caller]}`, 'x-timezone': 'UTC', ...(host ? { host } : {}) } });
}
const get = async (caller: string, url: string, host?: string) => {
  const response = await call(caller, 'GET', url, host);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json() as Json;
};
const hostOf = (edition: string) => (edition === 'uk' ? UK : undefined);

async function seeded(): Promise<TestApp> {
  const app = await startTestApp();
  app.clock.set(NOW);
  await app.db.transaction((tx) => seedDemoRecords(tx, app.clock));
  return app;
}

/** The servicing rows in a form that does not depend on generated ids. */
async function digestOf(app: TestApp): Promise<string> {
  const rows = await app.db.query(
    `SELECT 'revision' AS kind, p.policy_number, concat_ws(' ', r.revision, r.kind, r.agg_limit, r.premium_change, r.created_at) AS what
       FROM policy_revisions r JOIN policies p ON p.id = r.policy_id
     UNION ALL SELECT 'bor', p.policy_number, concat_ws(' ', c.effective_date, c.letter_date, c.created_at) FROM policy_bor_changes c JOIN policies p ON p.id = c.policy_id
     UNION ALL SELECT 'erp', p.policy_number, concat_ws(' ', x.months, x.premium, x.purchased_at) FROM policy_extended_reporting x JOIN policies p ON p.id = x.policy_id
     UNION ALL SELECT 'excess', p.policy_number, concat_ws(' ', x.layer_number, x.status, x.premium) FROM policy_excess_layers x JOIN policies p ON p.id = x.policy_id
     UNION ALL SELECT 'reminder', p.policy_number, concat_ws(' ', r.offset_days, r.amount_due, r.sent_at) FROM invoice_reminders r JOIN policies p ON p.id = r.policy_id
     UNION ALL SELECT 'certificate', p.policy_number, concat_ws(' ', c.doc_type, c.organization_name, c.requested_at) FROM policy_certificates c JOIN policies p ON p.id = c.policy_id
     ORDER BY 1, 2, 3`);
  return createHash('sha256').update(JSON.stringify(rows)).digest('hex');
}

/** The policies whose ids `sql` selects, with their edition and agency, by number. */
const policiesWith = (sql: string) => t.db.query<{ id: string; edition: 'us' | 'uk'; agency: string }>(
  `SELECT DISTINCT p.id, p.edition, ag.name AS agency, p.policy_number FROM policies p JOIN accounts ag ON ag.id = p.agency_id WHERE p.id IN (${sql}) ORDER BY p.policy_number`);

beforeAll(async () => {
  t = await seeded();
  seededDigest = await digestOf(t);
  const users = { agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example', broker: 'broker@brokerage.example', admin: 'admin@provider.example' };
  for (const [name, email] of Object.entries(users)) tokens[name] = (await t.tokensFor(email)).accessToken;
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('the demo policy servicing', () => {
  it('endorses policies of both editions to a higher limit, one reverted since; the agency sees the revisions and the premium adds up', async () => {
    const endorsed = await policiesWith(`SELECT policy_id FROM policy_revisions WHERE kind = 'ENDORSEMENT'`);
    expect(endorsed.filter((policy) => policy.edition === 'us').length).toBeGreaterThanOrEqual(2);
    expect(endorsed.filter((policy) => policy.edition === 'uk').length).toBeGreaterThanOrEqual(1);
    const labels: string[] = [];
    const summitNumbers: string[] = [];
    for (const { id, edition } of endorsed) {
      const caller = edition === 'uk' ? 'broker' : 'agent';
      const revisions = (await get(caller, `/api/policy/v1/revisions?policyId=${id}`, hostOf(edition))).content as Json[];
      const policy = await get(caller, `/api/policy/v1/${id}`, hostOf(edition));
      const issued = revisions.at(-1)!;
      const latest = revisions[0]!;
      labels.push(...revisions.map((revision) => revision.label));
      if (policy.agencyName === 'Summit Risk Partners') summitNumbers.push(policy.policyNumber);
      expect(revisions.find((revision) => revision.kind === 'ENDORSEMENT')).toMatchObject({ label: 'Endorsement 1', by: 'Uma Underwood', description: expect.any(String) });
      expect(Number(revisions.find((revision) => revision.kind === 'ENDORSEMENT')!.aggLimit)).toBeGreaterThan(Number(issued.aggLimit));
      // The policy's premium is the issued one moved by each revision's pro-rata change, its limit the latest revision's.
      const premium = revisions.reduce((sum, revision) => plusMoney(sum, revision.premiumChange), issued.annualPremium as string);
      expect(policy.premium).toBe(premium);
      expect(Number(policy.aggLimit)).toBe(latest.aggLimit);
      expect(policy.events.at(-1)).toMatchObject({ action: latest.kind === 'REVERT' ? 'revertEndorsement' : 'endorse', toStatus: policy.status });
    }
    expect(labels).toContain('Reverts endorsement 1');
    // Each endorsement and revert is a commission line of the agency.
    expect(summitNumbers.length).toBeGreaterThanOrEqual(2);
    const lines = await get('agent', '/api/commissions/v1/statements?lineType=Endorsement&size=100');
    expect(lines.content.map((line: Json) => line.policyNumber)).toEqual(expect.arrayContaining(summitNumbers));
  });

  it('gives a UK policy a new named insured and mailing address without a premium change', async () => {
    const [renamed] = await policiesWith(`SELECT policy_id FROM policy_revisions WHERE kind = 'NON_PREMIUM'`);
    expect(renamed?.edition).toBe('uk');
    const policy = await get('broker', `/api/policy/v1/${renamed!.id}`, UK);
    expect(policy.companyName).toMatch(/ and its subsidiaries$/);
    expect(policy.mailingAddress).toMatchObject({ address1: 'PO Box 2207', city: expect.any(String) });
    const [revision] = (await get('broker', `/api/policy/v1/revisions?policyId=${renamed!.id}`, UK)).content as Json[];
    expect(revision).toMatchObject({ kind: 'NON_PREMIUM', label: 'Non-premium endorsement 1', premiumChange: '0.00', description: expect.stringMatching(/^Named insured: .*; Mailing address: PO Box 2207, /) });
    expect(policy.events.at(-1)).toMatchObject({ action: 'nonPremium', by: 'Uma Underwood' });
  });

  it('moves US book clients from Summit Risk Partners to Harbor Insurance Group, listed for both, never the demo policyholder', async () => {
    const harbor = await get('otherAgent', '/api/policy/v1/bor-policies?size=100');
    expect(harbor.totalElements).toBeGreaterThanOrEqual(1);
    for (const change of harbor.content as Json[]) {
      expect(change).toMatchObject({ fromAgencyName: 'Summit Risk Partners', toAgencyName: 'Harbor Insurance Group', by: 'Uma Underwood', correctable: true });
      expect(change.companyName).not.toMatch(/^Acme Precision/);
      expect(change.letterDate <= change.effectiveDate).toBe(true);
      expect((await get('otherAgent', `/api/policy/v1/${change.policyId}`)).events.at(-1)).toMatchObject({ action: 'brokerOfRecord', detail: { toAgency: 'Harbor Insurance Group' } });
      expect((await call('agent', 'GET', `/api/policy/v1/${change.policyId}`)).statusCode).toBe(404);
    }
    expect((await get('agent', '/api/policy/v1/bor-policies?size=100')).totalElements).toBe(harbor.totalElements);
    const [acme] = await t.db.query<{ agency: string; policies: number }>(
      `SELECT ag.name AS agency, (SELECT count(*)::int FROM policies p WHERE p.account_id = a.id AND p.agency_id = a.agency_id) AS policies
       FROM accounts a JOIN accounts ag ON ag.id = a.agency_id WHERE a.name = 'Acme Precision Manufacturing'`);
    expect(acme).toEqual({ agency: 'Summit Risk Partners', policies: 1 });
  });

  it('sells an extended reporting period after a cancellation in both editions, priced on the annual premium', async () => {
    const bought = await policiesWith('SELECT policy_id FROM policy_extended_reporting');
    expect(bought.map((policy) => policy.edition).sort()).toEqual(['uk', 'us']);
    for (const { id, edition } of bought) {
      const caller = edition === 'uk' ? 'broker' : 'agent';
      const policy = await get(caller, `/api/policy/v1/${id}`, hostOf(edition));
      expect(policy.status).toBe('CANCELLED');
      const offer = await get(caller, `/api/policy/v1/P250/erp/premium/${id}`, hostOf(edition));
      expect(offer).toMatchObject({ eligible: false, reason: 'An extended reporting period was already bought for this policy.' });
      const { detail } = policy.events.at(-1);
      expect(policy.events.at(-1)).toMatchObject({ action: 'extendedReporting', by: 'Uma Underwood', detail: { startsOn: policy.cancellationDate } });
      const [issued] = ((await get(caller, `/api/policy/v1/revisions?policyId=${id}`, hostOf(edition))).content as Json[]).slice(-1);
      const option = ERP_OPTIONS.find((offered) => offered.months === detail.months)!;
      expect(detail.premium).toBe(extendedReportingPremium(issued!.annualPremium, option.percentOfAnnualPremium));
      expect(policy.premium).toBe(plusMoney(issued!.annualPremium, detail.premium));
    }
  });

  it('issues an excess layer above a Prime 250 policy, and an ad-hoc layer since rescinded', async () => {
    const layered = await policiesWith('SELECT policy_id FROM policy_excess_layers');
    const layers: Json[] = [];
    for (const { id } of layered) {
      const policy = await get('admin', `/api/policy/v1/${id}`);
      const [issued] = ((await get('admin', `/api/policy/v1/revisions?policyId=${id}`)).content as Json[]).slice(-1);
      expect(policy.product).toBe('P250');
      for (const layer of (await get('admin', `/api/policy/v1/excess/${id}`)).content as Json[]) {
        layers.push(layer);
        expect(layer.attachment).toBe(Number(policy.aggLimit));
        // What the payer owes: the issued total with the layers in force.
        if (layer.status === 'ISSUED') expect(policy.totalPremium).toBe(plusMoney(issued!.annualTotal, layer.totalPremium));
        else expect(policy.totalPremium).toBe(issued!.annualTotal);
      }
    }
    expect(layers).toEqual(expect.arrayContaining([
      expect.objectContaining({ kind: 'EXCESS', status: 'ISSUED', layerLimit: 5_000_000, by: 'Uma Underwood', layerNumber: expect.stringMatching(/^X-2026-\d{6}$/) }),
      expect.objectContaining({ kind: 'AD_HOC', status: 'RESCINDED', layerLimit: 2_500_000, reason: expect.any(String), rescindReason: expect.any(String) }),
    ]));
  });

  it('shows the invoice reminders sent on earlier days for unpaid premiums; the sweep does not send them again', async () => {
    const reminded = await policiesWith('SELECT policy_id FROM invoice_reminders');
    expect(new Set(reminded.map((policy) => policy.edition))).toEqual(new Set(['us', 'uk']));
    const counts = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM invoice_reminders WHERE policy_id = ANY($1::uuid[])', [reminded.map((policy) => policy.id)]))[0]!.n;
    const before = await counts();
    for (const { id } of reminded) {
      const list = await get('admin', `/api/billing/v1/invoiceReminder/${id}`);
      const policy = await get('admin', `/api/policy/v1/${id}`);
      expect(list.remindersOn).toBe(true);
      expect(list.content.length).toBeGreaterThan(0);
      expect(list.content.at(-1)).toMatchObject({ kind: 'BEFORE_DUE', offsetDays: -7 });
      for (const reminder of list.content as Json[]) {
        expect(reminder).toMatchObject({ dueDate: list.dueDate, recipient: policy.contactEmail, amountDue: policy.totalPremium, currency: policy.currency });
        expect(reminder.sentAt < `${TODAY}T00:00:00.000Z`).toBe(true);
      }
      expect((await get('admin', `/api/billing/v1/policy/${id}/payment`)).status).toMatch(/^(Unpaid|Failed)$/);
    }
    expect((await call('admin', 'POST', '/api/billing/v1/invoiceReminder/run')).statusCode).toBe(200);
    expect(await counts()).toBe(before);
  }, 60_000);

  it('names an additional insured of the account and a holder on certificates of a policy in each edition, listed in the library', async () => {
    const certified = await policiesWith(`SELECT policy_id FROM policy_certificates WHERE doc_type = 'Additional_Insured'`);
    expect(certified.map((policy) => policy.edition).sort()).toEqual(['uk', 'us']);
    for (const { id, edition } of certified) {
      const owner = edition === 'us' ? 'agent' : 'broker';
      const policy = await get(owner, `/api/policy/v1/${id}`, hostOf(edition));
      expect((policy.certificates as Json[]).map((row) => row.docType).sort()).toEqual(['Additional_Insured', 'Certificate_Holder']);
      expect(policy.events.filter((event: Json) => event.action === 'certificate')).toHaveLength(2);
      const insureds = await get(owner, `/api/policy/v1/${id}/additional-insureds`, hostOf(edition));
      const named = (policy.certificates as Json[]).find((row) => row.docType === 'Additional_Insured')!;
      expect(insureds.map((row: Json) => row.businessName)).toContain(named.organizationName);
      const library = await get(owner, `/api/docs/v1/search?size=100&source=CERTIFICATE&accountId=${policy.accountId}`, hostOf(edition));
      expect(library.content.map((entry: Json) => entry.recordId).sort()).toEqual((policy.certificates as Json[]).map((row) => row.id).sort());
    }
  });

  it('is the same on every seed with the same clock', async () => {
    const again = await seeded();
    try {
      expect(await digestOf(again)).toBe(seededDigest);
    } finally {
      await again.close();
    }
  }, 120_000);
});
