import {
  addDays, addMonths, Decimal, endorsementPremiumChange, extendedReportingPremium, plusMoney, rateQuote, type RaterDefinitions,
} from '../../engine/index.ts';
import type { Clock } from '../clock.ts';
import { ENDORSEMENT_WINDOW, ERP_OPTIONS, INVOICE_REMINDER_OFFSETS, PAYMENT_DUE_DAYS } from '../constants.ts';
import type { Queryable } from '../db/database.ts';
import { amountDueOf, REMINDED_STATUSES, paymentDueDate, movePolicy, type PolicyUpdate, mailingAddressLine, type MailingAddress, findVisiblePolicy, type PolicyRow, IN_FORCE, type PolicyAction, findQuotableAccount, type AccountRisk, ratingInputOf, type QuoteRequestBody } from '../lifecycle/index.ts';
import { currentTerms, insertRevision, ratingOfRevision, revertibleEndorsement, termsBefore } from '../resources/policy-endorsements/revision-repository.ts';
import { insertExcessLayer } from '../resources/policy-excess/excess-layers.ts';
import { erpEligibility } from '../resources/policy-extended-reporting/erp-eligibility.ts';
import type { Caller } from '../services.ts';
import { shippedRaters } from './demo-book.ts';

/**
 * Policy servicing for the demo book (the last of the demo records, once policies, payments, commissions and
 * documents exist), so the policy page's revisions, broker-of-record, extended reporting, excess and invoice
 * reminder sections, and the lists built on them, have real rows in both editions: endorsements to a higher
 * limit (one reverted since), a new named insured and mailing address, clients moved from Summit Risk Partners
 * to Harbor Insurance Group as broker of record, extended reporting bought after a cancellation, an excess
 * layer and a rescinded ad-hoc layer above Prime 250 policies, certificates naming an additional insured and a
 * holder, and the reminders already sent for unpaid premiums. Written through the operations' own helpers (revisions, layers, policy moves with their event and
 * audit entry), by the demo underwriter (an admin reverts and rescinds), on earlier days of the clock, so each
 * row reads as if made then. Picks book clients only, from the middle of the lists (the end-to-end tests take
 * the ends), never the demo policyholder's account. Deterministic for a given clock.
 */
const ACME = 'Acme Precision Manufacturing';
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

interface Servicing {
  tx: Queryable;
  now: Date;
  today: string;
  underwriter: Caller;
  admin: Caller;
  raters: Record<'us' | 'uk', RaterDefinitions>;
  /** Clients already given a change here: each shows one kind of servicing. */
  used: Set<string>;
}

