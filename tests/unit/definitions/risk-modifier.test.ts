import { describe, expect, it } from 'vitest';
import { createRegistry, IRPM_CHARACTERISTICS, irpmBoundsOf, lintRegistry, raterDefinitionsOf, type FormDefinition, type JsonSchema } from '../../../engine/index.ts';
import { readDefinitionFiles } from '../../../engine/node/file-source.ts';
import { messagesOf, projectRoot, registry, runtimeFor } from '../../support/registry.ts';

/**
 * The risk-modifier dialog (spec 002 section 5 'Risk modifier and event exclusion'): each characteristic's range
 * shows before the user types, a value outside it is 'Invalid' under the field, and the range is the one the
 * rating tables hold, so the dialog never refuses what the rater takes nor sends what it refuses.
 */
describe.each(['us', 'uk'] as const)('risk-modifier form (%s)', (edition) => {
  const form = registry.resolve<FormDefinition>('risk-modifier', edition);
  const properties = form.schema.properties as Record<string, JsonSchema>;
  const rater = raterDefinitionsOf(registry, edition);
  const tables = new Set([...rater.products.values()].map((product) => product.rating.irpmBounds));

  it('holds every characteristic to the bounds of every irpm-bounds table of the edition, each version', () => {
    expect(tables.size).toBeGreaterThan(0);
    for (const name of tables) {
      for (const table of rater.tables.get(name) ?? []) {
        for (const bound of irpmBoundsOf(table)) {
          expect({ table: table.id, field: bound.characteristic, min: properties[bound.characteristic]?.minimum, max: properties[bound.characteristic]?.maximum })
            .toEqual({ table: table.id, field: bound.characteristic, min: bound.min, max: bound.max });
        }
      }
    }
  });

  it.each(IRPM_CHARACTERISTICS)('%s shows its range, takes its bounds and says Invalid just outside them', (field) => {
    const { minimum, maximum } = properties[field]!;
    expect((form.uiSchema?.[field] as Record<string, unknown>)['ui:help']).toBe(`From ${minimum}% to ${maximum}%`);
    const runtime = runtimeFor('risk-modifier', edition);
    expect(messagesOf(runtime, { [field]: minimum }, field)).toEqual([]);
    expect(messagesOf(runtime, { [field]: maximum }, field)).toEqual([]);
    expect(messagesOf(runtime, { [field]: Number(minimum) - 0.01 }, field)).toEqual(['Invalid']);
    expect(messagesOf(runtime, { [field]: Number(maximum) + 0.01 }, field)).toEqual(['Invalid']);
    expect(messagesOf(runtime, { [field]: 50 }, field)).toEqual(['Invalid']);
  });
});

describe('a rating table and the dialog changed apart', () => {
  it('refuses the set: a UK irpm-bounds table widened to 25% while the dialog still holds 15% is a lint error naming the row', () => {
    const files = readDefinitionFiles(projectRoot);
    const entry = files.definitions.find((source) => (source.document as { id?: string }).id === 'rating-uk-irpm-bounds')!;
    const rows = (entry.document as { rows: Array<{ characteristic: string; max: number }> }).rows;
    const index = rows.findIndex((row) => row.characteristic === 'drPlanning');
    rows[index]!.max = 25;
    const faults = lintRegistry(createRegistry(files)).filter((fault) => fault.check === 'irpm-dialog-mismatch');
    expect(faults).toEqual([expect.objectContaining({ id: 'rating-uk-irpm-bounds', pointer: `/rows/${index}`, severity: 'error', message: expect.stringMatching(/^\[uk\] drPlanning is -15% to 25% here/) })]);
  });

  it('finds nothing in the shipped definitions', () => {
    expect(lintRegistry(registry).filter((fault) => fault.check === 'irpm-dialog-mismatch')).toEqual([]);
  });
});
