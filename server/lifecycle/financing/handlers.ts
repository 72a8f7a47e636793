import { addDays, addMonths, amountFinanced, amountPaid, financeablePremium, financeQuoteOf, formatMoney, installmentAmount, plusMoney, todayIn } from '../../../engine/index.ts';
import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { FINANCE_DISAFFIRM_DAYS, FINANCE_DISAFFIRMED_PAYMENT_DAYS, FINANCE_FIRST_DUE_DAYS, FINANCE_TERM_MONTHS } from '../../constants.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import type { Queryable } from '../../db/database.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import type { Caller } from '../../services.ts';
import { findVisiblePolicy, type PolicyRow } from '../policies/policy-repository.ts';
import { IN_FORCE } from '../policies/policy-transitions.ts';
import { transactionsOf } from '../ledger/transaction-repository.ts';
import { FINANCING_TEXTS } from './financing-texts.ts';
import { financeProducerOf, liveFinancingOf, type FinanceProducer, type FinancingRow } from '../ledger/financing-repository.ts';

const money = (value: unknown) => Number(value).toFixed(2);
const fieldError = (field: string, message: string) => new HttpError(400, message, { errors: [{ field, message }] });

/** The finance quote as the payer sees it (spec 002 'Premium finance quote (shown to the payer)'). */
function financeQuote(row: FinancingRow, policy: PolicyRow, producer: FinanceProducer) {
  return {
    policyId: policy.id,
    producer,
    policyNumber: policy.policy_number,
    status: row.status,
    financerName: row.financer_name,
    FinanceQuoteNumber: row.finance_quote_number,
    AmountFinanced: money(row.amount_financed),
    APR: Number(row.apr),
    NumberOfInstallments: row.number_of_installments,
    TotalPremium: money(row.total_premium),
    DownPayment: money(row.down_payment),
    TotalPaymentAmount: money(row.total_payment_amount),
    InstallmentAmount: money(row.installment_amount),
    FinanceCharge: money(row.finance_charge),
    FirstInstallmentDue: row.first_installment_due,
    currency: policy.currency as 'USD' | 'GBP',
    schedule: financeQuoteOf({
      totalPremium: row.total_premium, downPayment: row.down_payment, apr: row.apr, numberOfInstallments: row.number_of_installments, firstInstallmentDue: row.first_installment_due,
    }).schedule,
    disaffirmDays: FINANCE_DISAFFIRM_DAYS,
    disaffirmedPaymentDays: FINANCE_DISAFFIRMED_PAYMENT_DAYS,
    acceptedAt: row.accepted_at ? new Date(row.accepted_at).toISOString() : null,
    signature: row.signature,
  };
}

/**
 * Premium financing (spec 002 section 3): billing adds a premium financer to a policy (financer, down
 * payment, APR, number of instalments, the instalment previewed as they are typed); the payer sees the
 * finance quote in the INSTALLMENT PLAN dialog and accepts it with their full name; the payer then owes the
 * down payment, the finance company the rest. Every change is audited (money).
 */
