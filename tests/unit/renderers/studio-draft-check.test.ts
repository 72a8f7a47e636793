import { describe, expect, it } from 'vitest';
import { rateQuote, raterDefinitionsOf, type RatingInput } from '../../../engine/index.ts';
import { readDefinitionFiles } from '../../../engine/node/file-source.ts';
import { checkDraft } from '../../../renderers/studio/draft-check.ts';
import { projectRoot } from '../../support/registry.ts';

/**
 * The studio's check of a draft, for every kind a user can open there: a draft that passes loads in place
 * of the stored document, so the preview shows the draft (a rating table's new factors reach the sample
 * risks' premiums), and a broken one says where.
 */
const base = readDefinitionFiles(projectRoot);
const documentOf = (id: string) => structuredClone(base.definitions.find((entry) => (entry.document as { id?: string }).id === id)!.document) as Record<string, unknown>;
const keyOf = (id: string) => ({ type: 'definition' as const, key: id, id });

describe('a studio draft', () => {
  it.each(['rating-us-limit-factor', 'product-p250', 'coverage-catalogue', 'claim', 'claims-page', 'agency-accounts'])('of %s, unchanged, loads with no fault', (id) => {
    const check = checkDraft(JSON.stringify(documentOf(id)), keyOf(id), base);
    expect(check.faults.filter((fault) => fault.severity === 'error')).toEqual([]);
    expect(check.registry).toBeDefined();
  });

  it("of a rating table is what the preview rates: doubled limit factors raise a sample risk's premium", () => {
    const table = documentOf('rating-us-limit-factor') as { rows: { value: number; factor: number }[] };
    const doubled = { ...table, rows: table.rows.map((row) => ({ ...row, factor: row.factor * 2 })) };
    const stored = checkDraft(JSON.stringify(table), keyOf('rating-us-limit-factor'), base).registry!;
    const drafted = checkDraft(JSON.stringify(doubled), keyOf('rating-us-limit-factor'), base).registry!;
    const risk = raterDefinitionsOf(stored, 'us').sampleRisks.find((each) => each.input.product === 'P250')!;
    const input = { ...(risk.input as unknown as RatingInput), effectiveDate: '2026-01-01' };
    const before = rateQuote(input, raterDefinitionsOf(stored, 'us'));
    const after = rateQuote(input, raterDefinitionsOf(drafted, 'us'));
    expect(before.ok && after.ok).toBe(true);
    if (before.ok && after.ok) expect(Number(after.premium)).toBeGreaterThan(Number(before.premium));
  });

  it('of a rating table with a factor that is not a number says where', () => {
    const table = documentOf('rating-us-limit-factor') as { rows: { value: number; factor: unknown }[] };
    table.rows[0]!.factor = 'high';
    const check = checkDraft(JSON.stringify(table), keyOf('rating-us-limit-factor'), base);
    expect(check.registry).toBeUndefined();
    expect(check.faults.map((fault) => fault.pointer)).toContain('/rows/0/factor');
  });
});