export async function seedDemoPolicyServicing(tx: Queryable, clock: Clock): Promise<void> {
  const now = clock.now();
  const staff = await tx.query<{ id: string; account_id: string; role_id: string }>(
    `SELECT u.id, u.account_id, u.role_id FROM users u JOIN accounts a ON a.id = u.account_id
     WHERE a.account_type = 'COWBELL' AND u.role_id IN ('provider-underwriter', 'provider-super-admin') ORDER BY u.email`);
  const callerOf = (role: string) => {
    const user = staff.find((row) => row.role_id === role);
    return user && ({ userId: user.id, accountId: user.account_id, accountType: 'COWBELL' } as Caller);
  };
  const underwriter = callerOf('provider-underwriter');
  const admin = callerOf('provider-super-admin');
  if (!underwriter || !admin) return;
  const s: Servicing = { tx, now, today: isoDay(now), underwriter, admin, raters: shippedRaters(), used: new Set() };
  const daysAgo = (days: number, hour: number) => new Date(`${addDays(s.today, -days)}T${String(hour).padStart(2, '0')}:00:00Z`);

  await remindUnpaid(s, 'us', 2);
  await remindUnpaid(s, 'uk', 2);

  const summit = { edition: 'us', statuses: IN_FORCE, agency: 'Summit Risk Partners' } as const;
  const reverted = await serviceOne(s, summit, daysAgo(25, 15), (policy, at) => endorse(s, policy, at, 'The insured asked for a higher limit for a tender.'));
  if (reverted) await revert(s, reverted.id, daysAgo(9, 11));
  await serviceOne(s, summit, daysAgo(6, 14), (policy, at) => endorse(s, policy, at, 'A new customer contract requires a higher limit.'));
  await serviceOne(s, { edition: 'uk', statuses: IN_FORCE }, daysAgo(15, 10), (policy, at) => endorse(s, policy, at, 'Limit raised for a public-sector framework contract.'));
  await serviceOne(s, { edition: 'uk', statuses: IN_FORCE }, daysAgo(4, 16), (policy, at) => renameInsured(s, policy, at));

  const harbor = await agencyOf(tx, 'Harbor Insurance Group');
  const clientOfSummit = { ...summit, singlePolicyClient: true } as const;
  if (harbor) {
    await serviceOne(s, clientOfSummit, daysAgo(18, 13), (policy, at) => moveToAgency(s, policy, at, harbor));
    await serviceOne(s, clientOfSummit, daysAgo(3, 10), (policy, at) => moveToAgency(s, policy, at, harbor));
  }

  // On the edition agencies' own clients: their demo users read them.
  await serviceOne(s, { ...summit, statuses: ['CANCELLED'] }, daysAgo(6, 0), (policy) => buyExtendedReporting(s, policy, 24));
  await serviceOne(s, { edition: 'uk', statuses: ['CANCELLED'], agency: 'Thames Cyber Brokers' }, daysAgo(6, 0), (policy) => buyExtendedReporting(s, policy, 12));

  await serviceOne(s, summit, daysAgo(5, 11), (policy, at) => certify(s, policy, at, CERTIFIED.us));
  await serviceOne(s, { edition: 'uk', statuses: IN_FORCE }, daysAgo(7, 15), (policy, at) => certify(s, policy, at, CERTIFIED.uk));

  const prime250 = { edition: 'us', statuses: IN_FORCE, product: 'P250' } as const;
  await serviceOne(s, prime250, daysAgo(11, 14), (policy, at) => issueLayer(s, policy, at, 'EXCESS').then(Boolean));
  await serviceOne(s, prime250, daysAgo(30, 12), async (policy, at) => {
    const layerNumber = await issueLayer(s, policy, at, 'AD_HOC');
    if (layerNumber) await rescindLayer(s, layerNumber, daysAgo(8, 9), 'The insured placed the excess with its incumbent carrier.');
    return layerNumber !== null;
  });
}

interface Pick {
  edition: 'us' | 'uk';
  statuses: readonly string[];
  agency?: string;
  product?: string;
  /** Only clients with this one policy and no binder or draft under way (a broker-of-record letter moves the whole client). */
  singlePolicyClient?: boolean;
}

/**
 * The first candidate, from the middle of the list outwards, that the change takes (it answers false, having
 * written nothing, when the policy does not suit it). Candidates are book clients' policies nothing happened to
 * since `at`, so the change follows the policy's history.
 */
async function serviceOne(s: Servicing, pick: Pick, at: Date, change: (policy: PolicyRow, at: Date) => Promise<boolean>): Promise<PolicyRow | null> {
  const rows = await s.tx.query<{ id: string }>(
    `SELECT p.id FROM policies p JOIN accounts a ON a.id = p.account_id JOIN accounts ag ON ag.id = p.agency_id
       LEFT JOIN account_details d ON d.account_id = a.id
     WHERE p.edition = $1 AND p.status = ANY($2::text[]) AND ($3::text IS NULL OR ag.name = $3) AND ($4::text IS NULL OR p.product = $4)
       AND a.name <> $5 AND NOT EXISTS (SELECT 1 FROM users u WHERE u.account_id = a.id) AND NOT (a.id = ANY($6::uuid[]))
       AND (SELECT max(e.at) FROM policy_events e WHERE e.policy_id = p.id) < $7
       AND (NOT $8 OR ((SELECT count(*) FROM policies o WHERE o.account_id = a.id) = 1
         AND NOT EXISTS (SELECT 1 FROM quotes q WHERE q.account_id = a.id AND q.status IN ('DRAFT', 'BOUND'))
         -- The demo surplus quote and the end-to-end surplus lines tests are the agency's Louisiana clients': those stay with it.
         AND coalesce(d.state, '') <> 'LA'))
     ORDER BY a.name, p.policy_number`,
    [pick.edition, pick.statuses, pick.agency ?? null, pick.product ?? null, ACME, [...s.used], at, pick.singlePolicyClient ?? false],
  );
  const middle = (rows.length - 1) / 2;
  const order = rows.map((row, index) => ({ id: row.id, index })).sort((a, b) => Math.abs(a.index - middle) - Math.abs(b.index - middle) || a.index - b.index);
  for (const { id } of order) {
    const policy = await policyOf(s, id);
    if (await change(policy, at)) {
      s.used.add(policy.account_id);
      return policy;
    }
  }
  return null;
}

