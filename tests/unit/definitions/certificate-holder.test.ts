import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../engine/index.ts';
import { messagesOf, registry, runtimeFor } from '../../support/registry.ts';

const valid = { policyId: 'p-1', organizationName: 'Lakeview Property Management LLC', address1: '220 North Wacker Drive', city: 'Chicago', state: 'IL', zip: '60606' };

describe('certificate-holder form', () => {
  it("uses the spec's messages verbatim, trailing spaces and typos included", () => {
    const state = runtimeFor('certificate-holder').update({});
    expect(state.errors.address1?.[0]?.message).toBe('Please enter a Address ');
    expect(state.errors.organizationName?.[0]?.message).toBe('Please enter a Orginization.');
    expect(state.errors.city?.[0]?.message).toBe('Please enter a City ');
    expect(state.errors.state?.[0]?.message).toBe('Please select a State');
    expect(state.errors.zip).toBeUndefined();
  });

  it('checks the zip format', () => {
    const runtime = runtimeFor('certificate-holder');
    expect(messagesOf(runtime, { ...valid, zip: '00000' }, 'zip')).toEqual(['Invalid ZIP Code']);
    expect(messagesOf(runtime, { ...valid, zip: '60606-1234' }, 'zip')).toEqual([]);
    expect(runtime.update(valid).valid).toBe(true);
  });

  it("takes the policy id from a policy row's id", () => {
    expect(runtimeFor('certificate-holder').update({ id: 'p-9' }).data.policyId).toBe('p-9');
    expect(runtimeFor('certificate-holder').update({ id: 'p-9', policyId: 'p-1' }).data.policyId).toBe('p-1');
  });

  it('accepts its sample and binds emailPolicyCertificate', () => {
    const form = registry.resolve<FormDefinition>('certificate-holder', 'us');
    expect(runtimeFor('certificate-holder').update(form.sample!).valid).toBe(true);
    expect(form.binding?.submit).toBe('emailPolicyCertificate');
  });

  it('has no state in the UK and checks the Postcode', () => {
    const form = registry.resolve<FormDefinition>('certificate-holder', 'uk');
    expect(form.schema.properties).not.toHaveProperty('state');
    const runtime = runtimeFor('certificate-holder', 'uk');
    const state = runtime.update({ ...valid, state: undefined, zip: 'M1 4BT' });
    expect(state.valid).toBe(true);
    expect(state.fields.zip?.label).toBe('Postcode');
    expect(state.fields.city?.label).toBe('Town/City');
    expect(state.fields.organizationName?.label).toBe('Organisation Name');
    expect(messagesOf(runtime, { ...valid, zip: '60606' }, 'zip')).toEqual(['Invalid Postcode']);
    expect(runtime.update(form.sample!).valid).toBe(true);
  });
});
