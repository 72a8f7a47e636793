import type { Queryable } from '../../db/database.ts';

/** The underwriting questionnaires an account answers, each kept whole on the account (account_questionnaires). */
export type Questionnaire = 'cyber' | 'tech-eo';

/** Which questionnaire a product's application form fills (its questionnaire.application). */
export const QUESTIONNAIRE_OF_FORM: Readonly<Record<string, Questionnaire>> = {
  'uw-application-cyber': 'cyber',
  'uw-application-tech-eo': 'tech-eo',
};

/** What an account answered in one questionnaire; nothing yet is an empty object. */
export async function questionnaireAnswers(db: Queryable, accountId: string, which: Questionnaire): Promise<Record<string, unknown>> {
  const [row] = await db.query<{ answers: Record<string, unknown> }>('SELECT answers FROM account_questionnaires WHERE account_id = $1 AND questionnaire = $2', [accountId, which]);
  return row?.answers ?? {};
}
