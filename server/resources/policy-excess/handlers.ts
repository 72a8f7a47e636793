import { formatMoney, plusMoney, Decimal, todayIn, type RaterDefinitions } from '../../../engine/index.ts';
import { callerOf } from '../../auth/authenticate.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import type { Queryable } from '../../db/database.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { timeZoneOf } from '../../form-check/request-rule-context.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import type { Caller } from '../../services.ts';
import { settleCalendar, movePolicy, findVisiblePolicy, requireVisiblePolicy, type PolicyRow, POLICY_TEXTS, canMovePolicy, policyPastTense, findQuotableAccount, publishedRater, rateOrRefuse, ratingInputOf, type QuoteRequestBody } from '../../lifecycle/index.ts';
import { currentTerms } from '../policy-endorsements/revision-repository.ts';
import { excessLayersOf, findExcessLayer, insertExcessLayer } from './excess-layers.ts';
import { EXCESS_TEXTS } from './excess-texts.ts';

/** The product an excess layer is rated with, and the primary product it follows the form of. */
const EXCESS_PRODUCT = 'P250_EXCESS';
const PRIMARY_PRODUCT = 'P250';

const fieldError = (field: string, message: string) => new HttpError(400, message, { errors: [{ field, message }] });

/**
 * Excess and ad-hoc excess (spec 002 'Policy actions': issue or rescind excess and ad-hoc excess; section 7
 * excess, ad-hoc excess, PUT P250/excess/cancel/{id}): provider staff issue a layer above a Prime 250 policy
 * in force. An excess layer is rated by the Prime 250 Excess product on the policy's account and terms, its
 * retention the policy's limit; an ad-hoc layer takes the underwriter's own attachment, limit and premium.
 * The layer's premium joins what the payer owes; rescinding it gives it all back. Each move is a policy event
 * and an audit entry.
 */
