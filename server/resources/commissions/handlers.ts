import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { PROVIDER_ACCOUNT_TYPE } from '../../auth/session-context.ts';
import { COMMISSION_DOCUMENT_FIRST_YEAR, COMMISSION_DOCUMENT_MAX_YEARS } from '../../constants.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import type { Caller } from '../../services.ts';
import { PayoutRefusal, type PaymentProcessor, sharedPaymentProcessor } from '../../lifecycle/index.ts';
import { formatMoney, type Edition } from '../../../engine/index.ts';
import { commissionDocumentFileName, commissionDocumentPdf, monthName, type CommissionDocumentKind } from './commission-documents.ts';
import { LIVING_DOCUMENTS, renderAndKeep } from '../documents/document-versions.ts';
import { sendDocumentFile } from '../documents/issued-documents.ts';
import {
  AGENCY_CURRENCY, agencyTenant, commissionLinesOfMonth, commissionOwed, commissionPaymentByToken, searchVisibleCommissionAggregates,
  searchVisibleCommissionLines, searchVisibleCommissionPayments,
} from './commission-lists.ts';
import { COMMISSION_TEXTS } from './commission-texts.ts';

interface AgencyRow {
  id: string;
  name: string;
  edition: 'us' | 'uk';
  currency: 'USD' | 'GBP';
  bank_name: string | null;
  account_name: string | null;
  account_type: string | null;
  routing_number: string | null;
  account_last4: string | null;
  payee_token: string | null;
  payments_paused: boolean | null;
}

const money = (value: unknown) => Number(value).toFixed(2);

/** What a commission payment came to, its amount in the agency's edition's money ('Commission of $25.00 paid to …'). */
const messageOf = (payment: { status: string; failureReason: string | null; amount: string; agencyName: string }, edition: Pick<Edition, 'locale' | 'currency'>) =>
  payment.status === 'Failed' ? COMMISSION_TEXTS.failed(payment.failureReason ?? '') : COMMISSION_TEXTS.paid(formatMoney(Number(payment.amount), edition), payment.agencyName);

/**
 * Commissions (spec 002 section 3 Commission, section 7 /api/commissions/v1): statements and per-agency
 * totals, the agency's deposit account (kept by the processor, shown by its last four digits), payments
 * to it through the processor with a single-use token, pausing them per agency, and the month's statement
 * or agency-billed invoice as a PDF. Every change is audited.
 */
