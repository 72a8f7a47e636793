import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../engine/index.ts';
import { messagesOf, registry, runtimeFor } from '../../support/registry.ts';

const valid = { id: 'q-1', productType: 'P250', reasonSummary: 'Price is High', reason: 'Incumbent renewed cheaper' };

describe('quote-lost-reason form', () => {
  it('offers the loss reasons of the spec and binds saveQuoteLostReason', () => {
    const form = registry.resolve<FormDefinition>('quote-lost-reason', 'us');
    const summary = (form.schema.properties as Record<string, { oneOf: { const: string; title: string }[] }>).reasonSummary!;
    expect(summary.oneOf.map((option) => option.const)).toEqual([
      'Price is High', 'Coverage / Limit not enough', 'Do not want Cyber', 'Additional - Paper rating, flexibility', 'Fill-in option',
    ]);
    expect(form.binding?.submit).toBe('saveQuoteLostReason');
    expect(runtimeFor('quote-lost-reason').update(form.sample!).valid).toBe(true);
  });

  it("requires the loss reason ('Loss Reason required') and description ('Reason Description is required')", () => {
    const runtime = runtimeFor('quote-lost-reason');
    const empty = runtime.update({});
    expect(empty.errors.reasonSummary?.[0]?.message).toBe('Loss Reason required');
    expect(empty.errors.reason?.[0]?.message).toBe('Reason Description is required');
    expect(runtime.update(valid).valid).toBe(true);
  });

  it("requires the fill-in text only for 'Fill-in option'", () => {
    const runtime = runtimeFor('quote-lost-reason');
    expect(messagesOf(runtime, { ...valid, reasonSummary: 'Fill-in option' }, 'reasonFillIn')).toEqual(['Fill-In text is required']);
    expect(messagesOf(runtime, { ...valid, reasonSummary: 'Fill-in option', reasonFillIn: 'Went with a package policy' }, 'reasonFillIn')).toEqual([]);
    const other = runtime.update({ ...valid, reasonSummary: 'Do not want Cyber' });
    expect(other.fields.reasonFillIn?.visible).toBe(false);
    expect(other.errors.reasonFillIn).toBeUndefined();
  });

  it("takes the productType from a quote row's product", () => {
    const state = runtimeFor('quote-lost-reason').update({ id: 'q-1', product: 'P100', reasonSummary: 'Price is High', reason: 'r' });
    expect(state.data.productType).toBe('P100');
    expect(runtimeFor('quote-lost-reason').update(valid).data.productType).toBe('P250');
  });
});
