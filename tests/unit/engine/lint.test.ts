import { describe, expect, it } from 'vitest';
import { lintForm, lintFormContract, lintTableContract, lintTerms, type FormDefinition, type TableDefinition } from '../../../engine/index.ts';
import { registry } from '../../support/registry.ts';

const form: FormDefinition = {
  id: 'probe',
  kind: 'form',
  version: 1,
  title: 'Probe',
  schema: {
    type: 'object',
    properties: {
      name: { type: 'string', title: '{{Agency}} name' },
      types: { type: 'array', items: { type: 'string' } },
      address: { type: 'object', properties: { city: { type: 'string' } } },
      computed: { type: 'boolean' },
      orphan: { type: 'string' },
    },
  },
  uiSchema: { computed: { 'ui:widget': 'hidden' } },
  layout: { sections: [{ id: 'main', fields: ['name', 'types', 'address', 'ghost'] }] },
  rules: [
    { id: 'ok', when: { and: [{ var: 'types.0' }, { var: 'address.city' }, { var: '$context.persona' }] }, effects: [{ show: ['name'] }] },
    { id: 'bad-input', when: { var: 'nmae' }, effects: [{ require: ['address.town'] }] },
  ],
  messages: { 'name.required': 'x', 'nope.pattern': 'y' },
};

describe('definition lint', () => {
  const checks = lintForm(form).map((fault) => `${fault.check} ${fault.pointer}`);

  it('reports rules reading or acting on fields that do not exist', () => {
    expect(checks).toContain('unknown-rule-field /rules/1/when');
    expect(checks).toContain('unknown-rule-field /rules/1/effects/0');
    expect(checks.filter((check) => check.includes('/rules/0/'))).toEqual([]);
  });

  it('reports messages for unknown fields, fields no layout shows and layout entries that are not fields', () => {
    expect(checks).toContain('message-unknown-field /messages/nope.pattern');
    expect(checks).toContain('field-not-in-layout /schema/properties/orphan');
    expect(checks).not.toContain('field-not-in-layout /schema/properties/computed');
    expect(checks).toContain('layout-unknown-field /layout/sections/0/fields/3');
  });

  it('reports terms an edition does not define', () => {
    const us = registry.edition('us');
    const withoutAgency = { ...us, terms: { ...us.terms, Agency: undefined } } as unknown as typeof us;
    expect(lintTerms(form, [us])).toEqual([]);
    expect(lintTerms(form, [withoutAgency]).map((fault) => fault.message)).toEqual(['term {{Agency}} is missing from the us edition']);
  });

  it('checks a bound form against the operation request schema', () => {
    const bound = { ...form, binding: { submit: 'saveProbe', load: 'getMissing' } };
    const operations = { saveProbe: { request: { type: 'object', additionalProperties: false, required: ['name', 'agencyId'], properties: { name: {}, types: {}, address: {}, computed: {} } } } };
    expect(lintFormContract(bound, operations).map((fault) => `${fault.check} ${fault.message}`)).toEqual([
      'unknown-operation operation getMissing is not in the API contract',
      'field-refused-by-operation saveProbe does not accept orphan',
      'field-missing-for-operation saveProbe requires agencyId, which the form does not have',
    ]);
  });

  it('checks table columns against the rows of the operation response', () => {
    const table: TableDefinition = {
      id: 't',
      kind: 'table',
      version: 1,
      title: 'T',
      rowKey: 'id',
      operation: 'searchT',
      columns: [
        { id: 'a', header: 'A', path: 'quote.number' },
        { id: 'b', header: 'B', path: 'missing' },
      ],
    };
    const operations = {
      searchT: { response: { type: 'object', properties: { content: { type: 'array', items: { type: 'object', properties: { quote: { type: 'object', properties: { number: {} } } } } } } } },
    };
    expect(lintTableContract(table, operations).map((fault) => fault.pointer)).toEqual(['/columns/1/path']);
    expect(lintTableContract(table, {})[0]?.check).toBe('unknown-operation');
  });
});
