import { callerOf } from '../../auth/authenticate.ts';
import { editionOf, type HandlerModule } from '../../contract/handlers.ts';
import type { Queryable } from '../../db/database.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { checkWithDefinitionShown } from '../../form-check/check-with-definition.ts';
import { HttpError, MESSAGES, notFound } from '../../http/http-error.ts';
import { publicLink } from '../../mail/public-link.ts';
import type { Caller } from '../../services.ts';
import { moveQuote } from '../quotes/quote-changes.ts';
import { notifyHandOver } from '../quotes/hand-overs.ts';
import { findVisibleBusinessAccount } from '../../resources/accounts/repository.ts';
import { PROFILE_TEXTS } from '../../resources/account-profile/profile-texts.ts';
import { PRO_PRODUCT, refuseBadDomains, saveAccountProfile } from '../../resources/account-profile/save-profile.ts';
import { irpmPercentagesOf, publishedRater, type QuoteRequestBody } from '../quotes/quote-rating.ts';
import { rerateQuote } from '../quotes/quote-rerate.ts';
import { QUOTE_TEXTS } from '../quotes/quote-texts.ts';
import { findVisibleQuote, type QuoteDetailRow } from '../quotes/repository.ts';
import { wholesaleAgentUser, type WholesaleAgent } from './agency-agent-access.ts';
import { policyholderUser, quoteReviewWorkflow, type Policyholder } from './policyholder-access.ts';
import { quoteReview, reviewColumns } from './review-record.ts';
import { quoteApplicationPdf } from './application-pdf.ts';
import { answeredSections } from '../../documents/form-answers.ts';
import { QUESTIONNAIRE_OF_FORM, questionnaireAnswers } from '../account-questions/questionnaires.ts';
import type { FormDefinition } from '../../../engine/index.ts';
import { REVIEW_TEXTS, REVIEWABLE_AGENCY_STATUSES } from './review-texts.ts';
import { documentFileName } from '../shared/document-names.ts';

function assertReviewable(quote: QuoteDetailRow): void {
  if (!REVIEWABLE_AGENCY_STATUSES.includes(quote.agency_status)) throw new HttpError(409, REVIEW_TEXTS.notReviewable);
}

/**
 * The review page and the insured's side of a quote (spec 002 sections 2, 4 and 6; spec 000 request-to-bind
 * and sign routes): the review record, sending a quote to its policyholder with a one-time-code link, the
 * agent's request to bind, and the insured's attestation and signature. Quotes are found within the tenant
 * rule (the policyholder is a user of the client account, so they reach that account's quotes only), and
 * every change moves the quote through quotes/transitions.ts with its history and audit entry.
 */
