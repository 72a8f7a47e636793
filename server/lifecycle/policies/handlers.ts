import { addDays, flatCancelReturnPremium, plusMoney, formatDate, proRataReturnPremium, todayIn, type Edition, type RaterDefinitions } from '../../../engine/index.ts';
import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { BINDER_VALID_DAYS, DEFAULT_COMMISSION_RATE } from '../../constants.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import type { Queryable } from '../../db/database.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { timeZoneOf } from '../../form-check/request-rule-context.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { publicLink } from '../../mail/public-link.ts';
import type { Caller } from '../../services.ts';
import { QUOTABLE_STATUSES, setAccountStatus, type AccountStatus } from '../../resources/accounts/account-status.ts';
import { notifyHandOver } from '../quotes/hand-overs.ts';
import { notifyPolicyHandOver } from './policy-hand-overs.ts';
import { moveQuote } from '../quotes/quote-changes.ts';
import { quoteDetail } from '../quotes/quote-detail.ts';
import { QUOTE_TEXTS } from '../quotes/quote-texts.ts';
import { publishedRater, rateOrRefuse, ratingInputOf, type QuoteRequestBody } from '../quotes/quote-rating.ts';
import { referralDecision } from '../quotes/referral-decision.ts';
import { findQuotableAccount } from '../quotes/account-risk.ts';
import { insertQuote } from '../quotes/quote-store.ts';
import { findReadableQuote, findVisibleQuote, type QuoteDetailRow } from '../quotes/repository.ts';
import { searchOverseenBinders, searchVisibleBinders, binderColumns } from './binder-repository.ts';
import { calendarSettler } from '../calendar/calendar-settler.ts';
import { openForRenewal } from '../calendar/policy-calendar.ts';
import { movePolicy } from './policy-changes.ts';
import { lossRunPdf } from './loss-runs.ts';
import { binderPdf, documentFileName, policyCertificatePdf, policyDeclarationsPdf, type CertificateHolder } from './policy-documents.ts';
import { issuedDocumentId, keepIssuedDocument, sendDocumentFile, sendIssuedDocument, type IssuedFile } from '../../resources/documents/issued-documents.ts';
import { keepIssuedVersion, LIVING_DOCUMENTS, renderAndKeep } from '../../resources/documents/document-versions.ts';
import { invoiceFile } from '../payments/invoice-file.ts';
import { additionalInsuredsOf, findVisibleCertificate, policyCertificates, toCertificateInsured, type CertificateKind } from './certificate-repository.ts';
import {
  findReadablePolicy, findVisiblePolicy, money, nextBinderNumber, nextPolicyNumber, requireVisiblePolicy, policyEvents, recordPolicyEvent, searchOverseenPolicies, searchVisiblePolicies, toPolicy, type PolicyRow,
} from './policy-repository.ts';
import { POLICY_TEXTS } from './policy-texts.ts';
import { policyScheduleOf } from '../schedule/policy-schedule.ts';
import { quoteScheduleOf, scheduleAnswer } from '../schedule/quote-schedule.ts';
import { insuredAccessOf, setPasswordLinkPath } from './insured-access.ts';
import { policyIssuedMail } from './policy-issued-mail.ts';
import { keepReceipt } from '../payments/issued-receipts.ts';
import { boundRequestOf, renewalPrice, renewalRefusal, renewalRequestOf } from './policy-renewal.ts';
import { needsSurplusNotice, SURPLUS_NOTICE_TEXTS } from '../surplus-notice/surplus-notice-rules.ts';
import { renewalReminderSummary } from '../reminders/renewal/renewal-reminder-repository.ts';
import { availablePolicyActions, canMovePolicy, IN_FORCE, policyPastTense, statusAfterCancellation, statusOnDay, type PolicyAction } from './policy-transitions.ts';

type Request = Parameters<typeof callerOf>[0];

/** The binder as issued and downloaded: one rendering for both, so the kept copy is the one a download would give. */
async function binderFile(quote: QuoteDetailRow, binder: NonNullable<Awaited<ReturnType<typeof binderColumns>>>, rater: RaterDefinitions, edition: Edition): Promise<IssuedFile> {
  return { fileName: documentFileName(quote.company_name, binder.binder_number, 'Binder'), content: await binderPdf({ ...quote, ...binder }, quoteScheduleOf(quote, rater), rater, edition) };
}

