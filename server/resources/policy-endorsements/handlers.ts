import { addDays, Decimal, endorsementPremiumChange, formatDate, formatMoney, plusMoney, todayIn, type RaterDefinitions, type RatingResult } from '../../../engine/index.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { ENDORSEMENT_WINDOW } from '../../constants.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import type { Queryable } from '../../db/database.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { timeZoneOf } from '../../form-check/request-rule-context.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import type { Caller } from '../../services.ts';
import { settleCalendar, movePolicy, requireVisiblePolicy, type PolicyRow, POLICY_TEXTS, canMovePolicy, policyPastTense, findQuotableAccount, publishedRater, rateOrRefuse, ratingInputOf, type QuoteRequestBody } from '../../lifecycle/index.ts';
import { ENDORSEMENT_TEXTS } from './endorsement-texts.ts';
import {
  currentTerms, insertRevision, ratingOfRevision, revertibleEndorsement, revisionList, termsBefore, type PolicyTerms,
} from './revision-repository.ts';

interface EndorsementAsk {
  endorsementDate: string;
  aggLimit: number;
  deductible: number;
}

/**
 * Endorsements (spec 002 'Policy actions': endorse, revisions and revert; section 9 endorsement window): the
 * limit and retention of a policy in force change from a day within the window (14 days back to 30 ahead, any
 * day for a provider user jumped into the agency) and within the policy period. The policy is rated again on
 * the rating tables in force at its inception, and the change of the annual premium is charged or returned
 * pro rata for the rest of the term: the policy's premium and the payer's total move by that much. Each
 * endorsement is a revision; provider staff may revert the latest one. Every change is a policy event and an
 * audit entry (policies/policy-changes.ts).
 */