export const handlers: HandlerModule = (services) => {
  const { db, clock, definitions, mailer, config } = services;

  async function visibleQuote(caller: Caller, id: string, tx: Queryable = db, lock = false): Promise<QuoteDetailRow> {
    const quote = await findVisibleQuote(tx, caller, id, lock);
    if (!quote) throw notFound(QUOTE_TEXTS.notFound);
    return quote;
  }

  async function reviewOf(caller: Caller, id: string) {
    const quote = await visibleQuote(caller, id);
    return quoteReview(db, quote, await publishedRater(definitions, quote.edition));
  }

  return {
    async getQuoteReview(request) {
      const { id } = request.params;
      return reviewOf(callerOf(request), id);
    },

    // Rendered on every download from the account's answers as they stand, like the proposal: until the insured
    // signs, the application is still being completed.
    async downloadQuoteApplication(request, reply) {
      const quote = await visibleQuote(callerOf(request), request.params.id);
      const rater = await publishedRater(definitions, quote.edition);
      const review = await quoteReview(db, quote, rater);
      const registry = (await definitions.current()).registry();
      const product = rater.allProducts.get(quote.product);
      const formIds = [product?.questionnaire.security, product?.questionnaire.application].filter((id): id is string => Boolean(id));
      const questionnaires = await Promise.all(
        formIds.map(async (formId) => {
          const form = registry.resolve<FormDefinition>(formId, quote.edition);
          const which = QUESTIONNAIRE_OF_FORM[formId];
          const answers = which ? await questionnaireAnswers(db, quote.account_id, which) : review.security;
          return { title: form.title ?? formId, sections: answeredSections(form, answers) };
        }),
      );
      const pdf = await quoteApplicationPdf(review, product?.title ?? quote.product, questionnaires, registry.edition(quote.edition), clock.now());
      const name = documentFileName(quote.company_name, quote.quote_number, 'Application');
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${name}"`).send(Buffer.from(pdf));
    },

    async patchQuoteAccount(request) {
      const caller = callerOf(request);
      const edition = editionOf(request);
      const found = await visibleQuote(caller, request.params.id);
      assertReviewable(found);
      // Checked with the account page's own form as published; the pro product's extras when the quote is for it.
      const checked = await checkWithDefinitionShown(services, request, 'account-profile', request.body as Record<string, unknown>, { proProduct: found.product === PRO_PRODUCT });
      const shown = new Set(checked.fields);
      await refuseBadDomains(db, checked.data, shown);
      const [us, uk] = await Promise.all([publishedRater(definitions, 'us'), publishedRater(definitions, 'uk')]);
      await db.transaction(async (tx) => {
        const quote = await visibleQuote(caller, found.id, tx, true);
        assertReviewable(quote);
        const account = await findVisibleBusinessAccount(tx, caller, quote.account_id, true);
        if (!account) throw notFound(MESSAGES.accountNotFound);
        if (account.edition !== edition) throw new HttpError(409, PROFILE_TEXTS.otherEdition(account.edition));
        const { effects } = await saveAccountProfile(tx, clock, {
          caller, accountId: account.id, edition, body: checked.data, shown, address: request.ip, product: quote.product, patchedQuoteId: quote.id,
        });
        await rerateQuote(tx, clock, { caller, address: request.ip }, { us, uk }, quote, 'patch', quote.request_data as unknown as QuoteRequestBody, irpmPercentagesOf(quote.irpm), {
          update: { last_patched_at: clock.now() },
          detail: { totalPremiumBefore: quote.total_premium, otherQuotesInvalidated: effects.invalidated.length, otherQuotesReferred: effects.referred.length },
        });
      });
      return { quote: await reviewOf(caller, found.id), message: REVIEW_TEXTS.patched };
    },

    async sendQuoteToPolicyholder(request) {
      const caller = callerOf(request);
      const { id } = request.params;
      const body = checkedBodyOf(request);
      // The form check passed the phone as the edition's national digits (x-field-type phone).
      const contact: Policyholder = {
        firstName: String(body.customerFirstName), lastName: String(body.customerLastName), email: String(body.customerEmail).toLowerCase(), phone: String(body.customerPhone),
      };
      const sent = await db.transaction(async (tx) => {
        const quote = await visibleQuote(caller, id, tx, true);
        assertReviewable(quote);
        const userId = await policyholderUser(tx, clock, { accountId: quote.account_id, contact, actorUserId: caller.userId, address: request.ip });
        const workflowId = await quoteReviewWorkflow(tx, clock, { userId, contact, quoteId: quote.id, product: quote.product, quoteExpiresOn: String(quote.expires_on).slice(0, 10) });
        await moveQuote(tx, clock, { caller, address: request.ip }, quote, 'sendToPolicyholder', {
          update: {
            customer_first_name: contact.firstName, customer_last_name: contact.lastName, customer_email: contact.email, customer_phone: contact.phone,
            policyholder_user_id: userId, sent_to_policyholder_at: clock.now(),
          },
          detail: { to: contact.email, workflowId },
        });
        return { quote, workflowId };
      });
      // After the commit: a mail never points at a link that a rollback took away.
      const { quote, workflowId } = sent;
      await mailer.sendMail({
        to: contact.email,
        subject: `Your cyber insurance quote ${quote.quote_number}`,
        text: [
          `Hello ${contact.firstName},`,
          '',
          `${quote.agent_name ?? quote.agency_name} of ${quote.agency_name} has sent you quote ${quote.quote_number} for ${quote.company_name}.`,
          `Review it, and request to bind it, here: ${publicLink(config, quote.edition, `/validate/${workflowId}`)}`,
          '',
          'For your security the page asks for a one-time code, which we send to this address when you ask for it.',
        ].join('\n'),
      });
      return { quote: await reviewOf(caller, id), message: QUOTE_TEXTS.sentToPolicyholder };
    },

    async sendQuoteToAgency(request) {
      const caller = callerOf(request);
      const { id } = request.params;
      const body = checkedBodyOf(request);
      const agent: WholesaleAgent = {
        firstName: String(body.agentFirstName).trim(), lastName: String(body.agentLastName).trim(), email: String(body.agentEmail).toLowerCase(), phone: String(body.agentPhone),
      };
      const sent = await db.transaction(async (tx) => {
        const quote = await visibleQuote(caller, id, tx, true);
        assertReviewable(quote);
        const userId = await wholesaleAgentUser(tx, clock, { agencyId: quote.agency_id, teamId: quote.team_id, agent, actorUserId: caller.userId, address: request.ip });
        const workflowId = await quoteReviewWorkflow(tx, clock, {
          userId, contact: agent, quoteId: quote.id, product: quote.product, quoteExpiresOn: String(quote.expires_on).slice(0, 10), redirectUrl: `/agency/quotes/${quote.id}/review`,
        });
        await moveQuote(tx, clock, { caller, address: request.ip }, quote, 'sendToAgency', { detail: { to: agent.email, agency: quote.agency_name, workflowId } });
        const [sender] = await tx.query<{ name: string }>(`SELECT first_name || ' ' || last_name AS name FROM users WHERE id = $1`, [caller.userId]);
        return { quote, workflowId, sender: sender?.name ?? 'Our underwriting team' };
      });
      // After the commit: a mail never points at a link that a rollback took away.
      const { quote, workflowId, sender } = sent;
      await mailer.sendMail({
        to: agent.email,
        subject: `Quote ${quote.quote_number} for ${quote.company_name}`,
        text: [
          `Hello ${agent.firstName},`,
          '',
          `${sender} has sent ${quote.agency_name} quote ${quote.quote_number} for ${quote.company_name}.`,
          `Review it, and request to bind it, here: ${publicLink(config, quote.edition, `/validate/${workflowId}`)}`,
          '',
          'For your security the page asks for a one-time code, which we send to this address when you ask for it.',
        ].join('\n'),
      });
      return { quote: await reviewOf(caller, id), message: QUOTE_TEXTS.sentToAgency };
    },

    async requestQuoteBinding(request) {
      const caller = callerOf(request);
      const { id } = request.params;
      const body = checkedBodyOf(request);
      await db.transaction(async (tx) => {
        const quote = await visibleQuote(caller, id, tx, true);
        assertReviewable(quote);
        const [profile] = await tx.query<{ is_verified_by_agent: boolean }>('SELECT is_verified_by_agent FROM account_profiles WHERE account_id = $1', [quote.account_id]);
        if (profile?.is_verified_by_agent !== true) throw new HttpError(409, REVIEW_TEXTS.verifyFirst);
        await moveQuote(tx, clock, { caller, address: request.ip }, quote, 'requestToBind', {
          update: {
            agency_status: 'REQUEST_TO_BIND_SENT', wra_request_to_bind: true, request_to_bind_at: clock.now(), request_to_bind_by: caller.userId,
            customer_first_name: String(body.customerFirstName), customer_last_name: String(body.customerLastName),
            customer_email: String(body.customerEmail).toLowerCase(), customer_phone: String(body.customerPhone),
          },
        });
      });
      // The quote now waits on underwriting (REQUESTED, in its inbox); the desk hears of it once that is committed.
      await notifyHandOver(services, caller, id, 'requestToBind');
      return { quote: await reviewOf(caller, id), message: REVIEW_TEXTS.requestToBindSent };
    },

    async attestQuote(request) {
      const caller = callerOf(request);
      const { id } = request.params;
      // Only its check matters: the form refuses anything but the ticked box.
      checkedBodyOf(request);
      await db.transaction(async (tx) => {
        const quote = await visibleQuote(caller, id, tx, true);
        assertReviewable(quote);
        await moveQuote(tx, clock, { caller, address: request.ip }, quote, 'attest', { update: { insured_attested_at: clock.now() } });
      });
      return { quote: await reviewOf(caller, id), message: REVIEW_TEXTS.attested };
    },

    async signQuote(request) {
      const caller = callerOf(request);
      const { id } = request.params;
      const body = checkedBodyOf(request);
      const signed = await db.transaction(async (tx) => {
        const quote = await visibleQuote(caller, id, tx, true);
        assertReviewable(quote);
        if ((await reviewColumns(tx, quote.id)).insured_attested_at === null) throw new HttpError(409, REVIEW_TEXTS.attestFirst);
        const [signer] = await tx.query<{ first_name: string; last_name: string; email: string; phone: string | null }>(
          'SELECT first_name, last_name, email, phone FROM users WHERE id = $1', [caller.userId],
        );
        const now = clock.now();
        await moveQuote(tx, clock, { caller, address: request.ip }, quote, 'sign', {
          update: {
            signed_at: now, signed_name: String(body.signedName), agency_status: 'REQUEST_TO_BIND_SENT', wra_request_to_bind: true,
            request_to_bind_at: now, request_to_bind_by: caller.userId,
            customer_first_name: quote.customer_first_name ?? signer?.first_name, customer_last_name: quote.customer_last_name ?? signer?.last_name,
            customer_email: quote.customer_email ?? signer?.email, customer_phone: quote.customer_phone ?? signer?.phone ?? null,
          },
          detail: { signedName: String(body.signedName) },
        });
        const [agent] = await tx.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [quote.agent_user_id]);
        return { quote, agentEmail: agent?.email ?? null };
      });
      if (signed.agentEmail) {
        await mailer.sendMail({
          to: signed.agentEmail,
          subject: `${signed.quote.company_name} signed quote ${signed.quote.quote_number}`,
          text: `${String(body.signedName)} signed the application for quote ${signed.quote.quote_number} of ${signed.quote.company_name} and asks to bind it.\n${publicLink(config, signed.quote.edition, `/agency/quotes/${signed.quote.id}/review`)}`,
        });
      }
      return { quote: await reviewOf(caller, id), message: REVIEW_TEXTS.signed };
    },
  };
};