/** The rater needs the client's state, industry and revenue (ratingInputOf refuses without them). */
function ratable(account: AccountRisk | null): account is AccountRisk {
  return Boolean(account?.riskState && account.industryCode && account.revenue);
}

const policyOf = async (s: Servicing, id: string) => (await findVisiblePolicy(s.tx, s.underwriter, id))!;

/** A policy move as its operation makes it (the row, the history event, the audit entry), dated when staff made it. */
function move(s: Servicing, caller: Caller, at: Date, policy: PolicyRow, action: PolicyAction, change: { update?: PolicyUpdate; detail?: Record<string, unknown> }) {
  const then: Clock = { now: () => at, sleep: async () => undefined };
  return movePolicy(s.tx, then, { caller, address: null }, policy, action, change);
}

/** An endorsement to the product's next higher limit from the day it is made, rated and charged as the endorsement operation does. */
async function endorse(s: Servicing, policy: PolicyRow, at: Date, description: string): Promise<boolean> {
  const rater = s.raters[policy.edition];
  const options = rater.allProducts.get(policy.product)?.options;
  const terms = await currentTerms(s.tx, policy);
  const aggLimit = options?.limits.find((limit) => limit > terms.aggLimit);
  const day = isoDay(at);
  const endorsementDate = policy.effective_date > day ? policy.effective_date : day;
  if (aggLimit === undefined || !options?.deductibles.includes(terms.deductible)) return false;
  if (endorsementDate > addDays(day, ENDORSEMENT_WINDOW.daysForward) || endorsementDate >= policy.end_date) return false;
  const account = await findQuotableAccount(s.tx, s.underwriter, policy.account_id);
  if (!ratable(account)) return false;
  const [quote] = await s.tx.query<{ irpm: Record<string, number> | null }>('SELECT irpm FROM quotes WHERE id = $1', [policy.quote_id]);
  // Both terms rated alike on the tables in force at inception; coverage limits above the new aggregate come down to it.
  const coverages = Object.fromEntries(Object.entries(terms.request.coverages ?? {}).map(([id, choice]) => [
    id, typeof choice.limit === 'number' && choice.limit > aggLimit ? { ...choice, limit: aggLimit } : choice,
  ]));
  const current: QuoteRequestBody = { ...terms.request, effectiveDate: policy.effective_date };
  const request: QuoteRequestBody = { ...current, aggLimit, deductible: terms.deductible, coverages };
  const before = rateQuote(ratingInputOf(current, account, quote?.irpm), rater);
  const after = rateQuote(ratingInputOf(request, account, quote?.irpm), rater);
  if (!before.ok || !after.ok) return false;
  const period = { effectiveDate: policy.effective_date, endDate: policy.end_date };
  const premiumChange = endorsementPremiumChange(before.premium, after.premium, period, endorsementDate);
  const totalChange = endorsementPremiumChange(before.totalPremium, after.totalPremium, period, endorsementDate);
  const moved = (annual: string, from: string, to: string) => Decimal.from(annual).plus(Decimal.from(to)).minus(Decimal.from(from)).toFixed(2);
  const revision = terms.revision + 1;
  await insertRevision(s.tx, {
    policyId: policy.id, revision, kind: 'ENDORSEMENT', endorsementDate, aggLimit, deductible: terms.deductible,
    annualPremium: moved(terms.annualPremium, before.premium, after.premium), annualTotal: moved(terms.annualTotal, before.totalPremium, after.totalPremium),
    premiumChange, totalChange, description, request, rating: after, userId: s.underwriter.userId, at,
  });
  await move(s, s.underwriter, at, policy, 'endorse', {
    update: { agg_limit: aggLimit, deductible: terms.deductible, premium: plusMoney(policy.premium, premiumChange), total_premium: plusMoney(policy.total_premium, totalChange) },
    detail: {
      revision, endorsementDate, description, from: { aggLimit: terms.aggLimit, deductible: terms.deductible }, to: { aggLimit, deductible: terms.deductible },
      premiumChange, totalChange,
    },
  });
  return true;
}

