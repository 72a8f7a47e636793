import { amountDue, type Edition, type RaterDefinitions } from '../../../engine/index.ts';
import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/database.ts';
import type { DefinitionService } from '../../definitions/definition-service.ts';
import { issuedDocumentId, keepIssuedDocument, type IssuedFile } from '../../resources/documents/issued-documents.ts';
import { liveFinancingOf, owedByPayer } from '../ledger/financing-repository.ts';
import { policyForIssuedDocument, type PolicyRow } from '../policies/policy-repository.ts';
import { policyScheduleOf } from '../schedule/policy-schedule.ts';
import { publishedRater } from '../quotes/quote-rating.ts';
import { receiptPdf } from './receipt-document.ts';
import { transactionById, transactionsOf, type TransactionRow } from '../ledger/transaction-repository.ts';

/** A transaction's receipt, with what remained due on the policy when it was rendered: as kept and as downloaded. */
export async function receiptFile(db: Queryable, transaction: TransactionRow, policy: PolicyRow, edition: Edition, rater: RaterDefinitions): Promise<IssuedFile> {
  const payments = (await transactionsOf(db, policy.id)).map((row) => ({ status: row.status, amount: row.amount_paid }));
  const owed = owedByPayer(policy.total_premium, await liveFinancingOf(db, policy.id));
  const schedule = await policyScheduleOf(db, policy, rater);
  return { fileName: `Receipt_${transaction.transaction_id}.pdf`, content: await receiptPdf(transaction, policy, schedule, amountDue(owed, payments), edition) };
}

interface ReceiptDeps {
  db: Queryable;
  clock: Clock;
  definitions: DefinitionService;
}

/**
 * Keeps the receipt of a payment that is Paid, as it reads the moment it was paid (its balance due then), so
 * a later rename of the insured or another payment never rewrites a receipt the payer already has. Called
 * once the payment's transaction has committed (a processor's answer, a read of its checkout, its webhook,
 * billing's check, wire or credit): the payment stands whatever becomes of its receipt, and the definitions
 * are read from the database a transaction would hold. Anything but a Paid policy payment is left alone: an
 * attempt is not a receipt, and a binder's payment has no policy to print until its policy is issued (the
 * policy's issue keeps it then, with the balance due on the new policy). Never throws.
 */
export async function keepReceipt(deps: ReceiptDeps, log: { warn(details: object, message: string): void }, transactionId: string | null | undefined): Promise<void> {
  if (!transactionId) return;
  try {
    const transaction = await transactionById(deps.db, transactionId);
    if (transaction?.status !== 'Paid' || !transaction.policy_id) return;
    const policy = await policyForIssuedDocument(deps.db, transaction.policy_id);
    if (!policy) return;
    const edition = (await deps.definitions.current()).registry().edition(policy.edition);
    await keepIssuedDocument(deps.db, { docId: issuedDocumentId('receipt', transaction.id), at: deps.clock.now(), log },
      async () => receiptFile(deps.db, transaction, policy, edition, await publishedRater(deps.definitions, policy.edition)));
  } catch (error) {
    log.warn({ err: error, transactionId }, 'The receipt could not be kept; it is rendered from the records on download');
  }
}
