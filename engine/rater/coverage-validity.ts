import type { CatalogueCoverage, CoverageCatalogueDefinition } from '../definitions/rater-types.ts';
import { evaluateLogic } from '../rules/evaluate-logic.ts';
import type { JsonLogic } from '../definitions/types.ts';

export interface CoverageValidity {
  /** Every security question of the coverage has an answer (non-null). */
  answered: boolean;
  /** The answers qualify; an unanswered coverage is not (yet) valid. */
  valid: boolean;
}

/** 'Yes', 'YES' and true are all yes: the P250 form answers booleans, the application Yes/No texts. */
function normalized(answers: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(answers)) {
    if (typeof value === 'string' && /^(yes|no)$/i.test(value.trim())) result[field] = value.trim().toLowerCase() === 'yes';
    else result[field] = value;
  }
  return result;
}

/**
 * Whether each coverage with security questions is answered and valid. A coverage counts as answered
 * when its questions are non-null; an answered-but-invalid coverage must be unselected.
 */
export function coverageValidity(
  securityAnswers: Record<string, unknown> | null | undefined,
  catalogue: Pick<CoverageCatalogueDefinition, 'coverages'>,
): Record<number, CoverageValidity> {
  const answers = normalized(securityAnswers ?? {});
  // The rules are the catalogue's data (validWhen), so underwriting changes them in the studio.
  const rules: Array<Pick<CatalogueCoverage, 'id' | 'securityQuestions' | 'validWhen'>> = catalogue.coverages.filter((coverage) => coverage.securityQuestions?.length);
  const result: Record<number, CoverageValidity> = {};
  for (const rule of rules) {
    const answered = (rule.securityQuestions ?? []).every((question) => answers[question] !== null && answers[question] !== undefined && answers[question] !== '');
    const valid = answered && (rule.validWhen === undefined || Boolean(evaluateLogic(rule.validWhen as JsonLogic, answers)));
    result[rule.id] = { answered, valid };
  }
  return result;
}
