import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import { editionOf, type HandlerModule } from '../../contract/handlers.ts';
import type { Queryable } from '../../db/database.ts';
import { checkedBodyOf, checkedFieldsOf } from '../../form-check/checked-body.ts';
import { checkWithDefinitionShown } from '../../form-check/check-with-definition.ts';
import { withRuleFlags } from '../../form-check/rule-flags.ts';
import { HttpError, MESSAGES, notFound } from '../../http/http-error.ts';
import type { Caller } from '../../services.ts';
import type { Edition } from '../accounts/address-rules.ts';
import { changedRatingFields, precheckQuoteEffects } from '../accounts/quote-effects.ts';
import { findVisibleBusinessAccount } from '../accounts/repository.ts';
import { findAdditionalInsured, insertAdditionalInsured, insuredValuesOf, listAdditionalInsureds, toAdditionalInsured, updateAdditionalInsured } from './additional-insureds.ts';
import { checkDomains } from './domain-check.ts';
import { insertAccountNote, listAccountNotes } from './notes.ts';
import { PROFILE_TEXTS } from './profile-texts.ts';
import { PRO_PRODUCT, refuseBadDomains, saveAccountProfile } from './save-profile.ts';
import { storedIndustryCode, withStoredCodes } from './profile-store.ts';
import { ratingShapeOf, savedValuesOf, storedValuesOf } from './profile-values.ts';
import { profileRowOf, profileRowsOfAgency, toAccountProfile } from './repository.ts';
import { riskScoresOfRows } from './risk-inputs.ts';

/** How the risk factors are made, as the answer says it. */
const RISK_SOURCE = 'Computed by the console from the account profile, its latest local domain scan and its security answers; no third-party data.';