export const handlers: HandlerModule = (services) => {
  const { db, clock } = services;

  async function visiblePolicy(caller: Caller, id: string, tx: Queryable = db, lock = false): Promise<PolicyRow> {
    const policy = await findVisiblePolicy(tx, caller, id, lock);
    if (!policy) throw notFound(FINANCING_TEXTS.policyNotFound);
    return policy;
  }

  /** The producer the agreement names; the payer cannot see or accept a plan that names none. */
  async function producerOf(policy: PolicyRow, tx: Queryable = db): Promise<FinanceProducer> {
    const producer = await financeProducerOf(tx, policy.agency_id);
    if (!producer) throw new HttpError(409, FINANCING_TEXTS.agencyDetailsMissing);
    return producer;
  }

  return {
    async previewInstallment(request) {
      const { apr, totalPremium, downPayment, numberOfInstallments } = request.query;
      return { installmentAmount: installmentAmount(amountFinanced(totalPremium, downPayment), apr, numberOfInstallments) };
    },

    async addPremiumFinancer(request) {
      const caller = callerOf(request);
      const body = checkedBodyOf(request);
      const today = todayIn(clock.now());
      // Read before the transaction: the embedded database has one connection.
      const registry = (await services.definitions.current()).registry();
      await db.transaction(async (tx) => {
        const policy = await visiblePolicy(caller, String(body.policyId), tx, true);
        if (![...IN_FORCE, 'CANCEL REQUESTED'].includes(policy.status)) throw new HttpError(409, FINANCING_TEXTS.notFinanceable(policy.status));
        const live = await liveFinancingOf(tx, policy.id, true);
        if (live?.status === 'ACCEPTED') throw new HttpError(409, FINANCING_TEXTS.alreadyAccepted);
        const paid = amountPaid((await transactionsOf(tx, policy.id)).map((row) => ({ status: row.status, amount: row.amount_paid })));
        if (Number(paid) >= Number(policy.total_premium)) throw new HttpError(409, FINANCING_TEXTS.paidAlready);
        const downPayment = money(body.downPayment);
        if (Number(downPayment) > Number(policy.total_premium)) throw new HttpError(400, FINANCING_TEXTS.downPaymentTooLarge);
        const created = new Date(policy.created_at).toISOString().slice(0, 10);
        const start = created > today ? created : today;
        const firstInstallmentDue = addDays(start, FINANCE_FIRST_DUE_DAYS);
        const count = Number(body.numberOfInstallments);
        const quote = financeQuoteOf({ totalPremium: policy.total_premium, downPayment, apr: String(body.apr), numberOfInstallments: count, firstInstallmentDue });
        // What is lent is at most the financeable premium: the fees are not financed, the down payment carries them.
        if (Number(quote.amountFinanced) > Number(financeablePremium(policy.total_premium, policy.broker_fee, policy.mga_fee))) {
          const fees = plusMoney(policy.broker_fee, policy.mga_fee);
          throw fieldError('downPayment', FINANCING_TEXTS.feesNotFinanced(formatMoney(Number(fees), registry.edition(policy.edition))));
        }
        if (quote.schedule.at(-1)!.dueDate > addMonths(start, FINANCE_TERM_MONTHS)) throw fieldError('numberOfInstallments', FINANCING_TEXTS.beyondTerm(FINANCE_TERM_MONTHS));
        if (live) await tx.query(`UPDATE premium_financings SET status = 'WITHDRAWN' WHERE id = $1`, [live.id]);
        const [next] = await tx.query<{ next: number }>(`SELECT nextval('finance_quote_seq')::int AS next`);
        const number = `FQ-${clock.now().getUTCFullYear()}-${String(next!.next).padStart(6, '0')}`;
        await tx.query(
          `INSERT INTO premium_financings (policy_id, finance_quote_number, financer_name, total_premium, down_payment, apr, number_of_installments, amount_financed,
             installment_amount, finance_charge, total_payment_amount, first_installment_due, status, offered_by, offered_at, customer_email)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'OFFERED', $13, $14, $15)`,
          [policy.id, number, String(body.financerName), policy.total_premium, downPayment, String(body.apr), count, quote.amountFinanced, quote.installmentAmount,
            quote.financeCharge, quote.totalPaymentAmount, firstInstallmentDue, caller.userId, clock.now(), policy.contact_email],
        );
        await audit(tx, clock, { actorUserId: caller.userId, action: 'financing.offered', target: policy.id, address: request.ip,
          detail: { policyNumber: policy.policy_number, financeQuoteNumber: number, financer: body.financerName, downPayment, apr: body.apr, installments: count, installmentAmount: quote.installmentAmount, replaced: live?.finance_quote_number ?? null } });
      });
      const policy = await visiblePolicy(caller, String(body.policyId));
      const producer = await financeProducerOf(db, policy.agency_id);
      return { quote: financeQuote((await liveFinancingOf(db, policy.id))!, policy, producer ?? { name: policy.agency_name, contactName: '', email: '', phone: '' }), message: FINANCING_TEXTS.added };
    },

    async getFinanceQuote(request) {
      const policy = await visiblePolicy(callerOf(request), request.params.policyId);
      const live = await liveFinancingOf(db, policy.id);
      if (!live) throw notFound(FINANCING_TEXTS.notOffered);
      return financeQuote(live, policy, await producerOf(policy));
    },

    async acceptFinanceQuote(request) {
      const caller = callerOf(request);
      const body = checkedBodyOf(request);
      await db.transaction(async (tx) => {
        const policy = await visiblePolicy(caller, String(body.policyId), tx, true);
        const live = await liveFinancingOf(tx, policy.id, true);
        if (!live) throw notFound(FINANCING_TEXTS.notOffered);
        if (live.status === 'ACCEPTED') throw new HttpError(409, FINANCING_TEXTS.alreadyAccepted);
        await producerOf(policy, tx);
        const signature = String(body.signature).trim();
        await tx.query(`UPDATE premium_financings SET status = 'ACCEPTED', accepted_by = $2, accepted_at = $3, signature = $4 WHERE id = $1`,
          [live.id, caller.userId, clock.now(), signature]);
        await audit(tx, clock, { actorUserId: caller.userId, action: 'financing.accepted', target: policy.id, address: request.ip,
          detail: { policyNumber: policy.policy_number, financeQuoteNumber: live.finance_quote_number, signature, downPayment: live.down_payment, amountFinanced: live.amount_financed } });
      });
      const policy = await visiblePolicy(caller, String(body.policyId));
      return { quote: financeQuote((await liveFinancingOf(db, policy.id))!, policy, await producerOf(policy)), message: FINANCING_TEXTS.accepted };
    },
  };
};
