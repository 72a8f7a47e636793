import { describe, expect, it } from 'vitest';
import { FormRuntime, type FormDefinition } from '../../../engine/index.ts';

const context = { edition: 'us', today: '2026-11-22', persona: 'agency' };

const definition: FormDefinition = {
  id: 'runtime-probe',
  kind: 'form',
  version: 1,
  title: 'Probe',
  schema: {
    type: 'object',
    required: ['name'],
    properties: {
      name: { type: 'string', title: 'Name', maxLength: 5 },
      frequency: { type: 'string', title: 'Frequency', oneOf: [{ const: 'NEVER', title: 'Never' }, { const: 'WEEKLY', title: 'Weekly' }] },
      types: { type: 'array', title: 'Types', items: { type: 'string' } },
      primary: { type: 'number', title: 'Primary %' },
      secondary: { type: 'number', title: 'Secondary %' },
      note: { type: 'string', title: 'Note' },
      admin: { type: 'boolean', title: 'Admin only' },
    },
  },
  messages: { 'name.maxLength': 'Too long' },
  rules: [
    { id: 'types-unless-never', when: { '!=': [{ var: 'frequency' }, 'NEVER'] }, effects: [{ show: ['types'] }, { require: ['types'] }] },
    { id: 'secondary-share', when: { '!': { empty: { var: 'primary' } } }, effects: [{ set: { field: 'secondary', value: { '-': [100, { var: 'primary' }] } } }] },
    { id: 'no-secondary-at-100', when: { '==': [{ var: 'primary' }, 100] }, effects: [{ message: { field: 'note', text: 'Not with {label} at 100' } }] },
    { id: 'admin-only', when: { '==': [{ var: '$context.persona' }, 'admin'] }, effects: [{ show: ['admin'] }] },
  ],
};

describe('FormRuntime', () => {
  it('requires statically required fields with the fallback message', () => {
    const state = new FormRuntime(definition, context).update({});
    expect(state.errors.name?.[0]?.message).toBe('Name is a required field');
    expect(state.fields.name?.required).toBe(true);
  });

  it('uses a definition message for a keyword and drops it once fixed', () => {
    const runtime = new FormRuntime(definition, context);
    expect(runtime.update({ name: 'abcdefg' }).errors.name?.[0]?.message).toBe('Too long');
    expect(runtime.update({ name: 'abc' }).errors.name).toBeUndefined();
  });

  it('shows and requires a field only while its rule holds', () => {
    const runtime = new FormRuntime(definition, context);
    const never = runtime.update({ name: 'a', frequency: 'NEVER' });
    expect(never.fields.types?.visible).toBe(false);
    expect(never.errors.types).toBeUndefined();
    const weekly = runtime.update({ name: 'a', frequency: 'WEEKLY' });
    expect(weekly.fields.types?.visible).toBe(true);
    expect(weekly.errors.types?.[0]?.message).toBe('Types is a required field');
  });

  it('computes set values and re-evaluates only rules whose inputs changed', () => {
    const runtime = new FormRuntime(definition, context);
    const first = runtime.update({ name: 'a', primary: 60 });
    expect(first.data.secondary).toBe(40);
    const second = runtime.update({ ...first.data, name: 'ab' });
    expect(second.evaluatedRules).toEqual([]);
    const third = runtime.update({ ...second.data, primary: 70 });
    expect(third.data.secondary).toBe(30);
    expect(third.evaluatedRules).toContain('secondary-share');
    expect(third.evaluatedRules).not.toContain('types-unless-never');
  });

  it('turns rule messages into errors with the label filled in', () => {
    const state = new FormRuntime(definition, context).update({ name: 'a', primary: 100 });
    expect(state.errors.note?.[0]?.message).toBe('Not with Note at 100');
    expect(state.valid).toBe(false);
  });

  it('reads the context: a field for admins only', () => {
    expect(new FormRuntime(definition, context).update({}).fields.admin?.visible).toBe(false);
    expect(new FormRuntime(definition, { ...context, persona: 'admin' }).update({}).fields.admin?.visible).toBe(true);
  });

  it('leaves hidden fields out of the payload', () => {
    const runtime = new FormRuntime(definition, context);
    const state = runtime.update({ name: 'a', frequency: 'NEVER', types: ['CLOUD'] });
    expect(runtime.payload(state)).not.toHaveProperty('types');
  });

  it('reports a value outside a oneOf once, as a selection error', () => {
    const state = new FormRuntime(definition, context).update({ name: 'a', frequency: 'DAILY' });
    expect(state.errors.frequency).toEqual([{ keyword: 'oneOf', message: 'Please select a valid Frequency' }]);
  });
});

describe('FormRuntime field states', () => {
  it('keeps the same field state objects while no rule result changes, and new ones when one does', () => {
    expect(new FormRuntime(definition, context).update({ frequency: 'WEEKLY' }).activeRules).toEqual(['types-unless-never']);
    const runtime = new FormRuntime(definition, context);
    const first = runtime.update({ name: 'a', frequency: 'WEEKLY' });
    const typing = runtime.update({ ...first.data, name: 'ab' });
    expect(typing.fields).toBe(first.fields);
    expect(typing.sections).toBe(first.sections);
    const ruleChange = runtime.update({ ...typing.data, frequency: 'NEVER' });
    expect(ruleChange.fields).not.toBe(first.fields);
    expect(ruleChange.fields.types?.visible).toBe(false);
  });
});
