import { raterDefinitionsOf, type EditionId, type RaterDefinitions, type RatingInput, type RatingOutcome, type RatingResult } from '../../../engine/index.ts';
import { registry } from '../../support/registry.ts';

const cache = new Map<EditionId, RaterDefinitions>();

/** The rater's definitions of an edition as the server and the browser resolve them. */
export function raterFor(edition: EditionId): RaterDefinitions {
  let rater = cache.get(edition);
  if (!rater) {
    rater = raterDefinitionsOf(registry, edition);
    cache.set(edition, rater);
  }
  return rater;
}

/** A shipped sample risk's rating input (a copy, so a case can change it). */
export function sampleInput(id: string): RatingInput {
  for (const edition of ['us', 'uk'] as const) {
    const risk = raterFor(edition).sampleRisks.find((candidate) => candidate.id === id);
    if (risk) return structuredClone(risk.input) as unknown as RatingInput;
  }
  throw new Error(`no sample risk ${id}`);
}

export function expectRated(outcome: RatingOutcome): RatingResult {
  if (!outcome.ok) throw new Error(`refused: ${outcome.code} ${outcome.reason}`);
  return outcome;
}

/** A trace as [step, factor, runningPremium] triples: short enough to write in a table of cases. */
export function traceTriples(result: RatingResult): [string, string, string][] {
  return result.trace.map((step) => [step.step, step.factor, step.runningPremium]);
}
