import { callerOf } from '../../auth/authenticate.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import type { Queryable } from '../../db/database.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { publicLink } from '../../mail/public-link.ts';
import type { Caller } from '../../services.ts';
import { moveQuote } from '../quotes/quote-changes.ts';
import { QUOTE_TEXTS } from '../quotes/quote-texts.ts';
import { findVisibleQuote, toQuote, type QuoteDetailRow } from '../quotes/repository.ts';
import { issuedDocumentId, keepIssuedDocument, sendIssuedDocument, type IssuedFile } from '../../resources/documents/issued-documents.ts';
import { noticeTextsFor, surplusNoticePdf } from './notice-document.ts';
import { lastNoticeSending, noticeColumns, surplusLicenseOf } from './notice-repository.ts';
import { sendNoticeToBroker } from './send-notice.ts';
import { needsSurplusNotice, SURPLUS_NOTICE_FLOW, SURPLUS_NOTICE_TEXTS } from './surplus-notice-rules.ts';

const money = (value: string) => Number(value).toFixed(2);

/**
 * The surplus lines notice page (spec 000 /quote/{id}/attest-surplus-notice): the quote's summary card, the
 * Louisiana or Montana notice and the broker's attestation, which binding then requires
 * (policies/handlers.ts). The agent sends the notice to the broker of the agency's licence for the state,
 * whose SURPLUS_NOTICE one-time-code link ('Review & Sign') opens the page in a session that may call only
 * the page's own operations. The broker is the signed-in user, with the agency's licence for the state.
 */
