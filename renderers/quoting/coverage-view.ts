import type { CatalogueCoverage, EndorsementAvailability, P250CoverageState, P250State } from '../../engine/index.ts';
import { ENDORSEMENT_COVERAGE_KEYS } from './endorsement-coverages.ts';

/** Why a coverage's box cannot be changed; the text is shown beside it and as its tooltip. */
export const COVERAGE_LOCK_TEXTS = {
  locked: 'Included and locked',
  mandatory: 'Mandatory',
  answers: 'Not available: the security answers do not qualify',
} as const;

export interface CoverageRowView {
  coverage: P250CoverageState;
  /** The selected box cannot be changed (mandatory, locked, ineligible, or refused by the security answers). */
  fixed: boolean;
  /** Why, when fixed (the eligibility tooltips verbatim: 'State Not Supported', 'Not Available For Industry / State!'). */
  reason?: string;
  /** The coverage's own options can be changed: it is chosen and not locked. */
  optionsEnabled: boolean;
}

export interface CoverageGroupView {
  group: number;
  label: string;
  rows: CoverageRowView[];
}

/** Eligibility of each coverage id from the product's endorsement eligibility (engine endorsementEligibility). */
export function coverageEligibility(
  eligibility: Record<string, EndorsementAvailability>,
  coverages: Iterable<Pick<CatalogueCoverage, 'id' | 'key'>>,
): Map<number, EndorsementAvailability> {
  const byKey = new Map([...coverages].map((coverage) => [coverage.key, coverage.id]));
  const result = new Map<number, EndorsementAvailability>();
  for (const [name, availability] of Object.entries(eligibility)) {
    const id = byKey.get(ENDORSEMENT_COVERAGE_KEYS[name] ?? '');
    if (id !== undefined) result.set(id, availability);
  }
  return result;
}

/** One coverage's row: a pure function of its state and eligibility (the rater decides the values). */
export function coverageRowView(coverage: P250CoverageState, eligibility?: EndorsementAvailability): CoverageRowView {
  const reason = coverage.locked
    ? COVERAGE_LOCK_TEXTS.locked
    : coverage.mandatory
      ? COVERAGE_LOCK_TEXTS.mandatory
      : eligibility && !eligibility.eligible
        ? eligibility.tooltip
        : coverage.answered && !coverage.valid
          ? COVERAGE_LOCK_TEXTS.answers
          : undefined;
  return { coverage, fixed: reason !== undefined, ...(reason ? { reason } : {}), optionsEnabled: coverage.selected && !coverage.locked };
}

/** The coverages by catalogue group (First Party, Third Party, Endorsements, ...), each in its catalogue order. */
export function coverageGroups(
  state: Pick<P250State, 'coverages'>,
  groups: ReadonlyArray<{ group: number; label: string }>,
  eligibility: ReadonlyMap<number, EndorsementAvailability>,
): CoverageGroupView[] {
  const coverages = Object.values(state.coverages) as P250CoverageState[];
  return [...groups]
    .sort((a, b) => a.group - b.group)
    .map(({ group, label }) => ({
      group,
      label,
      rows: coverages
        .filter((coverage) => coverage.group === group)
        .sort((a, b) => a.order - b.order)
        .map((coverage) => coverageRowView(coverage, eligibility.get(coverage.id))),
    }))
    .filter((view) => view.rows.length > 0);
}

/**
 * Why coverages are not selected because of the security answers (the editor's "why" list): each
 * answered-but-invalid coverage with the questions whose answers decide it, by their form titles.
 */
export function unselectedByAnswers(
  state: Pick<P250State, 'coverages'>,
  catalogue: ReadonlyMap<number, Pick<CatalogueCoverage, 'securityQuestions'>>,
  questionTitles: Readonly<Record<string, string>>,
): string[] {
  return (Object.values(state.coverages) as P250CoverageState[])
    .filter((coverage) => coverage.answered && !coverage.valid && !coverage.selected)
    .sort((a, b) => a.group - b.group || a.order - b.order)
    .map((coverage) => {
      const questions = (catalogue.get(coverage.id)?.securityQuestions ?? []).map((question) => questionTitles[question] ?? question);
      return questions.length
        ? `${coverage.label} is not selected: the answers to ${joinWords(questions)} do not qualify.`
        : `${coverage.label} is not selected: the security answers do not qualify.`;
    });
}

/** 'a', 'a and b', 'a, b and c'. */
export function joinWords(words: string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}
