import { feeAmounts, irpmBoundsFor, irpmModifier, quoteDateFaults, todayIn, totalPremiumWithFees, validateIrpm, type QuoteFees } from '../../../engine/index.ts';
import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { QUOTE_CART_LIMIT } from '../../constants.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import type { Queryable } from '../../db/database.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { timeZoneOf } from '../../form-check/request-rule-context.ts';
import { HttpError, MESSAGES, notFound } from '../../http/http-error.ts';
import type { Caller } from '../../services.ts';
import { QUOTABLE_STATUSES, setAccountStatus, type AccountStatus } from '../../resources/accounts/account-status.ts';
import { profileRowOf, scoreAndEligibilityOf } from '../../resources/account-profile/repository.ts';
import { findQuotableAccount, type AccountRisk } from './account-risk.ts';
import { moveQuote } from './quote-changes.ts';
import { isUnderwriter, quoteDetail } from './quote-detail.ts';
import { irpmPercentagesOf, publishedRater, rateOrRefuse, ratingInputOf, type QuoteRequestBody } from './quote-rating.ts';
import { insertQuote } from './quote-store.ts';
import { feesOf } from '../schedule/quote-schedule.ts';
import { refuseDatesOutsideBounds } from './quote-dates.ts';
import { rerateQuote, type Raters } from './quote-rerate.ts';
import { calendarSettler } from '../calendar/calendar-settler.ts';
import { referralDecision } from './referral-decision.ts';
import { QUOTE_TEXTS } from './quote-texts.ts';
import { decideAccount } from '../../resources/account-decisions/account-decision-store.ts';
import { findVisibleSubmission, movedSubmissionOf } from '../../resources/submissions/repository.ts';
import { moveSubmission } from '../../resources/submissions/submission-changes.ts';
import { declinationOf, declineCodeLabels } from '../../resources/submissions/submission-declination.ts';
import { canMoveSubmission } from '../../resources/submissions/submission-transitions.ts';
import { BOUND_STATUSES, type QuoteAction } from './transitions.ts';
import { notifyHandOver } from './hand-overs.ts';
import { proposalDownload } from './proposal-download.ts';
import { sendDocumentFile } from '../../resources/documents/issued-documents.ts';
import { cartOf, findReadableQuote, findVisibleQuote, quoteNotes, searchInbox, searchVisibleQuotes, toQuote, type QuoteDetailRow } from './repository.ts';
import { withdrawSubjectivities } from './subjectivity-list.ts';

const FILL_IN = 'Fill-in option';

/** 'Fill-in option' is replaced by the typed text (spec 002 section 4 'Loss or decline'). */
function summaryOf(summary: unknown, fillIn: unknown): string {
  return summary === FILL_IN && typeof fillIn === 'string' && fillIn.trim() ? fillIn.trim() : String(summary ?? '');
}

/**
 * Quotes (spec 002 sections 2 to 8): quote now, the cart and its bulk request, the dashboards' lists, the
 * underwriter's inbox and decisions. Every quote is found by (tenant, id); every change moves it through
 * transitions.ts, writes its history and the audit log in one transaction.
 */
