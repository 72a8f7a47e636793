import { todayIn } from '../../../engine/index.ts';
import { callerOf } from '../../auth/authenticate.ts';
import type { Queryable } from '../../db/database.ts';
import { timeZoneOf } from '../../form-check/request-rule-context.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { publicLink } from '../../mail/public-link.ts';
import type { Caller, Services } from '../../services.ts';
import { notifyPolicyHandOver } from './policy-hand-overs.ts';
import { quoteDetail } from '../quotes/quote-detail.ts';
import { publishedRater } from '../quotes/quote-rating.ts';
import { findVisibleQuote, type QuoteDetailRow } from '../quotes/repository.ts';
import { calendarSettler } from '../calendar/calendar-settler.ts';
import { movePolicy } from './policy-changes.ts';
import { type CertificateHolder } from './policy-documents.ts';
import { issuedDocumentId, keepIssuedDocument } from '../../resources/documents/issued-documents.ts';
import { policyCertificates, type CertificateKind } from './certificate-repository.ts';
import { findReadablePolicy, requireVisiblePolicy, policyEvents, toPolicy, type PolicyRow } from './policy-repository.ts';
import { POLICY_TEXTS } from './policy-texts.ts';
import { policyScheduleOf } from '../schedule/policy-schedule.ts';
import { scheduleAnswer } from '../schedule/quote-schedule.ts';
import { renewalReminderSummary } from './renewal-reminder-state.ts';
import { availablePolicyActions, type PolicyAction } from './policy-transitions.ts';
import { certificateFile } from './policy-files.ts';

export type Request = Parameters<typeof callerOf>[0];

/**
 * What the policy handler modules (and issuing) share: the calendar's settling, the tenant's lookups, the policy
 * page's answer, a change of one policy, a certificate issued.
 */
export function policyHandlerContext(services: Services) {
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

  return { settle, detailOf, todayOf, visibleQuote, visiblePolicy, readablePolicy, policyDetail, changePolicy, issueCertificate, editionOf };
}