export const handlers: HandlerModule = (services) => {
  const { db, clock } = services;

  const visibleOr404 = async (caller: Caller, id: string, queryable: Queryable = db, lock = false) => {
    const account = await findVisibleBusinessAccount(queryable, caller, id, lock);
    if (!account) throw notFound(MESSAGES.accountNotFound);
    return account;
  };

  /** The account within the caller's tenant, in the request's edition (the form's shape is the edition's). */
  const editableOr404 = async (caller: Caller, id: string, edition: Edition, queryable: Queryable) => {
    const account = await visibleOr404(caller, id, queryable, true);
    if (account.edition !== edition) throw new HttpError(409, PROFILE_TEXTS.otherEdition(account.edition));
    return account;
  };

  const profileOf = async (accountId: string, queryable: Queryable = db) => toAccountProfile(queryable, await profileRowOf(queryable, accountId));

  const proFlags = (request: { query: unknown }) => ({ proProduct: (request.query as { product?: string }).product === PRO_PRODUCT });

  return {
    async getAccountProfile(request) {
      const account = await visibleOr404(callerOf(request), request.params.id);
      return profileOf(account.id);
    },

    updateAccountProfile: withRuleFlags(proFlags, async (request) => {
      const caller = callerOf(request);
      const edition = editionOf(request);
      const body = checkedBodyOf(request) as Record<string, unknown>;
      const shown = checkedFieldsOf(request);
      await refuseBadDomains(db, body, shown);
      const saved = await db.transaction(async (tx) => {
        const account = await editableOr404(caller, request.params.id, edition, tx);
        const { effects } = await saveAccountProfile(tx, clock, {
          caller, accountId: account.id, edition, body, shown, address: request.ip, product: request.query.product ?? null,
        });
        return { profile: await profileOf(account.id, tx), effects };
      });
      return { ...saved.profile, message: PROFILE_TEXTS.updated, quotesInvalidated: saved.effects.invalidated.length, quotesReferred: saved.effects.referred.length };
    }),

    async precheckAccountProfile(request) {
      const caller = callerOf(request);
      const edition = editionOf(request);
      const account = await editableOr404(caller, request.params.id, edition, db);
      // The same check the save makes (the form, as published), so the answer is about what would be saved.
      const checked = await checkWithDefinitionShown(services, request, 'account-profile', request.body as Record<string, unknown>, proFlags(request));
      const row = await profileRowOf(db, account.id);
      const before = storedValuesOf(row);
      const after = await withStoredCodes(db, edition, savedValuesOf(before, checked.data, new Set(checked.fields), edition));
      const changedFields = changedRatingFields(ratingShapeOf(before), ratingShapeOf(after));
      return { ...(await precheckQuoteEffects(db, account.id, changedFields)), changedFields };
    },

    async verifyAccountProfile(request) {
      const caller = callerOf(request);
      return db.transaction(async (tx) => {
        const account = await visibleOr404(caller, request.params.id, tx, true);
        const row = await profileRowOf(tx, account.id);
        // From unchecked to checked once (spec 002 section 4): verifying again changes nothing.
        if (row.is_verified_by_agent !== true) {
          const at = clock.now();
          await tx.query(
            `INSERT INTO account_profiles (account_id, is_verified_by_agent, verified_date, verified_by, modified_at, modified_by) VALUES ($1, true, $2, $3, $2, $3)
             ON CONFLICT (account_id) DO UPDATE SET is_verified_by_agent = true, verified_date = $2, verified_by = $3`,
            [account.id, at, caller.userId],
          );
          await audit(tx, clock, { actorUserId: caller.userId, action: 'account.profile.verify', target: account.id, address: request.ip, detail: { name: account.name } });
        }
        return profileOf(account.id, tx);
      });
    },

    async updatePolicyContact(request) {
      const caller = callerOf(request);
      const edition = editionOf(request);
      const body = checkedBodyOf(request);
      return db.transaction(async (tx) => {
        const account = await editableOr404(caller, request.params.id, edition, tx);
        const row = await profileRowOf(tx, account.id, true);
        const before = storedValuesOf(row);
        const after = savedValuesOf(before, body as Record<string, unknown>, checkedFieldsOf(request), edition);
        await tx.query(
          `INSERT INTO account_profiles (account_id, policy_contact_first_name, policy_contact_last_name, policy_contact_email, policy_contact_phone, modified_at, modified_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (account_id) DO UPDATE SET policy_contact_first_name = $2, policy_contact_last_name = $3, policy_contact_email = $4,
             policy_contact_phone = $5, modified_at = $6, modified_by = $7`,
          [account.id, after.policyContactFirstName, after.policyContactLastName, after.policyContactEmail, after.policyContactPhone, clock.now(), caller.userId],
        );
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'account.policy-contact.update', target: account.id, address: request.ip,
          detail: {
            from: { firstName: before.policyContactFirstName, lastName: before.policyContactLastName, email: before.policyContactEmail },
            to: { firstName: after.policyContactFirstName, lastName: after.policyContactLastName, email: after.policyContactEmail },
          },
        });
        return profileOf(account.id, tx);
      });
    },

    async checkAccountDomain(request) {
      return checkDomains(db, request.query.domains, { single: request.query.field === 'domainName' });
    },

    async getAccountRiskFactors(request) {
      const account = await visibleOr404(callerOf(request), request.params.id);
      const row = await profileRowOf(db, account.id);
      // The portfolio is the managing agency's client accounts (the account alone when no agency manages it).
      const portfolio = row.agency_id ? await profileRowsOfAgency(db, row.agency_id) : [row];
      const year = clock.now().getUTCFullYear();
      const scores = await riskScoresOfRows(db, portfolio.some((other) => other.id === row.id) ? portfolio : [...portfolio, row], year);
      const own = scores.get(row.id)!;
      const aggregates = [...scores.values()].map((score) => score.companyAggregate);
      return {
        accountId: row.id,
        factors: own.factors,
        companyAggregate: own.companyAggregate,
        industryAggregate: own.industryAggregate,
        portfolioAggregate: Math.round(aggregates.reduce((sum, value) => sum + value, 0) / aggregates.length),
        industry: own.industryLabel,
        portfolioSize: aggregates.length,
        source: RISK_SOURCE,
        scanSource: row.domain_name ? 'local scan' : null,
      };
    },

    async searchAdditionalInsureds(request) {
      const account = await visibleOr404(callerOf(request), request.query.accountId);
      const { accountId: _accountId, ...query } = request.query;
      return listAdditionalInsureds(db, account.id, query);
    },

    async createAdditionalInsured(request, reply) {
      const caller = callerOf(request);
      const edition = editionOf(request);
      const body = checkedBodyOf(request);
      const created = await db.transaction(async (tx) => {
        const account = await editableOr404(caller, request.params.id, edition, tx);
        const code = await storedIndustryCode(tx, edition, String((edition === 'uk' ? body.sicCode : body.naicsCode) ?? ''));
        const values = insuredValuesOf(body as Record<string, unknown>, edition, code ?? '');
        const id = await insertAdditionalInsured(tx, account.id, values, caller.userId, clock.now());
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'account.additional-insured.create', target: account.id, address: request.ip,
          detail: { additionalInsuredId: id, businessName: values.businessName },
        });
        return toAdditionalInsured((await findAdditionalInsured(tx, id))!);
      });
      return reply.code(201).send(created);
    },

    async getAdditionalInsured(request) {
      const insured = await findAdditionalInsured(db, request.params.id);
      if (!insured) throw notFound();
      await visibleOr404(callerOf(request), insured.account_id);
      return toAdditionalInsured(insured);
    },

    async updateAdditionalInsured(request) {
      const caller = callerOf(request);
      const edition = editionOf(request);
      const body = checkedBodyOf(request);
      return db.transaction(async (tx) => {
        const insured = await findAdditionalInsured(tx, request.params.id, true);
        if (!insured) throw notFound();
        await editableOr404(caller, insured.account_id, edition, tx).catch((error: unknown) => {
          throw error instanceof HttpError && error.statusCode === 404 ? notFound() : error;
        });
        const code = await storedIndustryCode(tx, edition, String((edition === 'uk' ? body.sicCode : body.naicsCode) ?? ''));
        const values = insuredValuesOf(body as Record<string, unknown>, edition, code ?? '');
        await updateAdditionalInsured(tx, insured.id, values, caller.userId, clock.now());
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'account.additional-insured.update', target: insured.account_id, address: request.ip,
          detail: { additionalInsuredId: insured.id, from: { businessName: insured.business_name }, to: { businessName: values.businessName } },
        });
        return toAdditionalInsured((await findAdditionalInsured(tx, insured.id))!);
      });
    },

    async deleteAdditionalInsured(request) {
      const caller = callerOf(request);
      await db.transaction(async (tx) => {
        const insured = await findAdditionalInsured(tx, request.params.id, true);
        if (!insured) throw notFound();
        await visibleOr404(caller, insured.account_id, tx).catch((error: unknown) => {
          throw error instanceof HttpError && error.statusCode === 404 ? notFound() : error;
        });
        await tx.query('DELETE FROM account_additional_insureds WHERE id = $1', [insured.id]);
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'account.additional-insured.delete', target: insured.account_id, address: request.ip,
          detail: { additionalInsuredId: insured.id, businessName: insured.business_name },
        });
      });
      return { message: PROFILE_TEXTS.insuredRemoved };
    },

    async searchAccountNotes(request) {
      const account = await visibleOr404(callerOf(request), request.query.accountId);
      const { accountId: _accountId, ...query } = request.query;
      return listAccountNotes(db, account.id, query);
    },

    async createAccountNote(request, reply) {
      const caller = callerOf(request);
      const body = checkedBodyOf(request);
      const note = await db.transaction(async (tx) => {
        const account = await visibleOr404(caller, request.params.id, tx, true);
        const saved = await insertAccountNote(tx, account.id, { text: body.note ?? '', noteType: body.noteType ?? 'GENERAL' }, caller.userId, clock.now());
        await audit(tx, clock, {
          actorUserId: caller.userId, action: 'account.note.create', target: account.id, address: request.ip,
          detail: { noteId: saved.id, noteType: saved.noteType, length: saved.note.length },
        });
        return saved;
      });
      return reply.code(201).send(note);
    },
  };
};

