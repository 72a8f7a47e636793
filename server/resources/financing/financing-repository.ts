import { amountDue } from '../../../engine/index.ts';
import type { Queryable } from '../../db/database.ts';
import { transactionsOf } from '../payments/transaction-repository.ts';

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
