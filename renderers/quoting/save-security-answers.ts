import { run } from '../session/run.ts';
import { messageOf } from './use-quote-actions.ts';
import { QUOTE_FLOW_TEXTS } from './quote-texts.ts';

/** Whether the social engineering endorsement can be added, and if not why (one reason per answer that rules it out). */
export interface SocialEngineeringOutcome {
  available: boolean;
  reasons: string[];
  message?: string;
}

export interface SavedAnswers {
  /** Every answer of the account after the save, which the editor re-rates on. */
  answers: Record<string, unknown>;
  socialEngineering?: SocialEngineeringOutcome;
}

/**
 * Saves a product's security questions through the operation its form is bound to (spec 002 section 3):
 * P250 products ask the full security questions, P100 products the three social engineering questions,
 * whose answer says whether the endorsement is available rather than echoing the answers.
 */
export async function saveSecurityAnswers(
  operation: string | undefined,
  accountId: string,
  payload: Record<string, unknown>,
  before: Record<string, unknown> | undefined,
): Promise<SavedAnswers> {
  if (operation === 'saveSocialEngineering') {
    const { accountId: _bound, ...answers } = payload;
    try {
      const outcome = await run('saveSocialEngineering', { params: { accountId }, body: { ...answers, accountId } as never });
      return {
        answers: { ...(before ?? {}), ...answers },
        socialEngineering: { available: outcome.socialEngineering, reasons: outcome.reasons, message: outcome.message },
      };
    } catch (error) {
      throw new Error(messageOf(error, QUOTE_FLOW_TEXTS.socialEngineeringFailed));
    }
  }
  try {
    const saved = await run('saveSecurityQuestions', { params: { accountId }, body: payload as never });
    return { answers: saved.answers as Record<string, unknown> };
  } catch {
    throw new Error(QUOTE_FLOW_TEXTS.securityFailed);
  }
}
