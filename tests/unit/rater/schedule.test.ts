import { describe, expect, it } from 'vitest';
import { Decimal, minorToDecimalText, rateQuote, toMinor, withQuoteFees, type RatingInput } from '../../../engine/index.ts';
import { expectRated, raterFor } from './rater-support.ts';

/**
 * The schedule of record: every sample risk of both editions rates to a schedule whose lines add up to the
 * rater's total to the penny, whose coverages carry the values the P250 editor shows (public relations at
 * its share of the aggregate, spec 002 section 9), and whose taxes are named.
 */
const samples = (['us', 'uk'] as const).flatMap((edition) => raterFor(edition).sampleRisks.map((risk) => ({ edition, id: risk.id, input: risk.input as unknown as RatingInput })));

describe('the schedule of record', () => {
  it.each(samples)('$edition $id: the lines add up to the total, to the cent', ({ edition, input }) => {
    const rating = expectRated(rateQuote(structuredClone(input), raterFor(edition)));
    const { schedule } = rating;
    expect(schedule.premiumMinor).toBe(toMinor(rating.premium));
    const lines = [schedule.premiumMinor, ...schedule.fees.map((line) => line.amountMinor), ...schedule.taxes.map((line) => line.amountMinor)];
    expect(lines.reduce((a, b) => a + b, 0)).toBe(schedule.totalMinor);
    expect(minorToDecimalText(schedule.totalMinor)).toBe(rating.totalPremium);
    expect(schedule.currency).toBe(rating.currency);
    expect(schedule.tableVersions).toEqual(rating.tableVersions);
    expect(schedule.coverages.length).toBeGreaterThan(0);
    for (const coverage of schedule.coverages) expect(coverage.limit).toBeLessThanOrEqual(input.aggLimit);
  });

  // Spec 002 section 9: 'Public relations coverage share: fixed 50,000 in NY and WA, else 5% of the limit.' The UK
  // edition has no state with a fixed share.
  it.each([
    { edition: 'us', product: 'P250', riskState: 'CA', aggLimit: 2_000_000, expected: 100_000 },
    { edition: 'us', product: 'P250', riskState: 'NY', aggLimit: 2_000_000, expected: 50_000 },
    { edition: 'us', product: 'P250', riskState: 'TX', aggLimit: 5_000_000, expected: 250_000 },
    { edition: 'uk', product: 'P_ONE', riskState: 'ENG', aggLimit: 1_000_000, expected: 50_000 },
    { edition: 'uk', product: 'P_ONE', riskState: 'SCT', aggLimit: 2_000_000, expected: 100_000 },
  ] as const)('$edition $product in $riskState at $aggLimit: public relations expense is $expected', ({ edition, product, riskState, aggLimit, expected }) => {
    const rater = raterFor(edition);
    const sample = rater.sampleRisks.find((risk) => (risk.input as unknown as RatingInput).product === product)!;
    const input = { ...structuredClone(sample.input as unknown as RatingInput), riskState, aggLimit };
    const schedule = expectRated(rateQuote(input, rater)).schedule;
    const publicRelations = schedule.coverages.find((coverage) => coverage.key === 'PUBLIC_RELATIONS');
    expect(publicRelations?.label).toBe('Public Relations Expense');
    expect(publicRelations?.limit).toBe(expected);
  });

  it('a UK schedule names Insurance Premium Tax and its administration fee; a US admitted one has no tax', () => {
    const uk = raterFor('uk');
    const ukSample = uk.sampleRisks.find((risk) => (risk.input as unknown as RatingInput).product === 'P_ONE')!;
    const ukSchedule = expectRated(rateQuote(structuredClone(ukSample.input as unknown as RatingInput), uk)).schedule;
    expect(ukSchedule.taxes.map((line) => line.name)).toEqual(['Insurance Premium Tax']);
    expect(ukSchedule.fees.map((line) => line.name)).toEqual(['Administration fee']);
    // 12% of premium plus fees, rounded to the penny.
    const taxable = Decimal.from(minorToDecimalText(ukSchedule.premiumMinor)).plus(Decimal.from(25));
    expect(ukSchedule.taxes[0]!.amountMinor).toBe(toMinor(taxable.times(Decimal.from('0.12'))));

    const us = raterFor('us');
    const usSample = us.sampleRisks.find((risk) => (risk.input as unknown as RatingInput).product === 'P100')!;
    const usSchedule = expectRated(rateQuote({ ...structuredClone(usSample.input as unknown as RatingInput), isSurplus: false }, us)).schedule;
    expect(usSchedule.taxes).toEqual([]);
    expect(usSchedule.fees).toEqual([{ name: 'Policy fee', amountMinor: 5000 }]);
  });

  it('retroactive periods of whole years carry their date; full prior acts carries none', () => {
    const rater = raterFor('us');
    const sample = rater.sampleRisks.find((risk) => risk.id === 'p250-all-coverages')!;
    const input = { ...structuredClone(sample.input as unknown as RatingInput), effectiveDate: '2026-12-15', retroActivePeriod: 2 };
    const retro = expectRated(rateQuote(input, rater)).schedule.coverages.filter((coverage) => coverage.retroActivePeriod !== undefined);
    expect(retro.length).toBeGreaterThan(0);
    for (const coverage of retro) expect(coverage).toMatchObject({ retroActivePeriod: 2, retroActiveDate: '2024-12-15' });
    const fullPriorActs = expectRated(rateQuote({ ...input, retroActivePeriod: -1 }, rater)).schedule.coverages.filter((coverage) => coverage.retroActivePeriod !== undefined);
    for (const coverage of fullPriorActs) expect(coverage.retroActiveDate).toBeUndefined();
  });

  it.each([
    { fees: { brokerFee: '150.00', additionalBrokerFee: 0, mgaFee: '75.5' }, names: ['Broker Fee', 'MGA Fee'], added: 22550 },
    { fees: { brokerFee: 0, additionalBrokerFee: '0.01', mgaFee: 0 }, names: ['Additional Broker Fee'], added: 1 },
    { fees: { brokerFee: 0, additionalBrokerFee: 0, mgaFee: 0 }, names: [], added: 0 },
  ])('quote fees $names become named fee lines and the total follows exactly', ({ fees, names, added }) => {
    const rater = raterFor('uk');
    const sample = rater.sampleRisks[0]!;
    const rated = expectRated(rateQuote(structuredClone(sample.input as unknown as RatingInput), rater)).schedule;
    const schedule = withQuoteFees(rated, fees);
    expect(schedule.fees.slice(rated.fees.length).map((line) => line.name)).toEqual(names);
    expect(schedule.totalMinor).toBe(rated.totalMinor + added);
    expect(schedule.coverages).toBe(rated.coverages);
  });

  it.each([
    ['0.1', 10], ['0.005', 1], ['-0.005', -1], ['1234.565', 123457], ['999999999999.99', 99999999999999], [0.3, 30],
  ] as const)('toMinor(%s) is %i exactly', (amount, minor) => {
    expect(toMinor(amount)).toBe(minor);
  });

  it.each([[0, '0.00'], [5, '0.05'], [123456, '1234.56'], [-250, '-2.50']])('minorToDecimalText(%i) is %s', (minor, text) => {
    expect(minorToDecimalText(minor)).toBe(text);
  });
});