/** The policy declarations as the policy stands, as issued and downloaded: one rendering for both. */
async function declarationsFile(db: Queryable, policy: PolicyRow, rater: RaterDefinitions, edition: Edition): Promise<IssuedFile> {
  return {
    fileName: documentFileName(policy.company_name, policy.policy_number, 'Policy'),
    content: await policyDeclarationsPdf(policy, await policyScheduleOf(db, policy, rater), rater, edition),
  };
}

/** A certificate naming a holder or an additional insured (or none: the plain certificate), as issued and downloaded. */
async function certificateFile(policy: PolicyRow, holder: CertificateHolder | null, issuedAt: Date, edition: Edition): Promise<IssuedFile> {
  return { fileName: documentFileName(policy.company_name, policy.policy_number, 'Certificate'), content: await policyCertificatePdf(policy, holder, issuedAt, edition) };
}

/**
 * Binding and policies (spec 002 sections 3, 4 and 7 Policy): binding a Ready or signed quote as a binder,
 * issuing the policy from the binder, the binders and policies lists of every dashboard, the policy page and
 * its actions (cancel, flat cancel, void, undo, Check In Mail, renewal opt-out and reminders, the policy
 * contact), and the binder and policy PDFs. Quotes and policies are found by (tenant, id); every change
 * writes its history and the audit log in one transaction. Days pass by the calendar (policy-calendar.ts),
 * settled before the policy and binder lists and pages are read.
 */
