import { addMonths, extendedReportingPremium, formatDate, formatMoney, plusMoney, todayIn } from '../../../engine/index.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { ERP_OPTIONS } from '../../constants.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import type { Queryable } from '../../db/database.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { timeZoneOf } from '../../form-check/request-rule-context.ts';
import { HttpError } from '../../http/http-error.ts';
import type { Caller } from '../../services.ts';
import { settleCalendar, movePolicy, requireVisiblePolicy, type PolicyRow } from '../../lifecycle/index.ts';
import { currentTerms } from '../policy-endorsements/revision-repository.ts';
import { erpEligibility } from './erp-eligibility.ts';
import { ERP_TEXTS } from './erp-texts.ts';

/**
 * Extended reporting period (spec 002 section 7: GET P250/erp/premium/{policyId}, POST P250/erp): once a
 * policy has ended without renewal, its agent (or provider staff) buys one of the offered periods for the
 * insured within the purchase window; the premium, a share of the annual premium on the terms in force at the
 * end, is added to what the payer owes. A policy event and an audit entry record it.
 */
export const handlers: HandlerModule = (services) => {
  const { db, clock, definitions } = services;

  const visible = (caller: Caller, id: string, tx: Queryable = db, lock = false) => requireVisiblePolicy(tx, caller, id, lock);

  const bought = async (tx: Queryable, policyId: string) => (await tx.query('SELECT 1 FROM policy_extended_reporting WHERE policy_id = $1', [policyId])).length > 0;

  // Read before any transaction: the definitions share the embedded database's one connection.
  const editionOf = async (edition: 'us' | 'uk') => (await definitions.current()).registry().edition(edition);

  /** The periods offered for the policy with their premiums and end days, or the reason none is. */
  async function offer(tx: Queryable, policy: PolicyRow, today: string, edition: Awaited<ReturnType<typeof editionOf>>) {
    const eligible = erpEligibility(policy, today, await bought(tx, policy.id), (iso) => formatDate(iso, edition.locale));
    if (!eligible.ok) return { eligible, options: [] };
    const { annualPremium } = await currentTerms(tx, policy);
    const options = ERP_OPTIONS.map((option) => {
      const premium = extendedReportingPremium(annualPremium, option.percentOfAnnualPremium);
      return {
        months: option.months, percentOfAnnualPremium: option.percentOfAnnualPremium, premium, startsOn: eligible.endedOn,
        endsOn: addMonths(eligible.endedOn, option.months), label: ERP_TEXTS.optionLabel(option.months, formatMoney(Number(premium), edition)),
      };
    });
    return { eligible, options };
  }

  return {
    async listExtendedReportingOptions(request) {
      const caller = callerOf(request);
      const today = todayIn(clock.now(), timeZoneOf(request));
      // The policy may have expired since anyone last looked: the calendar moves it first.
      await db.transaction((tx) => settleCalendar(tx, today, clock.now()));
      const policy = await visible(caller, request.params.policyId);
      const { eligible, options } = await offer(db, policy, today, await editionOf(policy.edition));
      return { eligible: eligible.ok, reason: eligible.ok ? null : eligible.reason, currency: policy.currency, content: options };
    },

    async buyExtendedReportingPeriod(request) {
      const caller = callerOf(request);
      const body = checkedBodyOf(request);
      const today = todayIn(clock.now(), timeZoneOf(request));
      const months = Number(body.months);
      const edition = await editionOf((await visible(caller, String(body.policyId ?? ''))).edition);
      const done = await db.transaction(async (tx) => {
        await settleCalendar(tx, today, clock.now());
        const policy = await visible(caller, String(body.policyId ?? ''), tx, true);
        const { eligible, options } = await offer(tx, policy, today, edition);
        if (!eligible.ok) throw new HttpError(409, eligible.reason);
        const chosen = options.find((option) => option.months === months);
        if (!chosen) throw new HttpError(400, ERP_TEXTS.unknownOption, { errors: [{ field: 'months', message: ERP_TEXTS.unknownOption }] });
        await tx.query(
          `INSERT INTO policy_extended_reporting (policy_id, months, premium, starts_on, ends_on, purchased_by, purchased_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [policy.id, chosen.months, chosen.premium, chosen.startsOn, chosen.endsOn, caller.userId, clock.now()],
        );
        await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'extendedReporting', {
          update: { premium: plusMoney(policy.premium, chosen.premium), total_premium: plusMoney(policy.total_premium, chosen.premium) },
          detail: { months: chosen.months, premium: chosen.premium, startsOn: chosen.startsOn, endsOn: chosen.endsOn },
        });
        return { number: policy.policy_number, chosen };
      });
      return { message: ERP_TEXTS.bought(done.number, done.chosen.months, formatDate(done.chosen.endsOn, edition.locale)) };
    },
  };
};
