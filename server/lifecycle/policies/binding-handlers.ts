import { addDays } from '../../../engine/index.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { BINDER_VALID_DAYS } from '../../constants.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { notifyHandOver } from '../quotes/hand-overs.ts';
import { moveQuote } from '../quotes/quote-changes.ts';
import { publishedRater } from '../quotes/quote-rating.ts';
import { findReadableQuote } from '../quotes/repository.ts';
import { searchOverseenBinders, searchVisibleBinders, binderColumns } from './binder-repository.ts';
import { issuedDocumentId, keepIssuedDocument, sendIssuedDocument } from '../../resources/documents/issued-documents.ts';
import { nextBinderNumber } from './policy-repository.ts';
import { POLICY_TEXTS } from './policy-texts.ts';
import { needsSurplusNotice, SURPLUS_NOTICE_TEXTS } from '../surplus-notice/surplus-notice-rules.ts';
import { policyHandlerContext } from './policy-handler-context.ts';
import { binderFile } from './policy-files.ts';

/**
 * Binding (spec 002 section 3): a Ready or signed quote bound as a binder, a binder rescinded, the binders lists
 * and the binder PDF.
 */
export const bindingHandlers: HandlerModule = (services) => {
  const { db, clock, definitions } = services;
  const { settle, detailOf, todayOf, visibleQuote, editionOf } = policyHandlerContext(services);

  return {
    async bindQuote(request) {
      const caller = callerOf(request);
      const { id } = request.params;
      const body = checkedBodyOf(request);
      const today = todayOf(request);
      // Read before the transaction: the definitions come from the database, whose one embedded connection the transaction holds.
      const registry = (await definitions.current()).registry();
      const raters = { us: await publishedRater(definitions, 'us'), uk: await publishedRater(definitions, 'uk') };
      await db.transaction(async (tx) => {
        const quote = await visibleQuote(caller, id, tx, true);
        if (String(quote.expires_on).slice(0, 10) < today && ['READY', 'REQUESTED'].includes(quote.status)) throw new HttpError(409, POLICY_TEXTS.quoteExpired);
        const [notice] = await tx.query<{ is_surplus: boolean; risk_state: string | null; surplus_notice_attested_at: Date | null }>(
          'SELECT is_surplus, risk_state, surplus_notice_attested_at FROM quotes WHERE id = $1', [quote.id],
        );
        if (needsSurplusNotice(notice!) && notice!.surplus_notice_attested_at === null) throw new HttpError(409, SURPLUS_NOTICE_TEXTS.requiredBeforeBinding(notice!.risk_state!));
        const now = clock.now();
        const effective = String(quote.effective_date).slice(0, 10);
        const binderNumber = await nextBinderNumber(tx, now);
        await moveQuote(tx, clock, { caller, address: request.ip }, quote, 'bind', {
          update: {
            agency_status: 'BOUND', binder_number: binderNumber, bound_at: now, bound_by: caller.userId,
            binder_expires_on: addDays(effective > today ? effective : today, BINDER_VALID_DAYS),
            customer_first_name: String(body.customerFirstName), customer_last_name: String(body.customerLastName),
            customer_email: String(body.customerEmail).toLowerCase(), customer_phone: String(body.customerPhone),
          },
          detail: { binderNumber },
        });
        // The binder is evidence of cover handed to the insured: kept as bound, in the bind's own transaction, so a
        // later edit of the account or a broker-of-record move never rewrites it.
        await keepIssuedDocument(tx, { docId: issuedDocumentId('binder', quote.id), at: now, log: request.log }, async () => {
          const bound = await visibleQuote(caller, id, tx);
          return binderFile(bound, (await binderColumns(tx, quote.id))!, raters[bound.edition], registry.edition(bound.edition));
        });
      });
      await notifyHandOver(services, caller, id, 'bind');
      return { quote: await detailOf(caller, await visibleQuote(caller, id)), message: POLICY_TEXTS.bound };
    },

    async rescindBinder(request) {
      const caller = callerOf(request);
      const { id } = request.params;
      const body = checkedBodyOf(request);
      await db.transaction(async (tx) => {
        const quote = await visibleQuote(caller, id, tx, true);
        await moveQuote(tx, clock, { caller, address: request.ip }, quote, 'rescind', {
          update: { agency_status: 'INVALID', decision: { kind: 'rescinded', reasonSummary: String(body.reason), by: caller.userId, at: clock.now().toISOString() } },
          detail: { reason: String(body.reason) },
        });
      });
      await notifyHandOver(services, caller, id, 'rescind');
      return { quote: await detailOf(caller, await visibleQuote(caller, id)), message: POLICY_TEXTS.rescinded };
    },

    async searchBinders(request) {
      await settle();
      return searchVisibleBinders(db, callerOf(request), request.query);
    },

    async searchOverseenBinders(request) {
      await settle();
      return searchOverseenBinders(db, callerOf(request), request.query);
    },

    async downloadBinder(request, reply) {
      const caller = callerOf(request);
      const quote = await findReadableQuote(db, caller, request.params.id);
      if (!quote) throw notFound(POLICY_TEXTS.quoteNotFound);
      const binder = await binderColumns(db, quote.id);
      if (!binder) throw notFound(POLICY_TEXTS.quoteNotFound);
      return sendIssuedDocument(reply, db, issuedDocumentId('binder', quote.id),
        async () => binderFile(quote, binder, await publishedRater(definitions, quote.edition), await editionOf(quote.edition)));
    },
  };
};