describe('a term other than a year', () => {
  const rater = raterFor('us');
  const base = () => structuredClone(rater.sampleRisks.find((risk) => risk.id === 'p250-all-coverages')!.input as unknown as RatingInput);

  // Spec 002 section 9: the end date lies 6 to 18 months after the effective date; the premium follows the days covered.
  it.each([
    { endDate: '2027-12-01', days: null },
    { endDate: '2028-06-01', days: '548 of 365 days' },
    { endDate: '2027-06-01', days: '182 of 365 days' },
  ])('ending $endDate is priced for $days', ({ endDate, days }) => {
    const annual = expectRated(rateQuote(base(), rater));
    const rated = expectRated(rateQuote({ ...base(), endDate }, rater));
    const step = rated.trace.find((candidate) => candidate.step === 'Policy term');
    if (days === null) {
      expect(step).toBeUndefined();
      expect(rated.premium).toBe(annual.premium);
      return;
    }
    expect(step?.source.row).toBe(days);
    const [covered, , year] = days.split(' ').map(Number) as [number, unknown, number];
    // The annual premium times the days covered over the year's, to the cent (no minimum premium is reached here).
    const expected = Decimal.from(annual.premium);
    expect(Math.abs(toMinor(rated.premium) - toMinor(expected.times(Decimal.from(covered)).dividedBy(Decimal.from(year))))).toBeLessThanOrEqual(1);
    // Fees are per policy, not per day.
    expect(rated.schedule.fees).toEqual(annual.schedule.fees);
  });

  it.each([
    { endDate: '2026-12-01', text: 'The end date must be after the effective date.' },
    { endDate: '2027-13-01', text: 'The end date 2027-13-01 is not a YYYY-MM-DD date.' },
  ])('refuses an end date $endDate', ({ endDate, text }) => {
    expect(rateQuote({ ...base(), endDate }, rater)).toMatchObject({ ok: false, code: 'invalid-input', field: 'endDate', reason: text });
  });
});