export const handlers: HandlerModule = (services) => {
  const { db, clock, definitions, mailer, config } = services;

  async function visibleQuote(caller: Caller, id: string, tx: Queryable = db, lock = false): Promise<QuoteDetailRow> {
    const quote = await findVisibleQuote(tx, caller, id, lock);
    if (!quote) throw notFound(QUOTE_TEXTS.notFound);
    return quote;
  }

  async function noticeOf(caller: Caller, id: string) {
    return noticeFor(caller, await visibleQuote(caller, id));
  }

  /** The page's record of a quote already read within the caller's sight. */
  async function noticeFor(caller: Caller, quote: QuoteDetailRow) {
    const notice = await noticeColumns(db, quote.id);
    const license = await surplusLicenseOf(db, quote.agency_id, notice.risk_state);
    const sending = await lastNoticeSending(db, quote.id);
    const [user] = await db.query<{ first_name: string; email: string }>('SELECT first_name, email FROM users WHERE id = $1', [caller.userId]);
    const needed = needsSurplusNotice(notice);
    // Whoever signs has nothing to send: the licence's broker, or anyone who came by the notice's link.
    const callerIsBroker = caller.workflowFlow === SURPLUS_NOTICE_FLOW || (license !== null && license.broker_email.toLowerCase() === user?.email.toLowerCase());
    return {
      ...toQuote(quote),
      heading: `Quote ${quote.quote_number} for ${quote.company_name}`,
      welcome: `Welcome, ${user?.first_name ?? ''}`.trim(),
      createdOn: new Date(quote.created_at).toISOString().slice(0, 10),
      state: notice.risk_state,
      noticeState: needed ? notice.risk_state : null,
      needsNotice: needed,
      mgaFee: money(quote.mga_fee),
      brokerFee: money(quote.broker_fee),
      surplusLineTax: money(quote.surplus_line_tax),
      surplusStampingFee: money(quote.surplus_stamping_fee),
      finalPremium: money(quote.total_premium),
      surplusCompliance: quote.agency_name,
      surplusLicense: license
        ? { number: license.surplus_license_number, brokerName: `${license.broker_first_name} ${license.broker_last_name}`, brokerEmail: license.broker_email, signatureOnFile: license.signature_on_file }
        : null,
      surplusNoticeAttested: notice.surplus_notice_attested_at !== null,
      attestedAt: notice.surplus_notice_attested_at ? new Date(notice.surplus_notice_attested_at).toISOString() : null,
      attestedOn: notice.surplus_notice_attested_at ? new Date(notice.surplus_notice_attested_at).toISOString().slice(0, 10) : null,
      attestedBy: notice.surplus_notice_broker ? `${notice.surplus_notice_broker.firstName} ${notice.surplus_notice_broker.lastName}` : null,
      attestedEmail: notice.surplus_notice_broker?.email ?? null,
      attestedLicense: notice.surplus_notice_broker?.licenseNumber ?? null,
      callerIsBroker,
      noticeSentTo: sending?.to ?? null,
      noticeSentAt: sending ? new Date(sending.at).toISOString() : null,
    };
  }

  /** The notice as the page words it, as kept when attested and as downloaded. */
  async function noticeFile(record: Awaited<ReturnType<typeof noticeFor>>, quote: QuoteDetailRow): Promise<IssuedFile> {
    const registry = (await definitions.current()).registry();
    const pdf = await surplusNoticePdf(record, noticeTextsFor(registry, quote.edition, record), registry.edition(quote.edition), new Date(record.attestedAt ?? quote.modified_at));
    return { fileName: `${quote.quote_number}_Surplus_Notice.pdf`, content: pdf };
  }

  return {
    async getSurplusNotice(request) {
      return noticeOf(callerOf(request), request.params.id);
    },

    async downloadSurplusNotice(request, reply) {
      const caller = callerOf(request);
      const quote = await visibleQuote(caller, request.params.id);
      const record = await noticeFor(caller, quote);
      if (!record.needsNotice) throw new HttpError(409, SURPLUS_NOTICE_TEXTS.notNeeded);
      // Kept once attested (attestSurplusNotice); before that there is no copy and the notice shows as it stands.
      return sendIssuedDocument(reply, db, issuedDocumentId('surplus-notice', quote.id), () => noticeFile(record, quote));
    },

    async sendSurplusNotice(request) {
      const caller = callerOf(request);
      const { id } = request.params;
      const sent = await db.transaction(async (tx) => {
        const quote = await visibleQuote(caller, id, tx, true);
        const sending = await sendNoticeToBroker(tx, clock, { caller, address: request.ip }, quote);
        const [sender] = await tx.query<{ name: string }>(`SELECT first_name || ' ' || last_name AS name FROM users WHERE id = $1`, [caller.userId]);
        return { quote, sending, sender: sender?.name ?? quote.agency_name };
      });
      // After the commit: a mail never points at a link that a rollback took away.
      const { quote, sending, sender } = sent;
      const stateName = sending.state === 'LA' ? 'Louisiana' : 'Montana';
      await mailer.sendMail({
        to: sending.broker.email,
        subject: `Review & Sign: surplus lines notice for quote ${quote.quote_number}`,
        text: [
          `Hello ${sending.broker.firstName},`,
          '',
          `${sender} asks you to review and sign the ${stateName} surplus lines notice of quote ${quote.quote_number} for ${quote.company_name},`,
          `placed by ${quote.agency_name} under your surplus lines license ${sending.licenseNumber}. Once you have signed it, the quote can be bound.`,
          `Review & Sign: ${publicLink(config, quote.edition, `/validate/${sending.workflowId}`)}`,
          '',
          'For your security the page asks for a one-time code, which we send to this address when you ask for it.',
        ].join('\n'),
      });
      return { quote: await noticeOf(caller, id), message: SURPLUS_NOTICE_TEXTS.sent(sending.broker.email), sentTo: sending.broker.email };
    },

    async attestSurplusNotice(request) {
      const caller = callerOf(request);
      const { id } = request.params;
      // Only its check matters: the form refuses anything but the ticked box.
      checkedBodyOf(request);
      await db.transaction(async (tx) => {
        const quote = await visibleQuote(caller, id, tx, true);
        const notice = await noticeColumns(tx, quote.id);
        if (!needsSurplusNotice(notice)) throw new HttpError(409, SURPLUS_NOTICE_TEXTS.notNeeded);
        if (notice.surplus_notice_attested_at) throw new HttpError(409, SURPLUS_NOTICE_TEXTS.alreadyAttested);
        const [broker] = await tx.query<{ first_name: string; last_name: string; email: string; license: string | null }>(
          `SELECT u.first_name, u.last_name, u.email,
             (SELECT l.surplus_license_number FROM surplus_licenses l WHERE l.agency_id = $2 AND l.surplus_lines_state = $3 ORDER BY l.updated_at DESC LIMIT 1) AS license
           FROM users u WHERE u.id = $1`,
          [caller.userId, quote.agency_id, notice.risk_state],
        );
        const attestedBy = { firstName: broker!.first_name, lastName: broker!.last_name, email: broker!.email, licenseNumber: broker!.license, state: notice.risk_state! };
        await moveQuote(tx, clock, { caller, address: request.ip }, quote, 'attestSurplusNotice', {
          update: { surplus_notice_attested_at: clock.now(), surplus_notice_attested_by: caller.userId, surplus_notice_broker: attestedBy },
          detail: { state: notice.risk_state, broker: attestedBy.email, licenseNumber: attestedBy.licenseNumber },
        });
      });
      // The attested notice is kept as signed. Right after the commit, not inside it: the page's record is read
      // through the database (and the definitions), which the embedded database's one connection would be
      // holding; the attestation stands if the rendering fails.
      const attested = await visibleQuote(caller, id);
      await keepIssuedDocument(db, { docId: issuedDocumentId('surplus-notice', id), at: clock.now(), log: request.log },
        async () => noticeFile(await noticeFor(caller, attested), attested));
      return { quote: await noticeOf(caller, id), message: SURPLUS_NOTICE_TEXTS.attested };
    },
  };
};
