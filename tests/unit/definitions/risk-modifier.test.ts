import { describe, expect, it } from 'vitest';
import { IRPM_CHARACTERISTICS, irpmBoundsOf, raterDefinitionsOf, type FormDefinition, type JsonSchema } from '../../../engine/index.ts';
import { messagesOf, registry, runtimeFor } from '../../support/registry.ts';

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
