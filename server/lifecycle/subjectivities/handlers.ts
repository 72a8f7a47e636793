import type { FastifyRequest } from 'fastify';
import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import type { Queryable } from '../../db/database.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import type { Caller } from '../../services.ts';
import { findVisibleQuote } from '../quotes/repository.ts';
import { canMove, type QuoteAction } from '../quotes/transitions.ts';
import { subjectivitiesOf, subjectivityOf } from '../quotes/subjectivity-list.ts';
import { SUBJECTIVITY_TEXTS } from './subjectivity-texts.ts';

/**
 * Subjectivities of a quote (spec 002 section 3 Quote: subjectivities): the underwriter makes a quote subject
 * to conditions (a signed application, evidence of tested backups) while its terms are open, withdraws them,
 * and marks each received when the agency has met it, before or after binding. Everyone who reads the quote
 * reads them; its proposal lists them. Each change is audited. The quote is found within the tenant rule and
 * locked, so two underwriters' changes queue rather than cross.
 */
export const handlers: HandlerModule = ({ db, clock }) => {
  async function lockedQuote(tx: Queryable, caller: Caller, id: string, action: QuoteAction) {
    const quote = await findVisibleQuote(tx, caller, id, true);
    if (!quote) throw notFound(SUBJECTIVITY_TEXTS.quoteNotFound);
    if (!canMove(action, quote.status)) throw new HttpError(409, SUBJECTIVITY_TEXTS.notChangeable(quote.status));
    return quote;
  }

  const audited = (tx: Queryable, request: FastifyRequest, caller: Caller, action: string, quoteId: string, detail: Record<string, unknown>) =>
    audit(tx, clock, { actorUserId: caller.userId, action, target: quoteId, address: request.ip, detail });

  return {
    async listQuoteSubjectivities(request) {
      const quote = await findVisibleQuote(db, callerOf(request), request.params.id);
      if (!quote) throw notFound(SUBJECTIVITY_TEXTS.quoteNotFound);
      return { content: await subjectivitiesOf(db, quote.id) };
    },

    async addQuoteSubjectivity(request, reply) {
      const caller = callerOf(request);
      const text = request.body.text.trim();
      if (!text) throw new HttpError(400, SUBJECTIVITY_TEXTS.textRequired, { errors: [{ field: 'text', message: SUBJECTIVITY_TEXTS.textRequired }] });
      const subjectivity = await db.transaction(async (tx) => {
        const quote = await lockedQuote(tx, caller, request.params.id, 'subjectivities');
        const [row] = await tx.query<{ id: string }>(
          'INSERT INTO quote_subjectivities (quote_id, text, created_by, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
          [quote.id, text, caller.userId, clock.now()],
        );
        await audited(tx, request, caller, 'quote.subjectivity.add', quote.id, { subjectivityId: row!.id, text });
        return (await subjectivityOf(tx, quote.id, row!.id))!;
      });
      return reply.code(201).send({ subjectivity, message: SUBJECTIVITY_TEXTS.added });
    },

    async receiveQuoteSubjectivity(request) {
      const caller = callerOf(request);
      const subjectivity = await db.transaction(async (tx) => {
        const quote = await lockedQuote(tx, caller, request.params.id, 'receiveSubjectivity');
        const before = await subjectivityOf(tx, quote.id, request.params.subjectivityId);
        if (!before) throw notFound(SUBJECTIVITY_TEXTS.notFound);
        if (before.status === 'RECEIVED') throw new HttpError(409, SUBJECTIVITY_TEXTS.alreadyReceived);
        await tx.query('UPDATE quote_subjectivities SET received_by = $2, received_at = $3 WHERE id = $1', [before.id, caller.userId, clock.now()]);
        await audited(tx, request, caller, 'quote.subjectivity.receive', quote.id, { subjectivityId: before.id });
        return (await subjectivityOf(tx, quote.id, before.id))!;
      });
      return { subjectivity, message: SUBJECTIVITY_TEXTS.received };
    },

    async removeQuoteSubjectivity(request) {
      const caller = callerOf(request);
      await db.transaction(async (tx) => {
        const quote = await lockedQuote(tx, caller, request.params.id, 'subjectivities');
        const before = await subjectivityOf(tx, quote.id, request.params.subjectivityId);
        if (!before) throw notFound(SUBJECTIVITY_TEXTS.notFound);
        await tx.query('DELETE FROM quote_subjectivities WHERE id = $1', [before.id]);
        await audited(tx, request, caller, 'quote.subjectivity.remove', quote.id, { subjectivityId: before.id, text: before.text });
      });
      return { message: SUBJECTIVITY_TEXTS.removed };
    },
  };
};
