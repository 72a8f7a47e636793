import { coverageValidity } from '../../../engine/index.ts';
import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { checkedBodyOf } from '../../form-check/checked-body.ts';
import { MESSAGES, notFound } from '../../http/http-error.ts';
import type { Caller } from '../../services.ts';
import { clientAccountCondition, tenantScopeOf } from '../../tenancy/tenant-scope.ts';
import { publishedRater } from '../quotes/quote-rating.ts';
import { questionnaireAnswers, type Questionnaire } from './questionnaires.ts';

/** Spec 002 section 8 and section 3 'Social engineering answers'. */
export const ANSWER_TEXTS = {
  socialEngineeringAdded: 'Social Engineering Endorsement Added',
  securitySaved: 'Security questions saved',
  questionnaireSaved: 'Application saved',
  /** Why the endorsement is unavailable, one per question answered no. */
  socialEngineeringReasons: {
    isVerifyingBankAccounts: 'Vendor and supplier bank accounts are not verified before they are added to payment systems.',
    isAuthenticatingFundTransferRequests: 'Funds transfer requests are not authenticated by a method other than the one they came in on.',
    isPreventingUnauthorizedWireTransfers: 'Employees who are not authorized can initiate or approve wire transfers.',
  },
} as const;

async function findClientAccount(db: Queryable, caller: Caller, accountId: string): Promise<{ id: string; edition: 'us' | 'uk' } | null> {
  const params = new SqlParams();
  const id = params.add(accountId, 'uuid');
  const visible = clientAccountCondition(tenantScopeOf(caller), { id: 'a.id', agency: 'a.agency_id', type: 'a.account_type' }, params);
  const [row] = await db.query<{ id: string; edition: 'us' | 'uk' }>(`SELECT a.id, a.edition FROM accounts a WHERE a.id = ${id} AND ${visible}`, params.values);
  return row ?? null;
}

/**
 * What a client account answered, saved on the account and read by every quote of it (the rater's
 * security credits, the P250 editor's coverage validity). The bodies were checked by the bound forms.
 */
export const handlers: HandlerModule = ({ db, clock, definitions }) => {
  async function account(caller: Caller, accountId: string) {
    const found = await findClientAccount(db, caller, accountId);
    if (!found) throw notFound(MESSAGES.accountNotFound);
    return found;
  }

  async function securityAnswersOf(accountId: string): Promise<Record<string, unknown>> {
    const [row] = await db.query<{ answers: Record<string, unknown> }>('SELECT answers FROM account_security_answers WHERE account_id = $1', [accountId]);
    return row?.answers ?? {};
  }

  async function saveSecurityAnswers(caller: Caller, accountId: string, answers: Record<string, unknown>, action: string, address: string) {
    await db.transaction(async (tx) => {
      const [before] = await tx.query<{ answers: Record<string, unknown> }>('SELECT answers FROM account_security_answers WHERE account_id = $1 FOR UPDATE', [accountId]);
      const merged = { ...(before?.answers ?? {}), ...answers };
      await tx.query(
        `INSERT INTO account_security_answers (account_id, answers, modified_at, modified_by) VALUES ($1, $2, $3, $4)
         ON CONFLICT (account_id) DO UPDATE SET answers = EXCLUDED.answers, modified_at = EXCLUDED.modified_at, modified_by = EXCLUDED.modified_by`,
        [accountId, JSON.stringify(merged), clock.now(), caller.userId],
      );
      await audit(tx, clock, { actorUserId: caller.userId, action, target: accountId, address, detail: { from: before?.answers ?? null, to: merged } });
    });
  }

  async function securityAnswer(accountId: string, edition: 'us' | 'uk', message?: string) {
    const answers = await securityAnswersOf(accountId);
    const rater = await publishedRater(definitions, edition);
    const validity = coverageValidity(answers, rater.catalogue);
    const coverageValidityById = Object.fromEntries(Object.entries(validity).map(([id, { answered, valid }]) => [id, answered ? valid : null]));
    return { answers, coverageValidity: coverageValidityById, ...(message ? { message } : {}) };
  }

  const questionnaire = (accountId: string, which: Questionnaire) => questionnaireAnswers(db, accountId, which);

  async function saveQuestionnaire(caller: Caller, accountId: string, which: Questionnaire, answers: Record<string, unknown>, address: string) {
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO account_questionnaires (account_id, questionnaire, answers, modified_at, modified_by) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (account_id, questionnaire) DO UPDATE SET answers = EXCLUDED.answers, modified_at = EXCLUDED.modified_at, modified_by = EXCLUDED.modified_by`,
        [accountId, which, JSON.stringify(answers), clock.now(), caller.userId],
      );
      await audit(tx, clock, { actorUserId: caller.userId, action: `account.questionnaire.${which}`, target: accountId, address, detail: { fields: Object.keys(answers).length } });
    });
    return questionnaire(accountId, which);
  }

  return {
    async getSecurityQuestions(request) {
      const found = await account(callerOf(request), request.params.accountId);
      return securityAnswer(found.id, found.edition);
    },

    async saveSecurityQuestions(request) {
      const caller = callerOf(request);
      const found = await account(caller, request.params.accountId);
      await saveSecurityAnswers(caller, found.id, checkedBodyOf(request) as Record<string, unknown>, 'account.security-questions', request.ip);
      return securityAnswer(found.id, found.edition, ANSWER_TEXTS.securitySaved);
    },

    async saveSocialEngineering(request) {
      const caller = callerOf(request);
      const found = await account(caller, request.params.accountId);
      const { accountId: _ignored, ...answers } = checkedBodyOf(request) as Record<string, unknown>;
      await saveSecurityAnswers(caller, found.id, answers, 'account.social-engineering', request.ip);
      const reasons = (Object.keys(ANSWER_TEXTS.socialEngineeringReasons) as Array<keyof typeof ANSWER_TEXTS.socialEngineeringReasons>)
        .filter((question) => answers[question] !== true)
        .map((question) => ANSWER_TEXTS.socialEngineeringReasons[question]);
      return { socialEngineering: reasons.length === 0, reasons, ...(reasons.length === 0 ? { message: ANSWER_TEXTS.socialEngineeringAdded } : {}) };
    },

    async getAccountQuestions(request) {
      const found = await account(callerOf(request), request.params.accountId);
      return questionnaire(found.id, 'cyber');
    },

    async updateAccountQuestions(request) {
      const caller = callerOf(request);
      const found = await account(caller, request.params.accountId);
      return saveQuestionnaire(caller, found.id, 'cyber', checkedBodyOf(request) as Record<string, unknown>, request.ip);
    },

    async getAccountTechQuestions(request) {
      const found = await account(callerOf(request), request.params.accountId);
      return questionnaire(found.id, 'tech-eo');
    },

    async updateAccountTechQuestions(request) {
      const caller = callerOf(request);
      const found = await account(caller, request.params.accountId);
      return saveQuestionnaire(caller, found.id, 'tech-eo', checkedBodyOf(request) as Record<string, unknown>, request.ip);
    },
  };
};
