import { describe, expect, test } from 'vitest';
import { ruleContextOf, todayIn, type FormDefinition, type RuleContext } from '../../../engine/index.ts';
import type { CurrentDocument, DefinitionState } from '../../../server/definitions/definition-service.ts';
import { parseKey } from '../../../server/definitions/document-keys.ts';
import { boundFormOf, boundOperations } from '../../../server/form-check/bound-forms.ts';
import { checkFormData, orderByForm } from '../../../server/form-check/check-form-data.ts';

/** A small form with a rule that hides and requires, a password, and its own messages. */
const FORM: FormDefinition = {
  id: 'probe',
  kind: 'form',
  version: 1,
  schema: {
    type: 'object',
    required: ['name', 'zip'],
    properties: {
      name: { type: 'string', title: 'Name' },
      zip: { type: 'string', title: 'Zip', pattern: '^[0-9]{5}$' },
      secret: { type: 'string', title: 'Secret' },
      kind: { type: 'string', title: 'Kind' },
      licence: { type: 'string', title: 'Licence' },
    },
  },
  uiSchema: { secret: { 'ui:widget': 'password' } },
  layout: { sections: [{ id: 'one', fields: ['zip', 'kind', 'licence'] }, { id: 'two', fields: ['name', 'secret'] }] },
  rules: [
    { id: 'licence-for-brokers', when: { '==': [{ var: 'kind' }, 'broker'] }, effects: [{ show: ['licence'] }, { require: ['licence'] }] },
    { id: 'agents-only-in-us', when: { and: [{ '==': [{ var: 'kind' }, 'agent'] }, { '==': [{ var: '$context.edition' }, 'uk'] }] },
      effects: [{ message: { field: 'kind', text: 'No agents in this edition' } }] },
  ],
  messages: { 'zip.pattern': 'Invalid Zip', 'licence.required': 'Licence is required' },
};

const US: RuleContext = { edition: 'us', today: '2026-03-02', flags: {} };
const UK: RuleContext = { ...US, edition: 'uk' };

describe('checkFormData', () => {
  test.each<[string, RuleContext, Record<string, unknown>, Record<string, unknown>]>([
    ['strings trimmed, a password as typed', US, { name: '  Ada ', zip: ' 12345', secret: '  pass word ' }, { name: 'Ada', zip: '12345', secret: '  pass word ' }],
    ["'' and null count as left out", US, { name: 'Ada', zip: '12345', kind: '', secret: null }, { name: 'Ada', zip: '12345' }],
    ['fields the form does not have are dropped', US, { name: 'Ada', zip: '12345', premium: 5 }, { name: 'Ada', zip: '12345' }],
    ['fields the rules hide are dropped', US, { name: 'Ada', zip: '12345', kind: 'agent', licence: 'L-1' }, { name: 'Ada', zip: '12345', kind: 'agent' }],
    ['a field the rules show is kept', US, { name: 'Ada', zip: '12345', kind: 'broker', licence: 'L-1' }, { name: 'Ada', zip: '12345', kind: 'broker', licence: 'L-1' }],
  ])('passes: %s', (_, context, body, data) => {
    expect(checkFormData(FORM, context, body)).toEqual({ ok: true, data, fields: expect.any(Array) });
  });

  // A handler saving a whole record clears a shown field the body left out and keeps a hidden one (checkedFieldsOf).
  test.each<[string, Record<string, unknown>, string[]]>([
    ['every field the form shows, filled or not', { name: 'Ada', zip: '12345' }, ['name', 'zip', 'secret', 'kind']],
    ['with the fields a rule shows', { name: 'Ada', zip: '12345', kind: 'broker', licence: 'L-1' }, ['name', 'zip', 'secret', 'kind', 'licence']],
  ])('names the fields it showed: %s', (_, body, fields) => {
    const checked = checkFormData(FORM, US, body);
    expect(checked.ok && [...checked.fields].sort()).toEqual([...fields].sort());
  });

  test.each<[string, RuleContext, Record<string, unknown>, Array<{ field: string; message: string; code: string }>]>([
    ['required fields with the generic message, in the order of the form', US, {}, [
      { field: 'zip', message: 'Zip is a required field', code: 'required' },
      { field: 'name', message: 'Name is a required field', code: 'required' },
    ]],
    ['a blank answer is a missing one', US, { name: '   ', zip: '12345' }, [{ field: 'name', message: 'Name is a required field', code: 'required' }]],
    ["the definition's own messages", US, { name: 'Ada', zip: '1234', kind: 'broker' }, [
      { field: 'zip', message: 'Invalid Zip', code: 'pattern' },
      { field: 'licence', message: 'Licence is required', code: 'required' },
    ]],
    ["a rule's message reads the context's edition", UK, { name: 'Ada', zip: '12345', kind: 'agent' }, [
      { field: 'kind', message: 'No agents in this edition', code: 'rule:agents-only-in-us' },
    ]],
  ])('refuses: %s', (_, context, body, errors) => {
    expect(checkFormData(FORM, context, body)).toEqual({ ok: false, errors });
  });

  test('orderByForm puts fields the layout does not name after those it does', () => {
    const faults = [{ field: 'other', message: 'x', code: 'c' }, { field: 'name', message: 'y', code: 'c' }, { field: 'zip', message: 'z', code: 'c' }];
    expect(orderByForm(FORM, faults).map((fault) => fault.field)).toEqual(['zip', 'name', 'other']);
  });
});