export const handlers: HandlerModule = (services) => {
  const { db, clock, definitions, mailer, config } = services;
  /** The calendar's moves up to today, at most once a day per server (the moves are idempotent anyway). */
  const settle = calendarSettler(db, clock);

  /** The quote page's answer, with the schedule read through the rater of the quote's own edition. */
  const detailOf = async (caller: Caller, quote: QuoteDetailRow) => quoteDetail(db, caller, quote, await publishedRater(definitions, quote.edition));

  const todayOf = (request: Request) => todayIn(clock.now(), timeZoneOf(request));

  async function visibleQuote(caller: Caller, id: string, tx: Queryable = db, lock = false): Promise<QuoteDetailRow> {
    const quote = await findVisibleQuote(tx, caller, id, lock);
    if (!quote) throw notFound(POLICY_TEXTS.quoteNotFound);
    return quote;
  }

  async function visiblePolicy(caller: Caller, id: string, tx: Queryable = db, lock = false): Promise<PolicyRow> {
    const policy = await requireVisiblePolicy(tx, caller, id, lock);
    return policy;
  }

  /** A policy the caller reads as its tenant or as an organisation overseeing its agency: for reads only (its page, its PDFs). */
  async function readablePolicy(caller: Caller, id: string): Promise<PolicyRow> {
    const policy = await findReadablePolicy(db, caller, id);
    if (!policy) throw notFound(POLICY_TEXTS.notFound);
    return policy;
  }

  /** The policy as its page reads it; `row` when the caller reads it as an overseer (getPolicy), else the caller's own. */
  async function policyDetail(caller: Caller, id: string, row?: PolicyRow, overseen = false) {
    row ??= await visiblePolicy(caller, id);
    const rater = await publishedRater(definitions, row.edition);
    return {
      ...toPolicy(row),
      productName: rater.allProducts.get(row.product)?.title ?? row.product,
      agencyName: row.agency_name,
      surplusLineTax: Number(row.surplus_line_tax).toFixed(2),
      surplusStampingFee: Number(row.surplus_stamping_fee).toFixed(2),
      brokerFee: Number(row.broker_fee).toFixed(2),
      mgaFee: Number(row.mga_fee).toFixed(2),
      premiumTax: Number(row.premium_tax).toFixed(2),
      schedule: scheduleAnswer(await policyScheduleOf(db, row, rater)),
      commissionRate: Number(row.commission_rate),
      ...(await renewalReminderSummary(db, row.id)),
      events: await policyEvents(db, row.id),
      certificates: await policyCertificates(db, row.id),
      // Only a pending cancellation that a notice started can be stopped as a notice.
      // An overseer reads the policy and does nothing with it: every action keeps to the tenant rule, but
      // the certificate of insurance, which anyone who reads the policy may print.
      actions: availablePolicyActions(row.status, caller.permissions)
        .filter((action) => (overseen ? action === 'certificate' : action !== 'stopNoticeOfCancellation' || row.noc_issued_at !== null)),
    };
  }

  /** Runs one change of a policy in a transaction and answers the policy after it with the success text. */
  /** A change of one policy in a transaction; one that hands the policy over (policy-hand-overs.ts) e-mails the next actor once committed. */
  async function changePolicy(request: Request, work: (tx: Queryable, caller: Caller, policy: PolicyRow) => Promise<string>, handOver?: PolicyAction) {
    const caller = callerOf(request);
    const { id } = request.params as { id: string };
    await settle();
    const message = await db.transaction(async (tx) => work(tx, caller, await visiblePolicy(caller, id, tx, true)));
    if (handOver) await notifyPolicyHandOver(services, caller, id, handOver);
    return { policy: await policyDetail(caller, id), message };
  }

  /**
   * A certificate naming a holder or an additional insured (spec 002 section 4 'Certificate modal'): kept with
   * the policy, recorded as a policy event, and e-mailed to the requester. The certificate stays kept when the
   * e-mail cannot be sent; the requester is told so ('Unable to send policy certificate email').
   */
  async function issueCertificate(request: Request, docType: CertificateKind, holder: CertificateHolder) {
    const caller = callerOf(request);
    const { id } = request.params as { id: string };
    await settle();
    // Read before the transaction: the definitions come from the database, whose one embedded connection the transaction holds.
    const registry = (await definitions.current()).registry();
    const issued = await db.transaction(async (tx) => {
      const policy = await visiblePolicy(caller, id, tx, true);
      const now = clock.now();
      const [row] = await tx.query<{ id: string }>(
        `INSERT INTO policy_certificates (policy_id, doc_type, organization_name, address1, city, state, zip, requested_by, requested_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [policy.id, docType, holder.organization_name, holder.address1, holder.city, holder.state, holder.zip, caller.userId, now],
      );
      // The certificate handed to the holder is kept as issued: a later change of the insured's name or agency must not rewrite it.
      await keepIssuedDocument(tx, { docId: issuedDocumentId('certificate', row!.id), at: now, log: request.log },
        () => certificateFile(policy, { ...holder, doc_type: docType }, now, registry.edition(policy.edition)));
      await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'certificate', { detail: { certificateId: row!.id, holder: holder.organization_name, docType } });
      const [requester] = await tx.query<{ email: string; first_name: string }>('SELECT email, first_name FROM users WHERE id = $1', [caller.userId]);
      return { policy, requester };
    });
    if (issued.requester) {
      const area = caller.accountType === 'COWBELL' ? 'admin' : caller.accountType === 'CUSTOMER' ? 'customer' : 'agency';
      const role = docType === 'Additional_Insured' ? 'additional insured' : 'certificate holder';
      try {
        await mailer.sendMail({
          to: issued.requester.email,
          subject: `Certificate of insurance for ${holder.organization_name}: policy ${issued.policy.policy_number}`,
          text: [
            `Hello ${issued.requester.first_name},`,
            '',
            `The certificate of insurance of policy ${issued.policy.policy_number} (${issued.policy.company_name}) naming ${holder.organization_name} as ${role} is ready.`,
            `Download it from the policy's certificates: ${publicLink(config, issued.policy.edition, `/${area}/policies/${issued.policy.id}`)}`,
          ].join('\n'),
        });
      } catch (error) {
        request.log.warn({ err: error, policyId: issued.policy.id }, 'certificate e-mail not sent');
        throw new HttpError(502, POLICY_TEXTS.certificateMailFailed);
      }
    }
    return { policy: await policyDetail(caller, id), message: POLICY_TEXTS.certificateGenerated };
  }

  async function editionOf(edition: 'us' | 'uk') {
    return (await definitions.current()).registry().edition(edition);
  }

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

    async issuePolicy(request) {
      const caller = callerOf(request);
      const { quoteId } = request.params;
      const today = todayOf(request);
      await settle();
      const issued = await db.transaction(async (tx) => {
        const quote = await visibleQuote(caller, quoteId, tx, true);
        if (quote.status === 'BINDER EXPIRED') throw new HttpError(409, POLICY_TEXTS.binderExpired);
        const [binder] = await tx.query<{ binder_expires_on: string | null }>('SELECT binder_expires_on::text AS binder_expires_on FROM quotes WHERE id = $1', [quote.id]);
        if (quote.status === 'BOUND' && binder?.binder_expires_on && binder.binder_expires_on < today) throw new HttpError(409, POLICY_TEXTS.binderExpired);
        const now = clock.now();
        const policyNumber = await nextPolicyNumber(tx, now);
        await moveQuote(tx, clock, { caller, address: request.ip }, quote, 'issue', { detail: { policyNumber } });
        const effectiveDate = String(quote.effective_date).slice(0, 10);
        const endDate = String(quote.end_date).slice(0, 10);
        const status = statusOnDay({ effectiveDate, endDate }, today);
        // The policy's broker fee is all the broker's fees (the broker fee and the additional one): what financing leaves out.
        const [row] = await tx.query<{ id: string }>(
          `INSERT INTO policies (policy_number, quote_id, account_id, agency_id, agent_user_id, team_id, edition, product, status, currency, is_surplus,
             effective_date, end_date, agg_limit, deductible, premium, total_premium, surplus_line_tax, surplus_stamping_fee, broker_fee, mga_fee,
             commission_rate, contact_first_name, contact_last_name, contact_email, contact_phone, is_open_for_renewal, issued_by, issued_at, created_at, modified_at)
           SELECT $1, q.id, q.account_id, q.agency_id, q.agent_user_id, q.team_id, q.edition, q.product, $2, q.currency, q.is_surplus,
             q.effective_date, q.end_date, q.agg_limit, q.deductible, q.premium, q.total_premium, q.surplus_line_tax, q.surplus_stamping_fee, q.broker_fee + q.additional_broker_fee, q.mga_fee,
             $3, coalesce(q.customer_first_name, ''), coalesce(q.customer_last_name, ''), coalesce(q.customer_email, ''), coalesce(q.customer_phone, ''),
             $4, $5, $6, $6, $6
           FROM quotes q WHERE q.id = $7 RETURNING id`,
          [policyNumber, status, DEFAULT_COMMISSION_RATE, status !== 'EXPIRED' && openForRenewal(endDate, today, false), caller.userId, now, quote.id],
        );
        await recordPolicyEvent(tx, { policyId: row!.id, from: null, to: status, action: 'issue', detail: { quoteNumber: quote.quote_number }, userId: caller.userId, at: now });
        // What was paid on the binder is paid on its policy now (binder payments: payment_transactions.quote_id).
        const binderPayments = await tx.query<{ id: string }>(
          'UPDATE payment_transactions SET policy_id = $1, modified_at = $2 WHERE quote_id = $3 AND policy_id IS NULL RETURNING id',
          [row!.id, now, quote.id],
        );
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'policy.issue', target: row!.id, address: request.ip,
          detail: { policyNumber, quoteId: quote.id, accountId: quote.account_id, totalPremium: quote.total_premium },
        });
        await setAccountStatus(tx, quote.account_id, 'Active Policy', now);
        // The insured named on the quote gets a way into the console to open the policy (policy-issued-mail.ts).
        const access = quote.customer_email
          ? await insuredAccessOf(tx, clock, {
            accountId: quote.account_id, actorUserId: caller.userId, address: request.ip,
            insured: { firstName: quote.customer_first_name ?? '', lastName: quote.customer_last_name ?? '', email: quote.customer_email, phone: quote.customer_phone },
          })
          : null;
        // A renewal issued: the policy it renews is no longer open for renewal, and says so in its history.
        const [renewed] = await tx.query<{ id: string; status: string }>(
          `UPDATE policies p SET is_open_for_renewal = false, modified_at = $2 FROM quotes q WHERE q.id = $1 AND p.id = q.renewal_of_policy_id RETURNING p.id, p.status`,
          [quote.id, now],
        );
        if (renewed) await recordPolicyEvent(tx, { policyId: renewed.id, from: renewed.status, to: renewed.status, action: 'renewalIssued', detail: { policyNumber }, userId: caller.userId, at: now });
        return { id: row!.id, policyNumber, quote, access, binderPayments: binderPayments.map((payment) => payment.id) };
      });
      const { quote, policyNumber } = issued;
      // A binder's payment had no policy to print on its receipt; now it has, so its receipt is kept from here on
      // (keepReceipt leaves anything but a Paid payment alone).
      for (const transactionId of issued.binderPayments) await keepReceipt(services, request.log, transactionId);
      // The declarations and the invoice as issued are their entries' version 1, whether or not anyone downloads them now.
      const policy = await readablePolicy(caller, issued.id);
      const edition = await editionOf(policy.edition);
      await keepIssuedVersion(db, { living: LIVING_DOCUMENTS.policy(policy), at: clock.now(), log: request.log },
        async () => declarationsFile(db, policy, await publishedRater(definitions, policy.edition), edition));
      await keepIssuedVersion(db, { living: LIVING_DOCUMENTS.invoice(policy), at: clock.now(), log: request.log }, async () => invoiceFile(db, policy, edition, await publishedRater(definitions, policy.edition)));
      if (quote.customer_email && issued.access) {
        // After the commit: a mail never points at a link that a rollback took away.
        const setPassword = issued.access.kind === 'SET_PASSWORD' ? await setPasswordLinkPath(db, clock, issued.access.userId) : null;
        await mailer.sendMail(policyIssuedMail({
          policyId: issued.id, policyNumber, companyName: quote.company_name, agencyName: quote.agency_name, to: quote.customer_email, firstName: quote.customer_first_name,
          effectiveDate: String(quote.effective_date).slice(0, 10), endDate: String(quote.end_date).slice(0, 10),
        }, issued.access, setPassword, edition, config));
      }
      await notifyHandOver(services, caller, quoteId, 'issue');
      return { policy: await policyDetail(caller, issued.id), message: POLICY_TEXTS.issued(policyNumber) };
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

    async searchPolicies(request) {
      await settle();
      return searchVisiblePolicies(db, callerOf(request), request.query);
    },

    async searchOverseenPolicies(request) {
      await settle();
      return searchOverseenPolicies(db, callerOf(request), request.query);
    },

    async getPolicy(request) {
      const caller = callerOf(request);
      await settle();
      // Read by its tenant or by an organisation overseeing its agency (the oversight dashboards open it).
      const row = await readablePolicy(caller, request.params.id);
      return policyDetail(caller, row.id, row, !(await findVisiblePolicy(db, caller, row.id)));
    },

    async downloadLossRuns(request, reply) {
      const caller = callerOf(request);
      const policy = await visiblePolicy(caller, request.params.policyId);
      // The account in the address must be the policy's: another answers like a missing policy.
      if (policy.account_id !== request.params.accountId) throw notFound(POLICY_TEXTS.notFound);
      const pdf = await lossRunPdf(db, caller, policy, await publishedRater(definitions, policy.edition), await editionOf(policy.edition), clock.now());
      return reply.header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${documentFileName(policy.company_name, policy.policy_number, 'Loss_Runs')}"`)
        .send(Buffer.from(pdf));
    },

    // Rendered from the policy as endorsed now; each distinct copy handed out is kept as a version (documents/document-versions.ts).
    async downloadPolicyDocument(request, reply) {
      const caller = callerOf(request);
      await settle();
      const policy = await readablePolicy(caller, request.params.id);
      const rater = await publishedRater(definitions, policy.edition);
      const edition = await editionOf(policy.edition);
      return sendDocumentFile(reply, await renderAndKeep(db, { living: LIVING_DOCUMENTS.policy(policy), at: clock.now(), log: request.log },
        () => declarationsFile(db, policy, rater, edition)));
    },

    async cancelPolicy(request) {
      const body = checkedBodyOf(request);
      const today = todayOf(request);
      // Read before the transaction: the definitions come from the database, whose one embedded connection the transaction holds.
      const registry = (await definitions.current()).registry();
      return changePolicy(request, async (tx, caller, policy) => {
        const day = String(body.cancellationDate);
        if (day < policy.effective_date || day > policy.end_date) throw new HttpError(400, POLICY_TEXTS.cancellationOutsideTerm);
        const returnPremium = proRataReturnPremium(policy.premium, { effectiveDate: policy.effective_date, endDate: policy.end_date }, day);
        const status = statusAfterCancellation(day, today);
        await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'cancel', {
          status,
          update: {
            cancellation_date: day, cancellation_reason: String(body.reason), return_premium: returnPremium, is_open_for_renewal: false,
            status_before_cancellation: IN_FORCE.includes(policy.status) ? policy.status : policy.status_before_cancellation,
            // A cancellation set here replaces a notice of cancellation the policy was under.
            noc_reason: null, noc_issued_at: null,
          },
          detail: { cancellationDate: day, reason: String(body.reason), returnPremium },
        });
        const edition = registry.edition(policy.edition);
        return status === 'CANCELLED' ? POLICY_TEXTS.cancelled(policy.policy_number) : POLICY_TEXTS.cancelPending(policy.policy_number, formatDate(day, edition.locale));
      }, 'cancel');
    },

    async flatCancelPolicy(request) {
      const body = checkedBodyOf(request);
      return changePolicy(request, async (tx, caller, policy) => {
        const returnPremium = flatCancelReturnPremium(policy.premium);
        await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'flatCancel', {
          status: 'FLAT CANCELLED',
          update: {
            cancellation_date: policy.effective_date, cancellation_reason: String(body.reason), return_premium: returnPremium, is_open_for_renewal: false,
            status_before_cancellation: IN_FORCE.includes(policy.status) ? policy.status : policy.status_before_cancellation,
          },
          detail: { reason: String(body.reason), returnPremium },
        });
        return POLICY_TEXTS.flatCancelled(policy.policy_number);
      }, 'flatCancel');
    },

    async voidPolicy(request) {
      const body = checkedBodyOf(request);
      return changePolicy(request, async (tx, caller, policy) => {
        await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'void', {
          status: 'VOID', update: { cancellation_reason: String(body.reason), is_open_for_renewal: false }, detail: { reason: String(body.reason) },
        });
        return POLICY_TEXTS.voided(policy.policy_number);
      }, 'void');
    },

    async undoPolicyCancellation(request) {
      const today = todayOf(request);
      return changePolicy(request, async (tx, caller, policy) => {
        const status = statusOnDay({ effectiveDate: policy.effective_date, endDate: policy.end_date }, today);
        await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'undoCancellation', {
          status,
          update: {
            cancellation_date: null, cancellation_reason: null, return_premium: null, status_before_cancellation: null, noc_reason: null, noc_issued_at: null,
            is_open_for_renewal: status !== 'EXPIRED' && openForRenewal(policy.end_date, today, policy.renewal_opted_out_at !== null),
          },
          detail: { cancellationDate: policy.cancellation_date, returnPremium: policy.return_premium },
        });
        return POLICY_TEXTS.reinstated(policy.policy_number);
      }, 'undoCancellation');
    },

    async requestPolicyCancellation(request) {
      const body = checkedBodyOf(request);
      return changePolicy(request, async (tx, caller, policy) => {
        const day = String(body.cancellationDate);
        if (day < policy.effective_date || day > policy.end_date) throw new HttpError(400, POLICY_TEXTS.cancellationOutsideTerm);
        await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'requestCancellation', {
          status: 'CANCEL REQUESTED',
          update: { cancellation_date: day, cancellation_reason: String(body.reason), status_before_cancellation: policy.status },
          detail: { cancellationDate: day, reason: String(body.reason) },
        });
        return POLICY_TEXTS.cancellationRequested;
      }, 'requestCancellation');
    },

    async markPolicyCheckInMail(request) {
      return changePolicy(request, async (tx, caller, policy) => {
        await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'checkInMail', { update: { description: POLICY_TEXTS.checkInMailDescription } });
        return POLICY_TEXTS.checkInMail(policy.policy_number);
      });
    },

    async optOutOfRenewal(request) {
      return changePolicy(request, async (tx, caller, policy) => {
        await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'optOut', { update: { renewal_opted_out_at: clock.now(), is_open_for_renewal: false, is_auto_renewal: false } });
        return POLICY_TEXTS.optedOut;
      });
    },

    async optOutOfRenewalInBulk(request) {
      const caller = callerOf(request);
      // No form binds a bulk action: the contract's schema checked the body (at most 100 ids).
      const ids = [...new Set(request.body.policyIds ?? [])];
      await settle();
      // One transaction: the chosen policies are opted out together or not at all. A policy out of reach, not in
      // force or already opted out is passed over (and counted), so the answer says nothing of another tenant's.
      const optedOut = await db.transaction(async (tx) => {
        let moved = 0;
        for (const id of ids) {
          const policy = await findVisiblePolicy(tx, caller, id, true);
          if (!policy || !canMovePolicy('optOut', policy.status) || policy.renewal_opted_out_at !== null) continue;
          await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'optOut', { update: { renewal_opted_out_at: clock.now(), is_open_for_renewal: false, is_auto_renewal: false } });
          moved += 1;
        }
        return moved;
      });
      return { message: POLICY_TEXTS.optedOutInBulk(optedOut, ids.length - optedOut), optedOut, skipped: ids.length - optedOut };
    },

    async optIntoRenewal(request) {
      const today = todayOf(request);
      return changePolicy(request, async (tx, caller, policy) => {
        await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'optIn', {
          update: { renewal_opted_out_at: null, is_auto_renewal: true, is_open_for_renewal: openForRenewal(policy.end_date, today, false) },
        });
        return POLICY_TEXTS.optedIn;
      });
    },

    async muteRenewalReminders(request) {
      return changePolicy(request, async (tx, caller, policy) => {
        // A toggle: the same action mutes and turns the reminders back on.
        const muted = !policy.renewal_reminders_muted;
        await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'muteReminders', { update: { renewal_reminders_muted: muted }, detail: { muted } });
        return muted ? POLICY_TEXTS.remindersMuted : POLICY_TEXTS.remindersUnmuted;
      });
    },

    async updatePolicyHolderContact(request) {
      const body = checkedBodyOf(request);
      return changePolicy(request, async (tx, caller, policy) => {
        const contact = {
          contact_first_name: String(body.contactFirstName), contact_last_name: String(body.contactLastName),
          contact_email: String(body.contactEmail).toLowerCase(), contact_phone: String(body.contactPhone),
        };
        await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'contact', {
          update: contact, detail: { before: { email: policy.contact_email, phone: policy.contact_phone }, after: { email: contact.contact_email, phone: contact.contact_phone } },
        });
        return POLICY_TEXTS.contactUpdated;
      });
    },

    // The plain certificate (no holder) is printed on demand as of the day, rendered each time; each day's copy
    // handed out is kept as a version (documents/document-versions.ts).
    async downloadPolicyCertificate(request, reply) {
      const caller = callerOf(request);
      await settle();
      const policy = await readablePolicy(caller, request.params.id);
      if (!canMovePolicy('certificate', policy.status)) throw new HttpError(409, POLICY_TEXTS.notAvailable(policyPastTense('certificate'), policy.status));
      const edition = await editionOf(policy.edition);
      // It prints the day it is issued on, so it is dated at the day's start: the same day renders the same bytes.
      const day = new Date(`${clock.now().toISOString().slice(0, 10)}T00:00:00Z`);
      return sendDocumentFile(reply, await renderAndKeep(db, { living: LIVING_DOCUMENTS.certificate(policy), at: clock.now(), log: request.log },
        () => certificateFile(policy, null, day, edition)));
    },

    async emailPolicyCertificate(request) {
      const body = checkedBodyOf(request);
      return issueCertificate(request, 'Certificate_Holder', {
        organization_name: String(body.organizationName), address1: String(body.address1), city: String(body.city),
        state: typeof body.state === 'string' ? body.state : null, zip: typeof body.zip === 'string' ? body.zip : null,
      });
    },

    async listPolicyAdditionalInsureds(request) {
      const policy = await visiblePolicy(callerOf(request), request.params.id);
      return (await additionalInsuredsOf(db, policy.account_id)).map(toCertificateInsured);
    },

    async issueAdditionalInsuredCertificate(request) {
      const caller = callerOf(request);
      const body = checkedBodyOf(request);
      const policy = await visiblePolicy(caller, request.params.id);
      const insured = (await additionalInsuredsOf(db, policy.account_id)).find((row) => row.id === body.additionalInsuredId);
      if (!insured) throw new HttpError(400, POLICY_TEXTS.additionalInsuredNotFound, { errors: [{ field: 'additionalInsuredId', message: POLICY_TEXTS.additionalInsuredNotFound }] });
      return issueCertificate(request, 'Additional_Insured', {
        organization_name: insured.business_name, address1: insured.address1, city: insured.city, state: insured.state, zip: insured.zip_code,
      });
    },

    async downloadCertificate(request, reply) {
      const caller = callerOf(request);
      const certificate = await findVisibleCertificate(db, caller, request.params.certificateId);
      if (!certificate) throw notFound(POLICY_TEXTS.certificateNotFound);
      const policy = await visiblePolicy(caller, certificate.policy_id);
      return sendIssuedDocument(reply, db, issuedDocumentId('certificate', certificate.id),
        async () => certificateFile(policy, certificate, new Date(certificate.requested_at), await editionOf(policy.edition)));
    },

    async getPolicyRenewal(request) {
      const caller = callerOf(request);
      await settle();
      const policy = await visiblePolicy(caller, request.params.id);
      const account = await findQuotableAccount(db, caller, policy.account_id);
      if (!account) throw notFound(POLICY_TEXTS.notFound);
      const refusal = await renewalRefusal(db, policy);
      const body = renewalRequestOf(policy, await boundRequestOf(db, policy));
      // Priced as Create Renewal Quote would price it now; a rater that refuses the cover says why instead.
      const rater = await publishedRater(definitions, policy.edition);
      const rated = renewalPrice(body, account, rater);
      const notQuotable = QUOTABLE_STATUSES.has(account.status as AccountStatus) ? null : QUOTE_TEXTS.notEligible;
      const totalPremium = rated.ok ? rated.totalPremium : null;
      return {
        id: policy.id, policyNumber: policy.policy_number, companyName: policy.company_name, accountId: policy.account_id,
        product: policy.product, productName: rater.allProducts.get(policy.product)?.title ?? policy.product, currency: policy.currency as 'USD' | 'GBP', aggLimit: money(policy.agg_limit)!, deductible: money(policy.deductible)!,
        expiringEffectiveDate: policy.effective_date, expiringEndDate: policy.end_date, expiringPremium: money(policy.total_premium)!,
        effectiveDate: body.effectiveDate, endDate: body.endDate, totalPremium,
        premiumChange: totalPremium === null ? null : plusMoney(totalPremium, `-${money(policy.total_premium)!}`),
        blockedReason: refusal?.reason ?? notQuotable ?? (rated.ok ? null : rated.reason),
        renewalQuoteId: refusal?.quoteId ?? null,
        request: body,
      };
    },

    async renewPolicy(request) {
      const caller = callerOf(request);
      const { id } = request.params;
      await settle();
      const before = await visiblePolicy(caller, id);
      // Read before the transaction: the published rater comes from the database.
      const rater = await publishedRater(definitions, before.edition);
      const today = todayOf(request);
      const created = await db.transaction(async (tx) => {
        const policy = await visiblePolicy(caller, id, tx, true);
        const refusal = await renewalRefusal(tx, policy);
        if (refusal) throw new HttpError(409, refusal.reason);
        const account = await findQuotableAccount(tx, caller, policy.account_id);
        if (!account) throw notFound(POLICY_TEXTS.notFound);
        if (!QUOTABLE_STATUSES.has(account.status as AccountStatus)) throw new HttpError(409, QUOTE_TEXTS.notEligible);
        // The same cover for the next period, or the cover the agent chose for it (the custom-quote step), priced
        // by the rater in force for it. A chosen cover is a new risk: the referral rules apply to it as to any quote.
        const chosen = request.body as QuoteRequestBody | undefined;
        if (chosen && (chosen.accountId !== policy.account_id || chosen.product !== policy.product)) throw new HttpError(400, POLICY_TEXTS.renewalCoverMismatch);
        const body = renewalRequestOf(policy, chosen ?? (await boundRequestOf(tx, policy)));
        const rating = rateOrRefuse(ratingInputOf(body, account), rater);
        const referral = chosen ? referralDecision(rating, clock.now()) : null;
        const quoteId = await insertQuote(tx, { caller, account, body, rating, status: referral ? 'REFERRED' : 'READY', inCart: false, today, at: clock.now() });
        if (referral) await tx.query('UPDATE quotes SET decision = $2 WHERE id = $1', [quoteId, JSON.stringify(referral)]);
        const [quote] = await tx.query<{ quote_number: string }>(
          'UPDATE quotes SET is_renewal = true, renewal_of_policy_id = $2 WHERE id = $1 RETURNING quote_number', [quoteId, policy.id],
        );
        await movePolicy(tx, clock, { caller, address: request.ip }, policy, 'renew', { detail: { quoteId, quoteNumber: quote!.quote_number, totalPremium: rating.totalPremium } });
        return { quoteId, quoteNumber: quote!.quote_number };
      });
      return { policy: await policyDetail(caller, id), message: POLICY_TEXTS.renewalQuoteCreated(created.quoteNumber), quoteId: created.quoteId };
    },
  };
};