export const handlers: HandlerModule = (services) => {
  const { db, clock, definitions } = services;

  /** An agency within the caller's tenant (provider staff any, an agency itself); another answers like a missing one. */
  async function visibleAgency(caller: Caller, agencyId: string, tx: Queryable = db, lock = false): Promise<AgencyRow> {
    const params = new SqlParams();
    const id = params.add(agencyId, 'uuid');
    const [agency] = await tx.query<AgencyRow>(
      `SELECT ag.id, ag.name, ag.edition, ${AGENCY_CURRENCY} AS currency, ca.bank_name, ca.account_name, ca.account_type, ca.routing_number,
         ca.account_last4, ca.payee_token, ca.payments_paused
       FROM accounts ag LEFT JOIN agency_commission_accounts ca ON ca.agency_id = ag.id
       WHERE ag.id = ${id} AND ag.account_type = 'AGENCY' AND ${agencyTenant(caller, 'ag.id', params)}${lock ? ' FOR UPDATE OF ag' : ''}`,
      params.values,
    );
    if (!agency) throw notFound(COMMISSION_TEXTS.agencyNotFound);
    return agency;
  }

  /** The agency a document is about: an agency's own user gets their own; provider staff name one. */
  function documentAgencyId(caller: Caller, agencyId: string | undefined): string {
    if (caller.accountType !== PROVIDER_ACCOUNT_TYPE) return caller.accountId;
    if (!agencyId) throw new HttpError(400, COMMISSION_TEXTS.agencyRequired);
    return agencyId;
  }

  function bankAccountOf(agency: AgencyRow) {
    return {
      agencyId: agency.id, agencyName: agency.name, bankName: agency.bank_name, accountName: agency.account_name, accountType: agency.account_type,
      routingNumber: agency.routing_number, accountEnding: agency.account_last4 ? `••••${agency.account_last4}` : null,
      // Never answered: the processor keeps it, and a form showing this record asks for it again to change it.
      accountNumber: null,
      paymentsPaused: agency.payments_paused === true, bankAccountSet: agency.payee_token !== null,
    };
  }

  function requireProcessor(log: { warn(details: object, message: string): void }): PaymentProcessor {
    const processor = sharedPaymentProcessor(services, log);
    if (!processor) throw new HttpError(503, COMMISSION_TEXTS.processorUnavailable);
    return processor;
  }

  async function monthDocument(caller: Caller, query: { year: number; month: number; kind?: CommissionDocumentKind; agencyId?: string }) {
    const agency = await visibleAgency(caller, documentAgencyId(caller, query.agencyId));
    const kind = query.kind ?? 'commissionStatement';
    const lines = await commissionLinesOfMonth(db, agency.id, query.year, query.month, kind === 'agencyBillInvoice');
    return { agency, kind, lines, fileName: commissionDocumentFileName(kind, agency.name, query.year, query.month) };
  }

  return {
    async searchCommissionStatements(request) {
      return searchVisibleCommissionLines(db, callerOf(request), request.query);
    },

    async searchCommissionAggregates(request) {
      return searchVisibleCommissionAggregates(db, callerOf(request), request.query);
    },

    async searchCommissionPayments(request) {
      return searchVisibleCommissionPayments(db, callerOf(request), request.query);
    },

    async getCommissionAch(request) {
      return bankAccountOf(await visibleAgency(callerOf(request), request.params.agencyId));
    },

    async updateCommissionAch(request) {
      const caller = callerOf(request);
      const body = checkedBodyOf(request);
      const agency = await visibleAgency(caller, request.params.agencyId);
      // The processor keeps the account number; it is asked before the transaction (it shares the embedded database).
      const processor = requireProcessor(request.server.log);
      const payee = await processor.registerPayee({
        accountName: String(body.accountName), routingNumber: String(body.routingNumber).replace(/\D/g, ''), accountNumber: String(body.accountNumber),
        currency: agency.currency,
      });
      await db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO agency_commission_accounts (agency_id, bank_name, account_name, account_type, routing_number, account_last4, processor, payee_token, modified_at, modified_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
           ON CONFLICT (agency_id) DO UPDATE SET bank_name = $2, account_name = $3, account_type = $4, routing_number = $5, account_last4 = $6,
             processor = $7, payee_token = $8, modified_at = $9, modified_by = $10`,
          [agency.id, String(body.bankName), String(body.accountName), String(body.accountType), String(body.routingNumber), payee.last4, processor.name, payee.token, clock.now(), caller.userId],
        );
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'commission.bank-account-set', target: agency.id, address: request.ip,
          detail: { bankName: body.bankName, accountType: body.accountType, routingNumber: body.routingNumber, accountLast4: payee.last4, before: agency.account_last4 },
        });
      });
      return { ...bankAccountOf(await visibleAgency(caller, agency.id)), message: COMMISSION_TEXTS.bankAccountSaved };
    },

    async getCommissionPaymentToken(request) {
      const caller = callerOf(request);
      const agency = await visibleAgency(caller, request.params.agencyId);
      if (agency.payments_paused) throw new HttpError(409, COMMISSION_TEXTS.paused);
      if (!agency.payee_token) throw new HttpError(409, COMMISSION_TEXTS.noBankAccount);
      const outstanding = await commissionOwed(db, agency.id);
      if (Number(outstanding) <= 0) throw new HttpError(409, COMMISSION_TEXTS.nothingOwed);
      const { token } = await requireProcessor(request.server.log).payoutToken(agency.payee_token);
      return { token, agencyId: agency.id, outstanding, currency: agency.currency };
    },

    async payCommission(request) {
      const caller = callerOf(request);
      const body = checkedBodyOf(request);
      const token = String(body.token);
      const amount = money(body.commissionsAmount);
      const agency = await visibleAgency(caller, String(body.agencyId));
      const edition = (await definitions.current()).registry().edition(agency.edition);
      // The same token again is the payment it already made: a retried request never pays twice.
      const earlier = await commissionPaymentByToken(db, token);
      if (earlier && earlier.agencyId === agency.id) return { payment: earlier, message: messageOf(earlier, edition) };
      if (earlier) throw new HttpError(409, COMMISSION_TEXTS.tokenRefused('The payout token was used for another payee.'));
      if (agency.payments_paused) throw new HttpError(409, COMMISSION_TEXTS.paused);
      if (!agency.payee_token) throw new HttpError(409, COMMISSION_TEXTS.noBankAccount);
      const owed = await commissionOwed(db, agency.id);
      if (Number(amount) > Number(owed)) {
        throw new HttpError(409, COMMISSION_TEXTS.moreThanOwed(formatMoney(Number(owed), edition)));
      }
      const processor = requireProcessor(request.server.log);
      let payout;
      try {
        payout = await processor.payout({ payoutToken: token, amount, currency: agency.currency, description: String(body.description), reference: `commission:${agency.id}` });
      } catch (error) {
        if (error instanceof PayoutRefusal) throw new HttpError(409, COMMISSION_TEXTS.tokenRefused(error.message));
        throw error;
      }
      await db.transaction(async (tx) => {
        const [next] = await tx.query<{ next: number }>(`SELECT nextval('commission_payment_seq')::int AS next`);
        const now = clock.now();
        const [inserted] = await tx.query<{ id: string }>(
          `INSERT INTO commission_payments (payment_number, agency_id, amount, currency, description, processor, payout_token, payout_id, status, failure_reason, paid_by, paid_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (payout_token) DO NOTHING RETURNING id`,
          [`CP-${now.getUTCFullYear()}-${String(next!.next).padStart(6, '0')}`, agency.id, amount, agency.currency, String(body.description), processor.name, token,
            payout.id, payout.status === 'paid' ? 'Paid' : 'Failed', payout.failureMessage, caller.userId, now],
        );
        if (inserted) {
          await audit(tx, clock, {
            actorUserId: caller.userId, action: 'commission.paid', target: agency.id, address: request.ip,
            detail: { payment: inserted.id, amount, currency: agency.currency, description: body.description, payout: payout.id, status: payout.status, owedBefore: owed },
          });
        }
      });
      const payment = (await commissionPaymentByToken(db, token))!;
      return { payment, message: messageOf(payment, edition) };
    },

    async toggleCommissionPayments(request) {
      const caller = callerOf(request);
      const paused = await db.transaction(async (tx) => {
        const agency = await visibleAgency(caller, request.params.agencyId, tx, true);
        const now = clock.now();
        const [row] = await tx.query<{ payments_paused: boolean }>(
          `INSERT INTO agency_commission_accounts (agency_id, payments_paused, paused_at, paused_by, modified_at, modified_by)
           VALUES ($1, true, $2, $3, $2, $3)
           ON CONFLICT (agency_id) DO UPDATE SET payments_paused = NOT agency_commission_accounts.payments_paused,
             paused_at = CASE WHEN agency_commission_accounts.payments_paused THEN NULL ELSE $2 END,
             paused_by = CASE WHEN agency_commission_accounts.payments_paused THEN NULL ELSE $3 END, modified_at = $2, modified_by = $3
           RETURNING payments_paused`,
          [agency.id, now, caller.userId],
        );
        await audit(tx, clock, {
          actorUserId: caller.userId, action: row!.payments_paused ? 'commission.payments-paused' : 'commission.payments-resumed', target: agency.id, address: request.ip,
          detail: { agency: agency.name },
        });
        return row!.payments_paused;
      });
      return { paymentsPaused: paused, message: COMMISSION_TEXTS.toggled };
    },

    async listCommissionDocumentPeriods(request) {
      const now = clock.now();
      const thisYear = now.getUTCFullYear();
      const { period, year } = request.query;
      if (period === 'year') {
        const first = Math.max(COMMISSION_DOCUMENT_FIRST_YEAR, thisYear - COMMISSION_DOCUMENT_MAX_YEARS + 1);
        const years = Array.from({ length: thisYear - first + 1 }, (_, index) => thisYear - index);
        return { content: years.map((value) => ({ value, label: String(value) })) };
      }
      if (year === undefined) return { content: [] };
      const lastMonth = year === thisYear ? now.getUTCMonth() + 1 : year < thisYear && year >= COMMISSION_DOCUMENT_FIRST_YEAR ? 12 : 0;
      return { content: Array.from({ length: lastMonth }, (_, index) => ({ value: index + 1, label: monthName(index + 1) })) };
    },

    async findCommissionDocument(request) {
      const { lines, fileName } = await monthDocument(callerOf(request), request.query);
      return { available: lines.length > 0, fileName: lines.length > 0 ? fileName : null, lines: lines.length };
    },

    // Rendered from the month's lines as they stand (revisions and cancellations move them); each distinct copy
    // handed out is kept as a version (documents/document-versions.ts).
    async downloadCommissionDocument(request, reply) {
      // The picker's form sends its fields as the query, which the contract checked (a read changes nothing).
      const { year, month } = request.query;
      const { agency, kind, lines, fileName } = await monthDocument(callerOf(request), request.query);
      if (lines.length === 0) throw notFound(COMMISSION_TEXTS.noDocument);
      const edition = (await definitions.current()).registry().edition(agency.edition);
      const living = LIVING_DOCUMENTS.commission(kind === 'commissionStatement', agency.id, year, month, `${monthName(month)} ${year}`);
      return sendDocumentFile(reply, await renderAndKeep(db, { living, at: clock.now(), log: request.log }, async () => ({
        fileName, content: await commissionDocumentPdf(kind, agency, year, month, lines, edition),
      })));
    },
  };
};
