import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { loadServerSecret } from '../../auth/signing-secret.ts';
import { QUOTE_DOCUMENTS_LINK_TTL_MS } from '../../constants.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { publicLink } from '../../mail/public-link.ts';
import { sendDocumentFile } from '../documents/issued-documents.ts';
import { proposalDownload, QUOTE_TEXTS, findOfferedQuote, findReadableQuote } from '../../lifecycle/index.ts';
import { signDocumentsLink, verifyDocumentsLink } from './documents-link.ts';
import { QUOTE_DOCUMENTS_TEXTS } from './quote-documents-texts.ts';

/** The server secret the links are signed with; links made with it open until they expire. */
const LINK_SECRET = 'quote-documents-link';

/**
 * A link to a quote's documents that its holder opens without signing in (spec 002 section 8 'Unable to fetch
 * the Quote Documents link'): whoever may read the quote makes one to send to the insured; it opens the quote's
 * proposal, made afresh, until it expires (QUOTE_DOCUMENTS_LINK_TTL_MS) or the quote is no longer offered.
 * Making one is audited: it lets someone without an account read the quote.
 */
export const handlers: HandlerModule = (services) => {
  const { db, clock, config } = services;
  const key = () => loadServerSecret(db, clock, LINK_SECRET);

  return {
    async createQuoteDocumentsLink(request) {
      const caller = callerOf(request);
      const quote = await findReadableQuote(db, caller, request.params.id);
      if (!quote) throw notFound(QUOTE_TEXTS.notFound);
      if (!(await findOfferedQuote(db, quote.id))) throw new HttpError(409, QUOTE_DOCUMENTS_TEXTS.linkUnavailable);
      const expiresAt = new Date(clock.now().getTime() + QUOTE_DOCUMENTS_LINK_TTL_MS);
      const token = signDocumentsLink(await key(), quote.id, expiresAt);
      await audit(db, clock, {
        actorUserId: caller.userId, action: 'quote.documents-link', target: quote.id, address: request.ip,
        detail: { quoteNumber: quote.quote_number, expiresAt: expiresAt.toISOString() },
      });
      // Handed on by e-mail: at the quote's edition's address, like every e-mailed link.
      return { url: publicLink(config, quote.edition, `/api/quote/v1/documents/${token}`), expiresAt: expiresAt.toISOString() };
    },

    async downloadLinkedQuoteDocuments(request, reply) {
      const quoteId = verifyDocumentsLink(await key(), request.params.token, clock.now());
      const quote = quoteId ? await findOfferedQuote(db, quoteId) : null;
      if (!quote) throw notFound(QUOTE_DOCUMENTS_TEXTS.linkInvalid);
      // A link may be forwarded: no cache between the holder and the server keeps the quote.
      return sendDocumentFile(reply.header('cache-control', 'no-store'), await proposalDownload(services, quote, request.log));
    },
  };
};