/** An admin reverts the policy's latest endorsement, as the revert operation does. */
async function revert(s: Servicing, policyId: string, at: Date): Promise<void> {
  const policy = await policyOf(s, policyId);
  const latest = await revertibleEndorsement(s.tx, policy.id);
  if (!latest) return;
  const back = await termsBefore(s.tx, policy, latest.revision);
  const premiumChange = Decimal.ZERO.minus(Decimal.from(latest.premiumChange)).toFixed(2);
  const totalChange = Decimal.ZERO.minus(Decimal.from(latest.totalChange)).toFixed(2);
  await insertRevision(s.tx, {
    policyId: policy.id, revision: latest.revision + 1, kind: 'REVERT', reverts: latest.revision, endorsementDate: latest.endorsementDate,
    aggLimit: back.aggLimit, deductible: back.deductible, annualPremium: back.annualPremium, annualTotal: back.annualTotal, premiumChange, totalChange,
    description: null, request: back.request, rating: await ratingOfRevision(s.tx, policy.id, back.revision), userId: s.admin.userId, at,
  });
  await move(s, s.admin, at, policy, 'revertEndorsement', {
    update: { agg_limit: back.aggLimit, deductible: back.deductible, premium: plusMoney(policy.premium, premiumChange), total_premium: plusMoney(policy.total_premium, totalChange) },
    detail: { revision: latest.revision + 1, reverts: latest.revision, premiumChange, totalChange },
  });
}

/** A non-premium endorsement: the subsidiaries join the named insured, and post goes to a PO box in the client's town. */
async function renameInsured(s: Servicing, policy: PolicyRow, at: Date): Promise<boolean> {
  const [account] = await s.tx.query<{ name: string; city: string | null; state: string | null; zip_code: string | null }>(
    'SELECT a.name, d.city, d.state, d.zip_code FROM accounts a LEFT JOIN account_details d ON d.account_id = a.id WHERE a.id = $1', [policy.account_id]);
  if (!account?.city || policy.named_insured || policy.mailing_address) return false;
  const insured = `${account.name} and its subsidiaries`;
  const address: MailingAddress = { address1: 'PO Box 2207', city: account.city, state: account.state, zip: account.zip_code };
  const terms = await currentTerms(s.tx, policy);
  const day = isoDay(at);
  await insertRevision(s.tx, {
    policyId: policy.id, revision: terms.revision + 1, kind: 'NON_PREMIUM', endorsementDate: day < policy.effective_date ? policy.effective_date : day,
    aggLimit: terms.aggLimit, deductible: terms.deductible, annualPremium: terms.annualPremium, annualTotal: terms.annualTotal, premiumChange: '0.00', totalChange: '0.00',
    description: `Named insured: ${insured}; Mailing address: ${mailingAddressLine(address)}`, request: terms.request,
    rating: await ratingOfRevision(s.tx, policy.id, terms.revision), userId: s.underwriter.userId, at,
  });
  await move(s, s.underwriter, at, policy, 'nonPremium', {
    update: { named_insured: insured, mailing_address: JSON.stringify(address) },
    detail: { revision: terms.revision + 1, from: { namedInsured: policy.company_name, mailingAddress: policy.mailing_address }, to: { namedInsured: insured, mailingAddress: address } },
  });
  return true;
}

