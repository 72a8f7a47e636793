import { describe, expect, it } from 'vitest';
import {
  applyP250Change,
  createP250State,
  p250RatingInput,
  p250StateOfRequest,
  rateQuote,
  type EditionId,
  type P250Account,
  type P250Change,
  type P250State,
  type StoredQuoteRequest,
} from '../../../engine/index.ts';
import { expectRated, raterFor } from './rater-support.ts';

const TODAY = '2026-11-22';

/** The request the editor sends for a state (renderers/quoting/quote-request.ts, without the extras). */
function requestOf(state: P250State, preset: string): StoredQuoteRequest {
  const input = p250RatingInput(state);
  return {
    product: state.product, preset, effectiveDate: state.global.effectiveDate, endDate: state.global.endDate, aggLimit: state.global.limit,
    deductible: state.global.deductible, waitingPeriod: input.waitingPeriod ?? null, retroActivePeriod: input.retroActivePeriod ?? null, coverages: input.coverages,
  };
}

interface RoundTrip {
  name: string;
  edition: EditionId;
  product: string;
  account: P250Account;
  changes: P250Change[];
}

/**
 * An underwriter edits the terms a quote was rated on: the state read back from the stored request rates to
 * the very premium of the state that made it, whatever the agent changed, in both editions.
 */
const ROUND_TRIPS: RoundTrip[] = [
  { name: 'US P250 as created', edition: 'us', product: 'P250', account: { state: 'CA', industryCode: '541211', revenue: 4_500_000 }, changes: [] },
  {
    name: 'US P250 with a higher limit, a coverage dropped and a sublimit lowered',
    edition: 'us', product: 'P250', account: { state: 'NY', industryCode: '541512', revenue: 9_000_000 },
    changes: [{ type: 'limit', value: 3_000_000 }, { type: 'deductible', value: 50_000 }, { type: 'coverage', id: 15, field: 'selected', value: false }, { type: 'retroActivePeriod', value: 2 }],
  },
  { name: 'UK Prime One with a larger excess', edition: 'uk', product: 'P_ONE', account: { state: 'ENG', industryCode: '62020', revenue: 3_000_000 }, changes: [{ type: 'deductible', value: 5_000 }] },
];

describe('the editor state of a stored request', () => {
  it.each(ROUND_TRIPS)('$name: rates to the same premium and keeps the options', ({ edition, product, account, changes }) => {
    const rater = raterFor(edition);
    let original = createP250State({ product, account, today: TODAY }, rater);
    for (const change of changes) {
      original = applyP250Change(original, change, rater);
      expect(original.ui.errors).toEqual({});
    }
    const preset = changes.length === 0 ? 'POPULAR' : 'CUSTOM';
    const read = p250StateOfRequest(requestOf(original, preset), account, TODAY, rater);
    expect(expectRated(read.rating).totalPremium).toBe(expectRated(original.rating).totalPremium);
    expect(read.global).toMatchObject({ limit: original.global.limit, deductible: original.global.deductible, retroActivePeriod: original.global.retroActivePeriod, preset: original.global.preset });
    expect(p250RatingInput(read).coverages).toEqual(p250RatingInput(original).coverages);
  });

  it('a request made through the API naming no coverages is read as the rater rates it: mandatory coverages only, custom preset', () => {
    const rater = raterFor('us');
    const account = { state: 'TX', industryCode: '541512', revenue: 5_000_000 };
    const read = p250StateOfRequest({ product: 'P250', preset: 'NOT-A-PRESET', effectiveDate: '2026-12-01', aggLimit: 2_000_000, deductible: 25_000, waitingPeriod: 12, retroActivePeriod: -1, coverages: {} }, account, TODAY, rater);
    const selected = Object.values(read.coverages).filter((coverage) => coverage.selected);
    expect(selected.length).toBeGreaterThan(0);
    expect(selected.every((coverage) => coverage.mandatory)).toBe(true);
    expect(read.global).toMatchObject({ preset: -1, limit: 2_000_000, effectiveDate: '2026-12-01', endDate: '2027-12-01' });
    const rated = expectRated(read.rating);
    expect(rated.totalPremium).toBe(expectRated(rateQuote({ ...p250RatingInput(read), coverages: {} }, rater)).totalPremium);
  });

  it('clamps a value the options no longer offer and keeps an effective date that has left the start window', () => {
    const rater = raterFor('us');
    const read = p250StateOfRequest({ product: 'P250', effectiveDate: '2026-10-01', aggLimit: 1_200_000, deductible: 26_000, coverages: {} }, { state: 'CA', industryCode: '541211', revenue: 4_500_000 }, TODAY, rater);
    expect(read.global).toMatchObject({ limit: 1_000_000, deductible: 25_000, effectiveDate: '2026-10-01', endDate: '2027-10-01' });
  });
});