function stateOf(documents: Array<[string, unknown]>): DefinitionState {
  const map = new Map<string, CurrentDocument>();
  for (const [key, document] of documents) {
    const parsed = parseKey(key)!;
    const kind = (document as { kind?: string }).kind ?? 'edition';
    map.set(key, { key: parsed, kind, version: 0, document, hasDefault: true });
  }
  return {
    revision: 'test',
    documents: map,
    sources: { definitions: [], editions: [], overlays: [] },
    // The map must not need the loaded registry: a deploy that breaks loading must not break unbound operations.
    registry: () => { throw new Error('registry not loadable'); },
    faults: () => [],
  };
}

describe('which form checks which operation', () => {
  const state = stateOf([
    ['claim', { id: 'claim', kind: 'form', binding: { load: 'getClaim', submit: 'createClaim', update: 'updateClaim' } }],
    ['login', { id: 'login', kind: 'form', binding: { submit: 'login' } }],
    ['odd', { id: 'odd', kind: 'form', binding: { submit: 'getClaim' } }],
    ['twin-a', { id: 'twin-a', kind: 'form', binding: { submit: 'saveTwin' } }],
    ['twin-b', { id: 'twin-b', kind: 'form', binding: { update: 'saveTwin' } }],
    ['claims', { id: 'claims', kind: 'table', operation: 'searchClaims' }],
    ['loose', { id: 'loose', kind: 'form', binding: 'createClaim' }],
    ['edition:us', { id: 'us' }],
  ]);

  test('submit and update bind; load does not; tables and malformed bindings do not', () => {
    expect(Object.fromEntries(boundOperations(state))).toEqual({
      createClaim: ['claim'], updateClaim: ['claim'], login: ['login'], getClaim: ['odd'], saveTwin: ['twin-a', 'twin-b'],
    });
    expect(boundFormOf(state, 'updateClaim')).toBe('claim');
    expect(boundFormOf(state, 'searchClaims')).toBeUndefined();
  });

  test('an operation two forms bind is refused, naming both', () => {
    expect(() => boundFormOf(state, 'saveTwin')).toThrow("Operation 'saveTwin' is bound by more than one form definition (twin-a, twin-b)");
  });

  test('the map is built once per definition state', () => {
    expect(boundOperations(state)).toBe(boundOperations(state));
    expect(boundOperations(stateOf([]))).not.toBe(boundOperations(state));
  });
});

describe('the rule context the browser and the server share', () => {
  test.each<[Parameters<typeof ruleContextOf>[0], RuleContext]>([
    [{ edition: 'us', accountType: 'AGENCY', roleId: 'agency-admin', flags: { a: true }, today: '2026-03-02' },
      { edition: 'us', persona: 'agency', role: 'agency-admin', flags: { a: true }, today: '2026-03-02' }],
    [{ edition: 'uk', accountType: 'COWBELL', roleId: 'super-admin', today: '2026-03-02' },
      { edition: 'uk', persona: 'admin', role: 'super-admin', flags: {}, today: '2026-03-02' }],
    [{ edition: 'us', today: '2026-03-02' }, { edition: 'us', persona: undefined, role: undefined, flags: {}, today: '2026-03-02' }],
  ])('%j', (facts, context) => {
    expect(ruleContextOf(facts)).toEqual(context);
  });

  test.each<[string, string | undefined, string]>([
    ['2026-03-01T23:30:00Z', undefined, '2026-03-01'],
    ['2026-03-01T23:30:00Z', 'Asia/Tokyo', '2026-03-02'],
    ['2026-03-02T03:00:00Z', 'America/Los_Angeles', '2026-03-01'],
    ['2026-03-01T23:30:00Z', 'Not/A_Zone', '2026-03-01'],
  ])('todayIn(%s, %s) is %s', (now, zone, today) => {
    expect(todayIn(new Date(now), zone)).toBe(today);
  });
});