/** Whom the demo certificates name: the client's landlord as additional insured, a customer as certificate holder. */
const CERTIFIED = {
  us: {
    insured: { businessName: 'Union Station Properties LLC', address1: '1701 Wynkoop Street', city: 'Denver', state: 'CO', zipCode: '80202', industryCode: '531120' },
    holder: { name: 'Front Range Health Partners', address1: '4500 East 9th Avenue', city: 'Denver', state: 'CO', zip: '80220' },
  },
  uk: {
    insured: { businessName: 'Whiteladies Estates Ltd', address1: '12 Whiteladies Road', city: 'Bristol', state: null, zipCode: 'BS8 2LG', industryCode: '68209' },
    holder: { name: 'Severn Vale NHS Trust', address1: 'Southmead Road', city: 'Bristol', state: null, zip: 'BS10 5NB' },
  },
} as const;

/**
 * The account's landlord added as an additional insured and named on a certificate, and a customer given a
 * certificate as holder, as the certificate dialogs make them (the certificate row and the policy's event).
 */
async function certify(s: Servicing, policy: PolicyRow, at: Date, named: (typeof CERTIFIED)['us' | 'uk']): Promise<boolean> {
  const { insured, holder } = named;
  await s.tx.query(
    `INSERT INTO account_additional_insureds (account_id, business_name, address1, city, state, zip_code, industry_code, created_at, created_by, modified_at, modified_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $8, $9)`,
    [policy.account_id, insured.businessName, insured.address1, insured.city, insured.state, insured.zipCode, insured.industryCode, at, s.underwriter.userId],
  );
  const certificates = [
    { docType: 'Additional_Insured', name: insured.businessName, address1: insured.address1, city: insured.city, state: insured.state, zip: insured.zipCode, at },
    { docType: 'Certificate_Holder', name: holder.name, address1: holder.address1, city: holder.city, state: holder.state, zip: holder.zip, at: new Date(at.getTime() + 3_600_000) },
  ];
  for (const certificate of certificates) {
    const [row] = await s.tx.query<{ id: string }>(
      `INSERT INTO policy_certificates (policy_id, doc_type, organization_name, address1, city, state, zip, requested_by, requested_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [policy.id, certificate.docType, certificate.name, certificate.address1, certificate.city, certificate.state, certificate.zip, s.underwriter.userId, certificate.at],
    );
    await move(s, s.underwriter, certificate.at, await policyOf(s, policy.id), 'certificate', { detail: { certificateId: row!.id, holder: certificate.name, docType: certificate.docType } });
  }
  return true;
}

interface Agency { id: string; name: string; agentUserId: string | null }

async function agencyOf(tx: Queryable, name: string): Promise<Agency | null> {
  const [row] = await tx.query<{ id: string; agent: string | null }>(
    `SELECT a.id, (SELECT u.id FROM users u WHERE u.account_id = a.id AND u.status = 'ACTIVE'
         AND u.role_id IN ('agency-admin', 'agency-principal-producer', 'agency-producer') ORDER BY u.email LIMIT 1) AS agent
     FROM accounts a WHERE a.name = $1 AND a.account_type = 'AGENCY'`, [name]);
  return row ? { id: row.id, name, agentUserId: row.agent } : null;
}

/** On the insured's letter, staff move the policy and its client to another agency, as the broker-of-record operation does. */
async function moveToAgency(s: Servicing, policy: PolicyRow, at: Date, agency: Agency): Promise<boolean> {
  const day = isoDay(at);
  const effectiveDate = policy.effective_date > day ? policy.effective_date : day;
  if (effectiveDate >= policy.end_date) return false;
  const issuedOn = isoDay(new Date(policy.issued_at));
  const letterDate = addDays(day, -4) < issuedOn ? issuedOn : addDays(day, -4);
  const reason = `The insured appointed ${agency.name} by a signed broker of record letter.`;
  const [producing] = await s.tx.query<{ producing_agency_id: string | null }>('SELECT producing_agency_id FROM policies WHERE id = $1', [policy.id]);
  await s.tx.query(
    `INSERT INTO policy_bor_changes (policy_id, from_agency_id, to_agency_id, effective_date, letter_date, reason, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [policy.id, policy.agency_id, agency.id, effectiveDate, letterDate, reason, s.underwriter.userId, at],
  );
  const accountMoved = await s.tx.query<{ id: string }>('UPDATE accounts SET agency_id = $2 WHERE id = $1 AND agency_id = $3 RETURNING id', [policy.account_id, agency.id, policy.agency_id]);
  if (accountMoved.length) {
    await s.tx.query('UPDATE account_details SET agent_user_id = $2, team_id = NULL, modified_at = $3 WHERE account_id = $1', [policy.account_id, agency.agentUserId, at]);
  }
  await move(s, s.underwriter, at, policy, 'brokerOfRecord', {
    update: { agency_id: agency.id, producing_agency_id: producing?.producing_agency_id ?? policy.agency_id, agent_user_id: agency.agentUserId, team_id: null },
    detail: { fromAgency: policy.agency_name, toAgency: agency.name, fromAgencyId: policy.agency_id, toAgencyId: agency.id, effectiveDate, letterDate, reason },
  });
  return true;
}

/** Five days after cover ended, an extended reporting period of `months` is bought, priced as the operation prices it. */
async function buyExtendedReporting(s: Servicing, policy: PolicyRow, months: number): Promise<boolean> {
  const endedOn = policy.cancellation_date ?? policy.end_date;
  const at = new Date(`${addDays(endedOn, 5)}T10:00:00Z`);
  const option = ERP_OPTIONS.find((offered) => offered.months === months);
  const eligible = erpEligibility(policy, isoDay(at), false, (iso) => iso);
  // Bought after everything else that happened to the policy, and before today.
  if (at >= s.now || at <= new Date(policy.modified_at) || !option || !eligible.ok) return false;
  const premium = extendedReportingPremium((await currentTerms(s.tx, policy)).annualPremium, option.percentOfAnnualPremium);
  const endsOn = addMonths(eligible.endedOn, months);
  await s.tx.query(
    'INSERT INTO policy_extended_reporting (policy_id, months, premium, starts_on, ends_on, purchased_by, purchased_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [policy.id, months, premium, eligible.endedOn, endsOn, s.underwriter.userId, at],
  );
  await move(s, s.underwriter, at, policy, 'extendedReporting', {
    update: { premium: plusMoney(policy.premium, premium), total_premium: plusMoney(policy.total_premium, premium) },
    detail: { months, premium, startsOn: eligible.endedOn, endsOn },
  });
  return true;
}

/**
 * A layer above a Prime 250 policy: EXCESS rated by the Prime 250 Excess product at its default limit, attaching at the
 * policy's limit, as the excess operation rates it; AD_HOC a $2.5M layer the product does not offer, priced by the
 * underwriter. Answers the layer's number, or null when the policy's limit is no attachment the product offers.
 */
async function issueLayer(s: Servicing, policy: PolicyRow, at: Date, kind: 'EXCESS' | 'AD_HOC'): Promise<string | null> {
  const attachment = Number(policy.agg_limit);
  let layer: { layerLimit: number; premium: string; totalPremium: string; reason: string | null; rating: unknown };
  if (kind === 'EXCESS') {
    const product = s.raters.us.allProducts.get('P250_EXCESS');
    const account = await findQuotableAccount(s.tx, s.underwriter, policy.account_id);
    if (!product?.options.deductibles.includes(attachment) || !ratable(account)) return null;
    const layerLimit = product.options.defaults.limit;
    const terms = await currentTerms(s.tx, policy);
    const request: QuoteRequestBody = {
      ...terms.request, product: 'P250_EXCESS', aggLimit: layerLimit, deductible: attachment, coverages: {}, effectiveDate: policy.effective_date, isSurplus: false,
    };
    const rating = rateQuote(ratingInputOf(request, account), s.raters.us);
    if (!rating.ok) return null;
    layer = { layerLimit, premium: rating.premium, totalPremium: rating.totalPremium, reason: null, rating };
  } else {
    // The underwriter's figure: about 40% of the primary premium, in round fifties.
    const premium = (Math.max(500, Math.round((Number(policy.premium) * 0.4) / 50) * 50)).toFixed(2);
    layer = { layerLimit: 2_500_000, premium, totalPremium: premium, reason: 'The lender asks for $2.5M above the primary, a limit the excess product does not offer.', rating: null };
  }
  const layerNumber = await insertExcessLayer(s.tx, { policyId: policy.id, kind, attachment, ...layer, userId: s.underwriter.userId, at });
  await move(s, s.underwriter, at, policy, 'excess', {
    update: { total_premium: plusMoney(policy.total_premium, layer.totalPremium) },
    detail: { layerNumber, kind, layerLimit: layer.layerLimit, attachment, premium: layer.premium, totalPremium: layer.totalPremium },
  });
  return layerNumber;
}

/** An admin rescinds a layer, its premium given back in full, as the rescind operation does. */
async function rescindLayer(s: Servicing, layerNumber: string, at: Date, reason: string): Promise<void> {
  const [layer] = await s.tx.query<{ id: string; policy_id: string; total_premium: string }>(
    'SELECT id, policy_id, total_premium::text AS total_premium FROM policy_excess_layers WHERE layer_number = $1', [layerNumber]);
  if (!layer) return;
  const policy = await policyOf(s, layer.policy_id);
  await s.tx.query(`UPDATE policy_excess_layers SET status = 'RESCINDED', rescinded_by = $2, rescinded_at = $3, rescind_reason = $4 WHERE id = $1`,
    [layer.id, s.admin.userId, at, reason]);
  await move(s, s.admin, at, policy, 'rescindExcess', {
    update: { total_premium: Decimal.from(policy.total_premium).minus(Decimal.from(layer.total_premium)).toFixed(2) },
    detail: { layerNumber, returned: layer.total_premium, reason },
  });
}

/**
 * The reminders the sweep sent on earlier days for `count` unpaid premiums of the edition (direct billed, reminders
 * on): one row per day of the schedule already past, the amount then due. The sweep writes no policy event, nor does
 * this; today's reminder is the running server's to send.
 */
async function remindUnpaid(s: Servicing, edition: 'us' | 'uk', count: number): Promise<void> {
  // Policies whose first two reminder days are past, so each shows a history rather than a single row.
  const secondOffset = [...INVOICE_REMINDER_OFFSETS].sort((a, b) => a - b)[1] ?? Math.min(...INVOICE_REMINDER_OFFSETS);
  const rows = await s.tx.query<{ id: string; account_id: string; issued_at: Date; contact_email: string; currency: string; total_premium: string }>(
    `SELECT p.id, p.account_id, p.issued_at, p.contact_email, p.currency, p.total_premium::text AS total_premium FROM policies p JOIN accounts a ON a.id = p.account_id
     WHERE p.edition = $1 AND p.status = ANY($2::text[]) AND NOT p.invoice_reminders_off AND NOT p.agency_billed AND a.name <> $3
       AND NOT EXISTS (SELECT 1 FROM payment_transactions t WHERE t.policy_id = p.id AND t.status IN ('Paid', 'In Process'))
       AND NOT EXISTS (SELECT 1 FROM premium_financings f WHERE f.policy_id = p.id)
       AND (p.issued_at AT TIME ZONE 'UTC')::date + $4::int < $5::date
     ORDER BY p.policy_number`,
    [edition, REMINDED_STATUSES, ACME, PAYMENT_DUE_DAYS + secondOffset, s.today],
  );
  const middle = Math.max(0, Math.floor((rows.length - count) / 2));
  for (const policy of rows.slice(middle, middle + count)) {
    const dueDate = paymentDueDate(policy.issued_at);
    const amount = await amountDueOf(s.tx, policy);
    for (const offset of [...INVOICE_REMINDER_OFFSETS].sort((a, b) => a - b)) {
      const day = addDays(dueDate, offset);
      if (day >= s.today) break;
      await s.tx.query(
        'INSERT INTO invoice_reminders (policy_id, offset_days, due_date, recipient, amount_due, currency, sent_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [policy.id, offset, dueDate, policy.contact_email, amount, policy.currency, new Date(`${day}T08:15:00Z`)],
      );
    }
    s.used.add(policy.account_id);
  }
}