export const handlers: HandlerModule = (services) => {
  const { db, clock, definitions } = services;

  const visible = (caller: Caller, id: string, tx: Queryable = db, lock = false) => requireVisiblePolicy(tx, caller, id, lock);

  const fieldError = (field: string, message: string) => new HttpError(400, message, { errors: [{ field, message }] });

  /** Refuses a date outside the window (unless jumped) or outside the policy period, and options the product does not offer. */
  function checkAsk(caller: Caller, policy: PolicyRow, ask: EndorsementAsk, rater: RaterDefinitions, today: string, locale: string): void {
    const from = addDays(today, -ENDORSEMENT_WINDOW.daysBack);
    const to = addDays(today, ENDORSEMENT_WINDOW.daysForward);
    if (!caller.ghosting && (ask.endorsementDate < from || ask.endorsementDate > to)) {
      throw fieldError('endorsementDate', ENDORSEMENT_TEXTS.outsideWindow(formatDate(from, locale), formatDate(to, locale)));
    }
    if (ask.endorsementDate < policy.effective_date || ask.endorsementDate >= policy.end_date) throw fieldError('endorsementDate', ENDORSEMENT_TEXTS.outsideTerm);
    const options = rater.allProducts.get(policy.product)?.options;
    if (!options?.limits.includes(ask.aggLimit)) throw fieldError('aggLimit', ENDORSEMENT_TEXTS.unknownOption);
    if (!options.deductibles.includes(ask.deductible)) throw fieldError('deductible', ENDORSEMENT_TEXTS.unknownOption);
  }

  /**
   * The policy rated on the asked terms and on its current ones, alike in everything else (the account as it is
   * now, the tables in force at inception): the endorsement charges only the difference the change makes, not
   * what the account or the tables have moved since the policy was rated. Coverage limits above the new
   * aggregate are brought down to it.
   */
  async function rateAsk(tx: Queryable, caller: Caller, policy: PolicyRow, terms: PolicyTerms, ask: EndorsementAsk, rater: RaterDefinitions) {
    const account = await findQuotableAccount(tx, caller, policy.account_id);
    if (!account) throw notFound(POLICY_TEXTS.notFound);
    const coverages = Object.fromEntries(Object.entries(terms.request.coverages ?? {}).map(([id, choice]) => [
      id, typeof choice.limit === 'number' && choice.limit > ask.aggLimit ? { ...choice, limit: ask.aggLimit } : choice,
    ]));
    // The policy's own period, which a change of its dates may have moved since the request was stored.
    const current: QuoteRequestBody = { ...terms.request, effectiveDate: policy.effective_date, endDate: policy.end_date };
    const request: QuoteRequestBody = { ...current, aggLimit: ask.aggLimit, deductible: ask.deductible, coverages };
    const [quote] = await tx.query<{ irpm: Record<string, number> | null }>('SELECT irpm FROM quotes WHERE id = $1', [policy.quote_id]);
    const irpm = quote?.irpm ?? null;
    const rating = rateOrRefuse(ratingInputOf(request, account, irpm), rater);
    const now = rateOrRefuse(ratingInputOf(current, account, irpm), rater);
    return { request, rating, now };
  }

  /**
   * The money of an endorsement: the annual amounts move by the difference between the two ratings (fees are
   * flat, so they cancel), and that difference is charged pro rata for the rest of the term.
   */
  function moneyOf(policy: PolicyRow, terms: PolicyTerms, rated: { rating: RatingResult; now: RatingResult }, endorsementDate: string) {
    const term = { effectiveDate: policy.effective_date, endDate: policy.end_date };
    const premiumChange = endorsementPremiumChange(rated.now.premium, rated.rating.premium, term, endorsementDate);
    const totalChange = endorsementPremiumChange(rated.now.totalPremium, rated.rating.totalPremium, term, endorsementDate);
    const moved = (annual: string, before: string, after: string) => Decimal.from(annual).plus(Decimal.from(after)).minus(Decimal.from(before)).toFixed(2);
    return {
      annualPremium: moved(terms.annualPremium, rated.now.premium, rated.rating.premium),
      annualTotal: moved(terms.annualTotal, rated.now.totalPremium, rated.rating.totalPremium),
      premiumChange, totalChange,
      premium: plusMoney(policy.premium, premiumChange),
      totalPremium: plusMoney(policy.total_premium, totalChange),
    };
  }

  const askOf = (source: Record<string, unknown>): EndorsementAsk => ({
    endorsementDate: String(source.endorsementDate ?? ''), aggLimit: Number(source.aggLimit), deductible: Number(source.deductible),
  });

  const localeOf = async (edition: 'us' | 'uk') => (await definitions.current()).registry().edition(edition).locale;

  return {
    async listEndorsementOptions(request) {
      const policy = await visible(callerOf(request), request.params.id);
      const rater = await publishedRater(definitions, policy.edition);
      const edition = (await definitions.current()).registry().edition(policy.edition);
      const options = rater.allProducts.get(policy.product)?.options;
      const values = request.query.option === 'deductible' ? options?.deductibles ?? [] : options?.limits ?? [];
      // Labelled as the quote editor labels them (renderers/quoting/option-labels.ts).
      return values.map((value) => ({ value, label: formatMoney(value, edition) }));
    },

    async previewEndorsement(request) {
      const caller = callerOf(request);
      const policy = await visible(caller, request.params.id);
      const rater = await publishedRater(definitions, policy.edition);
      const ask = askOf(request.query);
      checkAsk(caller, policy, ask, rater, todayIn(clock.now(), timeZoneOf(request)), await localeOf(policy.edition));
      const terms = await currentTerms(db, policy);
      const rated = await rateAsk(db, caller, policy, terms, ask, rater);
      return { ...moneyOf(policy, terms, rated, ask.endorsementDate), currency: policy.currency };
    },

    async endorsePolicy(request) {
      const caller = callerOf(request);
      const body = checkedBodyOf(request);
      const ask = askOf(body);
      const description = typeof body.description === 'string' && body.description.trim() ? body.description.trim() : null;
      const today = todayIn(clock.now(), timeZoneOf(request));
      // Read before the transaction: the definitions share the embedded database's one connection.
      const before = await visible(caller, request.params.id);
      const rater = await publishedRater(definitions, before.edition);
      const locale = await localeOf(before.edition);
      const done = await db.transaction(async (tx) => {
        await settleCalendar(tx, today, clock.now());
        const policy = await visible(caller, request.params.id, tx, true);
        if (!canMovePolicy('endorse', policy.status)) throw new HttpError(409, POLICY_TEXTS.notAvailable(policyPastTense('endorse'), policy.status));
        checkAsk(caller, policy, ask, rater, today, locale);
        const terms = await currentTerms(tx, policy);
        if (terms.aggLimit === ask.aggLimit && terms.deductible === ask.deductible) throw fieldError('aggLimit', ENDORSEMENT_TEXTS.noChange);
        const rated = await rateAsk(tx, caller, policy, terms, ask, rater);
        const money = moneyOf(policy, terms, rated, ask.endorsementDate);
        const revision = terms.revision + 1;
        await insertRevision(tx, {
          policyId: policy.id, revision, kind: 'ENDORSEMENT', endorsementDate: ask.endorsementDate, aggLimit: ask.aggLimit, deductible: ask.deductible,
          annualPremium: money.annualPremium, annualTotal: money.annualTotal, premiumChange: money.premiumChange, totalChange: money.totalChange,
          description, request: rated.request, rating: rated.rating, userId: caller.userId, at: clock.now(),
        });
        await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'endorse', {
          update: { agg_limit: ask.aggLimit, deductible: ask.deductible, premium: money.premium, total_premium: money.totalPremium },
          detail: {
            revision, endorsementDate: ask.endorsementDate, description,
            from: { aggLimit: terms.aggLimit, deductible: terms.deductible }, to: { aggLimit: ask.aggLimit, deductible: ask.deductible },
            premiumChange: money.premiumChange, totalChange: money.totalChange,
          },
        });
        return policy;
      });
      return { message: ENDORSEMENT_TEXTS.endorsed(done.policy_number, formatDate(ask.endorsementDate, locale)) };
    },

    async revertEndorsement(request) {
      const caller = callerOf(request);
      const today = todayIn(clock.now(), timeZoneOf(request));
      const reverted = await db.transaction(async (tx) => {
        await settleCalendar(tx, today, clock.now());
        const policy = await visible(caller, request.params.id, tx, true);
        if (!canMovePolicy('revertEndorsement', policy.status)) {
          throw new HttpError(409, POLICY_TEXTS.notAvailable(policyPastTense('revertEndorsement'), policy.status));
        }
        const latest = await revertibleEndorsement(tx, policy.id);
        if (!latest) throw new HttpError(409, ENDORSEMENT_TEXTS.nothingToRevert);
        const back = await termsBefore(tx, policy, latest.revision);
        const premiumChange = Decimal.ZERO.minus(Decimal.from(latest.premiumChange)).toFixed(2);
        const totalChange = Decimal.ZERO.minus(Decimal.from(latest.totalChange)).toFixed(2);
        await insertRevision(tx, {
          policyId: policy.id, revision: latest.revision + 1, kind: 'REVERT', reverts: latest.revision, endorsementDate: latest.endorsementDate,
          aggLimit: back.aggLimit, deductible: back.deductible, annualPremium: back.annualPremium, annualTotal: back.annualTotal,
          premiumChange, totalChange, description: null, request: back.request, rating: await ratingOfRevision(tx, policy.id, back.revision),
          userId: caller.userId, at: clock.now(),
        });
        await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'revertEndorsement', {
          update: {
            agg_limit: back.aggLimit, deductible: back.deductible,
            premium: plusMoney(policy.premium, premiumChange), total_premium: plusMoney(policy.total_premium, totalChange),
          },
          detail: { revision: latest.revision + 1, reverts: latest.revision, premiumChange, totalChange },
        });
        return { number: policy.policy_number, revision: latest.revision };
      });
      return { message: ENDORSEMENT_TEXTS.reverted(reverted.number, reverted.revision) };
    },

    async listPolicyRevisions(request) {
      const policy = await visible(callerOf(request), String(request.query.policyId ?? ''));
      const revisions = await revisionList(db, policy);
      // Newest first, as the page shows them; the list is one policy's, so it is never long.
      const content = [...revisions].reverse();
      return { content, totalElements: content.length, page: 0, size: content.length };
    },
  };
};
