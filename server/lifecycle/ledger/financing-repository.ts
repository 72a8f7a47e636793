import { amountDue } from '../../../engine/index.ts';
import type { Queryable } from '../../db/database.ts';
import { transactionsOf } from './transaction-repository.ts';

/** A policy's live instalment plan (offered or accepted), as the payment page and the finance quote read it. */
export interface FinancingRow {
  id: string;
  policy_id: string;
  finance_quote_number: string;
  financer_name: string;
  total_premium: string;
  down_payment: string;
  apr: string;
  number_of_installments: number;
  amount_financed: string;
  installment_amount: string;
  finance_charge: string;
  total_payment_amount: string;
  first_installment_due: string;
  status: 'OFFERED' | 'ACCEPTED';
  accepted_at: Date | null;
  signature: string | null;
}

export async function liveFinancingOf(db: Queryable, policyId: string, lock = false): Promise<FinancingRow | null> {
  const [row] = await db.query<FinancingRow>(
    `SELECT id, policy_id, finance_quote_number, financer_name, total_premium::text AS total_premium, down_payment::text AS down_payment, apr::text AS apr,
       number_of_installments, amount_financed::text AS amount_financed, installment_amount::text AS installment_amount, finance_charge::text AS finance_charge,
       total_payment_amount::text AS total_payment_amount, first_installment_due::text AS first_installment_due, status, accepted_at, signature
     FROM premium_financings WHERE policy_id = $1 AND status <> 'WITHDRAWN'${lock ? ' FOR UPDATE' : ''}`,
    [policyId],
  );
  return row ?? null;
}

/** What the payer owes in all: the down payment once an instalment plan is accepted (the finance company pays the rest), else the total premium. */
export function owedByPayer(totalPremium: string, financing: FinancingRow | null): string {
  return financing?.status === 'ACCEPTED' ? financing.down_payment : totalPremium;
}

/** What the payer of a policy owes now: the premium (or, under an accepted plan, the down payment) less what was paid. */
export async function amountDueOf(db: Queryable, policy: { id: string; total_premium: string }): Promise<string> {
  const payments = (await transactionsOf(db, policy.id)).map((row) => ({ status: row.status, amount: row.amount_paid }));
  return amountDue(owedByPayer(policy.total_premium, await liveFinancingOf(db, policy.id)), payments);
}

/** The producing agency as a finance agreement names it: who placed the policy, and whom the lender calls. */
export interface FinanceProducer {
  name: string;
  contactName: string;
  email: string;
  phone: string;
}

/**
 * The policy's agency as its finance agreement names it, or null while the agency's profile lacks its contact
 * (name, e-mail and telephone): the finance company cannot lend without a producer to reach (spec 002
 * section 8 'Agency Details Missing. Please contact your agent or support.').
 */
export async function financeProducerOf(db: Queryable, agencyId: string): Promise<FinanceProducer | null> {
  const [row] = await db.query<{ name: string; first: string | null; last: string | null; email: string | null; phone: string | null }>(
    `SELECT ag.name, op.contact_first_name AS first, op.contact_last_name AS last, op.contact_email AS email, coalesce(op.contact_phone, op.phone) AS phone
     FROM accounts ag LEFT JOIN organisation_profiles op ON op.account_id = ag.id WHERE ag.id = $1`,
    [agencyId],
  );
  if (!row?.first || !row.last || !row.email || !row.phone) return null;
  return { name: row.name, contactName: `${row.first} ${row.last}`, email: row.email, phone: row.phone };
}