export const handlers: HandlerModule = (services) => {
  const { db, clock, definitions } = services;
  /** A Ready quote past its offer expires with the calendar, before the lists and the quote are read. */
  const settle = calendarSettler(db, clock);

  /** The quote page's answer, with the schedule read through the rater of the quote's own edition. */
  const detailOf = async (caller: Caller, quote: QuoteDetailRow) => quoteDetail(db, caller, quote, await publishedRater(definitions, quote.edition));

  async function quotableAccount(caller: Caller, accountId: string, q: Queryable = db): Promise<AccountRisk> {
    const account = await findQuotableAccount(q, caller, accountId);
    if (!account) throw notFound(MESSAGES.accountNotFound);
    const refusal = await quoteRefusal(q, account);
    // An account that cannot be quoted as it stands is a conflict; one short of information, a request to fix.
    if (refusal) throw new HttpError(refusal === QUOTE_TEXTS.notEligible ? 409 : 400, refusal);
    return account;
  }

  /**
   * Why no quote may be requested for the account now, or null (spec 002 section 5 'Quoting eligibility'):
   * a status that does not allow quoting, a profile score below the threshold, or no rating facts (the rater
   * needs the state, industry and revenue). The server holds to it whatever the browser shows.
   */
  async function quoteRefusal(q: Queryable, account: AccountRisk): Promise<string | null> {
    if (!QUOTABLE_STATUSES.has(account.status as AccountStatus)) return QUOTE_TEXTS.notEligible;
    const { eligibility } = scoreAndEligibilityOf(await profileRowOf(q, account.id));
    if (eligibility.reason) return eligibility.reason;
    return !account.riskState || !account.industryCode || !account.revenue ? QUOTE_TEXTS.needsMoreInformation : null;
  }

  /**
   * The rater of each edition as published now, read before a transaction opens: the definition service
   * reads the database, and an embedded database has one connection, which the transaction holds.
   */
  async function ratersNow(): Promise<Raters> {
    const [us, uk] = await Promise.all([publishedRater(definitions, 'us'), publishedRater(definitions, 'uk')]);
    return { us, uk };
  }

  function rate(raters: Raters, body: QuoteRequestBody, account: AccountRisk, irpm?: Record<string, number> | null) {
    return rateOrRefuse(ratingInputOf(body, account, irpm), raters[account.edition]);
  }

  async function visibleQuote(caller: Caller, id: string, lock = false, tx: Queryable = db): Promise<QuoteDetailRow> {
    const quote = await findVisibleQuote(tx, caller, id, lock);
    if (!quote) throw notFound(QUOTE_TEXTS.notFound);
    return quote;
  }

  /**
   * Runs a change of one quote in a transaction and answers the quote after it with the success text; a change
   * that hands the quote over (hand-overs.ts) e-mails the next actor once it is committed.
   */
  async function change(
    request: Parameters<typeof callerOf>[0],
    id: string,
    message: string,
    work: (tx: Queryable, caller: Caller, quote: QuoteDetailRow) => Promise<void>,
    handOver?: QuoteAction,
  ) {
    const caller = callerOf(request);
    await db.transaction(async (tx) => work(tx, caller, await visibleQuote(caller, id, true, tx)));
    if (handOver) await notifyHandOver(services, caller, id, handOver);
    return { quote: await detailOf(caller, await visibleQuote(caller, id)), message };
  }

  /** Re-rates a quote's request (terms, modifier or surplus changed) and moves it by `action`. */
  function rerate(
    tx: Queryable, raters: Raters, caller: Caller, address: string, quote: QuoteDetailRow, action: 'update' | 'reset' | 'reassess' | 'riskModifier' | 'switchSurplus',
    body: QuoteRequestBody, irpm: Record<string, number> | null, extra: Parameters<typeof moveQuote>[5] = {},
  ) {
    return rerateQuote(tx, clock, { caller, address }, raters, quote, action, body, irpm, extra);
  }

  /** New broker or MGA fees: the total is the rated total plus the fees, so the rating itself is not run again. */
  async function changeFees(tx: Queryable, caller: Caller, address: string, quote: QuoteDetailRow, fees: QuoteFees) {
    const amounts = feeAmounts(fees);
    const rated = typeof quote.rating?.totalPremium === 'string' ? quote.rating.totalPremium : quote.total_premium;
    const totalPremium = totalPremiumWithFees(rated, amounts);
    await moveQuote(tx, clock, { caller, address }, quote, 'fees', {
      update: { broker_fee: amounts.brokerFee, additional_broker_fee: amounts.additionalBrokerFee, mga_fee: amounts.mgaFee, total_premium: totalPremium },
      detail: { before: feeAmounts(feesOf(quote)), after: amounts, totalPremium },
    });
  }

  const today = (request: Parameters<typeof timeZoneOf>[0]) => todayIn(clock.now(), timeZoneOf(request));

  /** Deletes quotes by id, or every quote of the caller's own agency with a status (never the whole book of provider staff). */
  async function deleteMany(request: Parameters<typeof callerOf>[0] & { ip: string }, which: { ids: string[] } | { status: string }) {
    const caller = callerOf(request);
    const count = await db.transaction(async (tx) => {
      const targets = 'ids' in which
        ? [...new Set(which.ids)]
        : (await searchVisibleQuotes(tx, caller, { status: [which.status], agencyId: caller.accountId, size: 100000 })).content.map((quote) => quote.id);
      for (const id of targets) {
        const quote = await visibleQuote(caller, id, true, tx);
        if (BOUND_STATUSES.includes(quote.status)) throw new HttpError(409, QUOTE_TEXTS.boundNotDeleted);
        await moveQuote(tx, clock, { caller, address: request.ip }, quote, 'delete', { update: { in_cart: false } });
      }
      return targets.length;
    });
    return { count, message: QUOTE_TEXTS.quoteDeleted };
  }

  return {
    async searchQuotes(request) {
      await settle();
      return searchVisibleQuotes(db, callerOf(request), request.query);
    },

    async searchUnderwritingInbox(request) {
      await settle();
      return searchInbox(db, callerOf(request), request.query);
    },

    async getQuoteAccount(request) {
      const caller = callerOf(request);
      const account = await findQuotableAccount(db, caller, request.params.accountId);
      if (!account) throw notFound(MESSAGES.accountNotFound);
      const reason = await quoteRefusal(db, account);
      return { ...account, canRequestQuote: reason === null, reason };
    },

    async rateQuote(request) {
      const caller = callerOf(request);
      const body = request.body as QuoteRequestBody;
      refuseDatesOutsideBounds(body, today(request));
      const account = await quotableAccount(caller, body.accountId);
      const { ok: _ok, trace, ...rating } = rate(await ratersNow(), body, account);
      return isUnderwriter(caller) ? { ...rating, trace } : rating;
    },

    async createQuote(request, reply) {
      const caller = callerOf(request);
      const body = request.body as QuoteRequestBody;
      refuseDatesOutsideBounds(body, today(request));
      const raters = await ratersNow();
      const id = await db.transaction(async (tx) => {
        const account = await quotableAccount(caller, body.accountId, tx);
        const rating = rate(raters, body, account);
        const referral = referralDecision(rating, clock.now());
        const created = await insertQuote(tx, { caller, account, body, rating, status: referral ? 'REFERRED' : 'READY', inCart: false, today: today(request), at: clock.now() });
        if (referral) await tx.query('UPDATE quotes SET decision = $2 WHERE id = $1', [created, JSON.stringify(referral)]);
        if (account.status === 'Open') await setAccountStatus(tx, account.id, 'Quoted', clock.now());
        await audit(tx, clock, { actorUserId: caller.userId, action: 'quote.create', target: created, address: request.ip, detail: { accountId: account.id, product: body.product, totalPremium: rating.totalPremium } });
        return created;
      });
      return reply.code(201).send(await detailOf(caller, await visibleQuote(caller, id)));
    },

    async getQuoteCart(request) {
      const caller = callerOf(request);
      return { content: await cartOf(db, caller, request.query.accountId), limit: QUOTE_CART_LIMIT };
    },

    async addQuoteToCart(request, reply) {
      const caller = callerOf(request);
      const body = request.body as QuoteRequestBody;
      refuseDatesOutsideBounds(body, today(request));
      const raters = await ratersNow();
      await db.transaction(async (tx) => {
        const account = await quotableAccount(caller, body.accountId, tx);
        // The lock keeps two quick clicks from both becoming the sixth.
        await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [caller.userId]);
        // A cart is the variations of ONE client: spec 002 section 3 gives the bulk request one accountId for
        // all its quoteIds, so 'Request Above Quotes' can only ever send one client's list. The limit of 5
        // (section 5) is on that list, the one 'View List (n)' shows; drafts the user keeps for other clients
        // are their carts and neither count here nor show.
        if ((await cartOf(tx, caller, account.id)).length >= QUOTE_CART_LIMIT) throw new HttpError(409, QUOTE_TEXTS.cartLimit);
        const rating = rate(raters, body, account);
        await insertQuote(tx, { caller, account, body, rating, status: 'DRAFT', inCart: true, today: today(request), at: clock.now() });
      });
      return reply.code(201).send({ content: await cartOf(db, caller, body.accountId), limit: QUOTE_CART_LIMIT });
    },

    async removeQuoteFromCart(request) {
      const caller = callerOf(request);
      const accountId = await db.transaction(async (tx) => {
        const quote = await visibleQuote(caller, request.params.id, true, tx);
        if (!quote.in_cart || quote.created_by !== caller.userId) throw notFound(QUOTE_TEXTS.notFound);
        await moveQuote(tx, clock, { caller, address: request.ip }, quote, 'delete', { update: { in_cart: false } });
        return quote.account_id;
      });
      // The cart the quote was in: its client's variations (see addQuoteToCart).
      return { content: await cartOf(db, caller, accountId), limit: QUOTE_CART_LIMIT };
    },

    async requestCartQuotes(request) {
      const caller = callerOf(request);
      const body = request.body;
      const raters = await ratersNow();
      const requested = await db.transaction(async (tx) => {
        const account = await quotableAccount(caller, body.accountId, tx);
        const failures: Array<{ field: string; message: string }> = [];
        const quotes: QuoteDetailRow[] = [];
        for (const id of new Set(body.quoteIds)) {
          const quote = await findVisibleQuote(tx, caller, id, true);
          if (!quote || !quote.in_cart || quote.created_by !== caller.userId || quote.account_id !== account.id) {
            failures.push({ field: 'quoteIds', message: `${id}: ${QUOTE_TEXTS.notFound}` });
            continue;
          }
          // A variation kept in the cart while its start left the window is requested as a new quote: held to
          // the window of today, as Quote Now would be (the user sets a new date in the editor).
          const dateFaults = quoteDateFaults(quote.request_data as unknown as QuoteRequestBody, today(request));
          if (dateFaults.length > 0) failures.push(...dateFaults.map((fault) => ({ field: 'quoteIds', message: `${id}: ${fault.message}` })));
          else quotes.push(quote);
        }
        if (failures.length > 0) throw new HttpError(400, QUOTE_TEXTS.sendQuotesFailed, { errors: failures });
        const teamId = body.teamIds?.[0] ?? null;
        for (const quote of quotes) {
          // Rated again: the tables or the account may have changed since the variation was added.
          const rating = rate(raters, quote.request_data as unknown as QuoteRequestBody, account);
          const referral = referralDecision(rating, clock.now());
          await moveQuote(tx, clock, { caller, address: request.ip }, quote, 'request', {
            ...(referral ? { status: 'REFERRED' } : {}),
            update: {
              in_cart: false, premium: rating.premium, total_premium: totalPremiumWithFees(rating.totalPremium, feesOf(quote)), rating, ...(teamId ? { team_id: teamId } : {}),
              ...(referral ? { decision: referral } : {}),
            },
            detail: {
              agent: [body.agentFirstName, body.agentLastName].filter(Boolean).join(' ') || null,
              agentEmail: body.agentEmail ?? null,
              retailAgent: body.retailAgentLicenseNumber ? { firstName: body.retailAgentFirstName, lastName: body.retailAgentLastName, licenseNumber: body.retailAgentLicenseNumber } : null,
              teamIds: body.teamIds ?? [],
            },
          });
        }
        if (account.status === 'Open') await setAccountStatus(tx, account.id, 'Quoted', clock.now());
        return quotes.map((quote) => quote.id);
      });
      const content = await Promise.all(requested.map(async (id) => visibleQuote(caller, id)));
      return { content: content.map(toQuote), message: QUOTE_TEXTS.quotesSent };
    },

    async deleteQuotes(request) {
      const { ids = [], allWithStatus } = request.body;
      return deleteMany(request, allWithStatus ? { status: allWithStatus } : { ids });
    },

    async deleteAllQuotesWithStatus(request) {
      return deleteMany(request, { status: request.params.status });
    },

    async getQuote(request) {
      const caller = callerOf(request);
      await settle();
      // Read by its tenant or by an organisation overseeing its agency (the oversight dashboards open binders).
      const quote = await findReadableQuote(db, caller, request.params.id);
      if (!quote) throw notFound(QUOTE_TEXTS.notFound);
      return detailOf(caller, quote);
    },

    async deleteQuote(request) {
      const { message } = await deleteMany(request, { ids: [request.params.id] });
      return { message };
    },

    // Rendered from the quote as it stands; each distinct copy handed out is kept as a version (documents/document-versions.ts).
    async downloadQuoteProposal(request, reply) {
      const quote = await visibleQuote(callerOf(request), request.params.id);
      return sendDocumentFile(reply, await proposalDownload(services, quote, request.log));
    },

    async declineQuote(request) {
      const body = checkedBodyOf(request);
      const submissionCodes = await declineCodeLabels(definitions);
      return change(request, request.params.id, QUOTE_TEXTS.quoteDeclined, async (tx, caller, quote) => {
        const decision = {
          kind: 'declined', reasonSummary: summaryOf(body.reasonSummary, body.reasonFillIn), reason: String(body.reason ?? ''),
          isNotificationEnabled: body.isNotificationEnabled !== false, by: caller.userId, at: clock.now().toISOString(),
        };
        await moveQuote(tx, clock, { caller, address: request.ip }, quote, 'decline', {
          update: { decision, agency_status: 'INVALID' }, detail: { reasonSummary: decision.reasonSummary, reason: decision.reason },
        });
        if (body.declineAccount === true) {
          // An account already declined (or lost) stays as it is; the quote is still declined.
          await decideAccount(tx, clock, { userId: caller.userId, address: request.ip }, quote.account_id, 'decline',
            { productType: quote.product, ...body.accountDecline }, { quietly: true, detail: { quoteId: quote.id } });
        }
        if (body.declineSubmission === true && quote.submission_id) {
          const submission = await findVisibleSubmission(tx, caller, quote.submission_id, true);
          const moved = submission && movedSubmissionOf(submission);
          // A submission already settled (declined, non-viable, complete) stays as it is; the quote is still declined.
          if (moved && canMoveSubmission('decline', moved)) {
            const declination = declinationOf(body.submissionDecline ?? {}, submissionCodes, caller.userId, clock.now());
            await moveSubmission(tx, clock, { userId: caller.userId, accountId: caller.accountId, address: request.ip }, moved, 'decline', { declination }, { declinationReason: declination.summary, quoteId: quote.id });
          }
        }
      }, 'decline');
    },

    async saveQuoteLostReason(request) {
      const body = checkedBodyOf(request);
      return change(request, request.params.id, QUOTE_TEXTS.lostSaved, async (tx, caller, quote) => {
        const decision = { kind: 'lost', productType: quote.product, reasonSummary: summaryOf(body.reasonSummary, body.reasonFillIn), reason: String(body.reason ?? ''), by: caller.userId, at: clock.now().toISOString() };
        await moveQuote(tx, clock, { caller, address: request.ip }, quote, 'lose', { update: { decision }, detail: { reasonSummary: decision.reasonSummary } });
      });
    },

    async updateQuoteNeedBy(request) {
      const body = checkedBodyOf(request);
      const date = String(body.date ?? '');
      if (date < today(request)) throw new HttpError(400, QUOTE_TEXTS.needByPast, { errors: [{ field: 'date', message: QUOTE_TEXTS.needByPast }] });
      const id = String(body.id ?? '');
      return change(request, id, QUOTE_TEXTS.needBySaved, async (tx, caller, quote) => {
        await moveQuote(tx, clock, { caller, address: request.ip }, quote, 'needBy', { update: { need_by_date: date }, detail: { needByDate: date } });
      });
    },

    async updateQuoteBrokerFee(request) {
      const body = checkedBodyOf(request);
      return change(request, request.params.id, QUOTE_TEXTS.brokerFeeUpdated, async (tx, caller, quote) => {
        await changeFees(tx, caller, request.ip, quote, {
          ...feesOf(quote), brokerFee: Number(body.brokerFee), additionalBrokerFee: Number(body.additionalBrokerFee ?? quote.additional_broker_fee),
        });
      });
    },

    async updateQuoteMgaFee(request) {
      const body = checkedBodyOf(request);
      return change(request, request.params.id, QUOTE_TEXTS.mgaFeeUpdated, async (tx, caller, quote) => {
        await changeFees(tx, caller, request.ip, quote, { ...feesOf(quote), mgaFee: Number(body.mgaFee) });
      });
    },

    async releaseQuote(request) {
      return change(request, request.params.id, QUOTE_TEXTS.quoteReleased, async (tx, caller, quote) => {
        await moveQuote(tx, clock, { caller, address: request.ip }, quote, 'release', { update: { agency_status: 'ACTIVE', wra_request_to_bind: false } });
      }, 'release');
    },

    async updateQuoteTerms(request) {
      const body = request.body as QuoteRequestBody;
      const raters = await ratersNow();
      return change(request, request.params.id, QUOTE_TEXTS.quoteUpdated, async (tx, caller, quote) => {
        refuseDatesOutsideBounds(body, today(request), String(quote.effective_date).slice(0, 10));
        await rerate(tx, raters, caller, request.ip, quote, 'update', body, irpmPercentagesOf(quote.irpm));
      });
    },

    async resetQuote(request) {
      const raters = await ratersNow();
      return change(request, request.params.id, QUOTE_TEXTS.reset, async (tx, caller, quote) => {
        const [original] = await tx.query<{ original_request: QuoteRequestBody }>('SELECT original_request FROM quotes WHERE id = $1', [quote.id]);
        await rerate(tx, raters, caller, request.ip, quote, 'reset', original!.original_request, null, { update: { irpm: null, irpm_modifier: null } });
        await withdrawSubjectivities(tx, quote.id);
      });
    },

    async reassessQuoteRisk(request) {
      const raters = await ratersNow();
      return change(request, request.params.id, QUOTE_TEXTS.riskReassessed, async (tx, caller, quote) => {
        await rerate(tx, raters, caller, request.ip, quote, 'reassess', quote.request_data as unknown as QuoteRequestBody, irpmPercentagesOf(quote.irpm), {
          detail: { totalPremiumBefore: quote.total_premium },
        });
      });
    },

    async referQuote(request) {
      const reason = request.body.reason.trim();
      if (!reason) throw new HttpError(400, QUOTE_TEXTS.reasonRequired, { errors: [{ field: 'reason', message: QUOTE_TEXTS.reasonRequired }] });
      return change(request, request.params.id, QUOTE_TEXTS.referred, async (tx, caller, quote) => {
        await moveQuote(tx, clock, { caller, address: request.ip }, quote, 'refer', { update: { decision: { kind: 'referred', reason, by: caller.userId, at: clock.now().toISOString() } }, detail: { reason } });
      }, 'refer');
    },

    async saveRiskModifier(request) {
      const { irpmNote, ...values } = request.body;
      const percentages = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null && value !== undefined)) as Record<string, number>;
      const raters = await ratersNow();
      return change(request, request.params.id, QUOTE_TEXTS.riskModifierSaved, async (tx, caller, quote) => {
        const rater = raters[quote.edition];
        const bounds = irpmBoundsFor(rater, quote.product, String(quote.effective_date).slice(0, 10));
        const faults = validateIrpm(percentages, bounds);
        if (Object.keys(faults).length > 0) {
          throw new HttpError(400, QUOTE_TEXTS.riskModifierInvalid, { errors: Object.keys(faults).map((field) => ({ field, message: QUOTE_TEXTS.riskModifierInvalid })) });
        }
        const modifier = irpmModifier(percentages);
        await rerate(tx, raters, caller, request.ip, quote, 'riskModifier', quote.request_data as unknown as QuoteRequestBody, percentages, {
          update: { irpm: { ...percentages, irpmNote: irpmNote ?? null, irpmModifier: modifier }, irpm_modifier: modifier },
          detail: { irpmModifier: modifier },
        });
      });
    },

    async switchQuoteSurplus(request) {
      const raters = await ratersNow();
      return change(request, request.params.id, QUOTE_TEXTS.surplusSwitched, async (tx, caller, quote) => {
        const [original] = await tx.query<{ original_request: QuoteRequestBody }>('SELECT original_request FROM quotes WHERE id = $1', [quote.id]);
        await rerate(tx, raters, caller, request.ip, quote, 'switchSurplus', { ...original!.original_request, isSurplus: request.body.isSurplus }, null, {
          update: { irpm: null, irpm_modifier: null }, detail: { isSurplus: request.body.isSurplus },
        });
      });
    },

    async listQuoteNotes(request) {
      const caller = callerOf(request);
      const quote = await visibleQuote(caller, request.params.id);
      return { content: await quoteNotes(db, quote.id) };
    },

    async addQuoteNote(request, reply) {
      const caller = callerOf(request);
      const note = request.body.note.trim();
      if (!note) throw new HttpError(400, 'Failed to save note', { errors: [{ field: 'note', message: 'Note is a required field' }] });
      const id = await db.transaction(async (tx) => {
        const quote = await visibleQuote(caller, request.params.id, true, tx);
        const at = clock.now();
        const [row] = await tx.query<{ id: string }>(
          'INSERT INTO quote_notes (quote_id, note, created_by, created_at, modified_at) VALUES ($1, $2, $3, $4, $4) RETURNING id',
          [quote.id, note, caller.userId, at],
        );
        await audit(tx, clock, { actorUserId: caller.userId, action: 'quote.note', target: quote.id, address: request.ip, detail: { noteId: row!.id } });
        return row!.id;
      });
      const notes = await quoteNotes(db, request.params.id);
      return reply.code(201).send(notes.find((note) => note.id === id)!);
    },
  };
};