export const handlers: HandlerModule = (services) => {
  const { db, clock, definitions } = services;

  const visible = (caller: Caller, id: string, tx: Queryable = db, lock = false) => requireVisiblePolicy(tx, caller, id, lock);

  function checkPrimary(policy: PolicyRow, action: 'excess' | 'rescindExcess') {
    if (policy.product !== PRIMARY_PRODUCT) throw new HttpError(409, EXCESS_TEXTS.notPrimary);
    if (!canMovePolicy(action, policy.status)) throw new HttpError(409, POLICY_TEXTS.notAvailable(policyPastTense(action), policy.status));
  }

  /** The standard layer: the product's limits above the policy's limit, rated on the policy's account and terms. */
  async function rateLayer(tx: Queryable, caller: Caller, policy: PolicyRow, layerLimit: number, rater: RaterDefinitions) {
    const product = rater.allProducts.get(EXCESS_PRODUCT);
    const attachment = Number(policy.agg_limit);
    if (!product?.options.deductibles.includes(attachment)) throw new HttpError(409, EXCESS_TEXTS.attachmentNotOffered);
    if (!product.options.limits.includes(layerLimit)) throw fieldError('layerLimit', EXCESS_TEXTS.unknownLimit);
    const account = await findQuotableAccount(tx, caller, policy.account_id);
    if (!account) throw notFound(POLICY_TEXTS.notFound);
    const terms = await currentTerms(tx, policy);
    // The layer follows the form: no coverages of its own beyond what the excess product always rates.
    const request: QuoteRequestBody = { ...terms.request, product: EXCESS_PRODUCT, aggLimit: layerLimit, deductible: attachment, coverages: {}, effectiveDate: policy.effective_date, endDate: policy.end_date, isSurplus: false };
    return { attachment, rating: rateOrRefuse(ratingInputOf(request, account), rater) };
  }

  const edition = async (id: 'us' | 'uk') => (await definitions.current()).registry().edition(id);

  /** Issues a layer in the caller's transaction: numbered, stored, its premium added to what the payer owes. */
  async function issue(
    tx: Queryable, request: { ip: string }, caller: Caller, policy: PolicyRow,
    layer: { kind: 'EXCESS' | 'AD_HOC'; layerLimit: number; attachment: number; premium: string; totalPremium: string; reason: string | null; rating: unknown },
  ): Promise<string> {
    const existing = await excessLayersOf(tx, policy.id);
    if (existing.some((row) => row.status === 'ISSUED' && Number(row.attachment) === layer.attachment)) throw new HttpError(409, EXCESS_TEXTS.layerExists);
    const layerNumber = await insertExcessLayer(tx, { policyId: policy.id, ...layer, userId: caller.userId, at: clock.now() });
    await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'excess', {
      update: { total_premium: plusMoney(policy.total_premium, layer.totalPremium) },
      detail: { layerNumber, kind: layer.kind, layerLimit: layer.layerLimit, attachment: layer.attachment, premium: layer.premium, totalPremium: layer.totalPremium },
    });
    return layerNumber;
  }

  return {
    async listExcessLayers(request) {
      const policy = await visible(callerOf(request), request.params.policyId);
      const content = (await excessLayersOf(db, policy.id)).reverse();
      return { content, totalElements: content.length, page: 0, size: content.length };
    },

    async listExcessLimits(request) {
      const policy = await visible(callerOf(request), request.params.policyId);
      const rater = await publishedRater(definitions, policy.edition);
      const product = rater.allProducts.get(EXCESS_PRODUCT);
      if (policy.product !== PRIMARY_PRODUCT || !product?.options.deductibles.includes(Number(policy.agg_limit))) return [];
      const money = await edition(policy.edition);
      return product.options.limits.map((value) => ({ value, label: formatMoney(value, money) }));
    },

    async previewExcessLayer(request) {
      const caller = callerOf(request);
      const policy = await visible(caller, request.params.policyId);
      checkPrimary(policy, 'excess');
      const rater = await publishedRater(definitions, policy.edition);
      const { attachment, rating } = await rateLayer(db, caller, policy, Number(request.query.layerLimit), rater);
      return { attachment, premium: rating.premium, totalPremium: rating.totalPremium, currency: policy.currency };
    },

    async issueExcessLayer(request) {
      const caller = callerOf(request);
      const body = checkedBodyOf(request);
      const today = todayIn(clock.now(), timeZoneOf(request));
      // Read before the transaction: the published rater comes from the embedded database's one connection.
      const rater = await publishedRater(definitions, (await visible(caller, request.params.policyId)).edition);
      const done = await db.transaction(async (tx) => {
        await settleCalendar(tx, today, clock.now());
        const policy = await visible(caller, request.params.policyId, tx, true);
        checkPrimary(policy, 'excess');
        const { attachment, rating } = await rateLayer(tx, caller, policy, Number(body.layerLimit), rater);
        const layerNumber = await issue(tx, request, caller, policy, {
          kind: 'EXCESS', layerLimit: Number(body.layerLimit), attachment, premium: rating.premium, totalPremium: rating.totalPremium, reason: null, rating,
        });
        return { layerNumber, policyNumber: policy.policy_number };
      });
      return { message: EXCESS_TEXTS.issued(done.layerNumber, done.policyNumber) };
    },

    async issueAdHocExcessLayer(request) {
      const caller = callerOf(request);
      const body = checkedBodyOf(request);
      const today = todayIn(clock.now(), timeZoneOf(request));
      const done = await db.transaction(async (tx) => {
        await settleCalendar(tx, today, clock.now());
        const policy = await visible(caller, request.params.policyId, tx, true);
        checkPrimary(policy, 'excess');
        const attachment = Number(body.attachment);
        if (attachment < Number(policy.agg_limit)) throw fieldError('attachment', EXCESS_TEXTS.attachmentBelowLimit);
        const premium = Decimal.from(Number(body.premium)).toFixed(2);
        const reason = typeof body.reason === 'string' && body.reason.trim() ? body.reason.trim() : null;
        const layerNumber = await issue(tx, request, caller, policy, {
          kind: 'AD_HOC', layerLimit: Number(body.layerLimit), attachment, premium, totalPremium: premium, reason, rating: null,
        });
        return { layerNumber, policyNumber: policy.policy_number };
      });
      return { message: EXCESS_TEXTS.issued(done.layerNumber, done.policyNumber) };
    },

    async rescindExcessLayer(request) {
      const caller = callerOf(request);
      const body = (request.body ?? {}) as { reason?: unknown };
      const reason = typeof body.reason === 'string' && body.reason.trim() ? body.reason.trim().slice(0, 500) : null;
      const today = todayIn(clock.now(), timeZoneOf(request));
      const layerNumber = await db.transaction(async (tx) => {
        await settleCalendar(tx, today, clock.now());
        const found = await findExcessLayer(tx, request.params.id);
        if (!found) throw notFound(EXCESS_TEXTS.layerNotFound);
        // The layer is as visible as the policy it sits above; another tenant's answers like a missing one.
        const policy = await findVisiblePolicy(tx, caller, found.policy_id, true);
        if (!policy) throw notFound(EXCESS_TEXTS.layerNotFound);
        if (found.status !== 'ISSUED') throw new HttpError(409, EXCESS_TEXTS.alreadyRescinded);
        if (!canMovePolicy('rescindExcess', policy.status)) throw new HttpError(409, POLICY_TEXTS.notAvailable(policyPastTense('rescindExcess'), policy.status));
        await tx.query(
          `UPDATE policy_excess_layers SET status = 'RESCINDED', rescinded_by = $2, rescinded_at = $3, rescind_reason = $4 WHERE id = $1`,
          [found.id, caller.userId, clock.now(), reason],
        );
        await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'rescindExcess', {
          update: { total_premium: Decimal.from(policy.total_premium).minus(Decimal.from(found.total_premium)).toFixed(2) },
          detail: { layerNumber: found.layer_number, returned: found.total_premium, reason },
        });
        return found.layer_number;
      });
      return { message: EXCESS_TEXTS.rescinded(layerNumber) };
    },
  };
};
