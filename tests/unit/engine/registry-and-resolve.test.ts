import { describe, expect, it } from 'vitest';
import { createRegistry, DefinitionError, type FormDefinition } from '../../../engine/index.ts';
import { fixtureSource } from './fixtures.ts';

function loadFaults(source: ReturnType<typeof fixtureSource>) {
  try {
    createRegistry(source);
  } catch (error) {
    if (error instanceof DefinitionError) return error.faults;
    throw error;
  }
  return [];
}

describe('registry', () => {
  it('refuses a definition that breaks its meta-schema, naming the file and the JSON pointer', () => {
    const source = fixtureSource();
    (source.definitions[1]!.document as { schema: { properties: { city: unknown } } }).schema.properties.city = 'not a schema';
    expect(loadFaults(source)).toContainEqual({
      file: 'definitions/forms/address.json',
      pointer: '/schema/properties/city',
      message: 'must be object',
    });
  });

  it('refuses an unknown kind and a duplicate id', () => {
    const source = fixtureSource();
    source.definitions.push({ file: 'definitions/x.json', document: { id: 'x', kind: 'widget', version: 1 } });
    source.definitions.push({ file: 'definitions/lists/copy.json', document: source.definitions[0]!.document });
    const faults = loadFaults(source);
    expect(faults).toContainEqual({ file: 'definitions/x.json', pointer: '/kind', message: 'unknown definition kind "widget"' });
    expect(faults.find((fault) => fault.file === 'definitions/lists/copy.json')?.message).toMatch(/already used/);
  });

  it('refuses a reference to a list that does not exist', () => {
    const source = fixtureSource();
    const form = source.definitions[1]!.document as FormDefinition;
    form.schema.properties = { ...(form.schema.properties as object), other: { type: 'string', 'x-list': 'nope' } };
    expect(loadFaults(source)).toContainEqual({ file: 'definitions/forms/address.json', pointer: '/schema/properties/other/x-list', message: 'no list definition nope' });
  });

  it('refuses an overlay whose target does not exist', () => {
    const source = fixtureSource();
    (source.overlays[0]!.document as { target: string }).target = 'missing';
    expect(loadFaults(source)).toContainEqual({ file: 'editions/uk/overlays/address.json', pointer: '/target', message: 'no definition missing' });
  });
});

describe('resolve', () => {
  const registry = createRegistry(fixtureSource());
  const us = registry.resolve<FormDefinition>('address', 'us');
  const uk = registry.resolve<FormDefinition>('address', 'uk');
  const props = (form: FormDefinition) => form.schema.properties as Record<string, Record<string, unknown>>;

  it('fills terms per edition', () => {
    expect(us.title).toBe('Agency address');
    expect(uk.title).toBe('Brokerage address');
    expect(props(us).revenue!.title).toBe('Revenue');
    expect(props(uk).revenue!.title).toBe('Turnover');
    expect(props(uk).zipCode!.title).toBe('Postcode');
  });

  it('merges edition field types, keeping the form own messages and keys', () => {
    expect(props(us).zipCode!.pattern).toBe('^(?!00000)[0-9]{5}(-[0-9]{4})?$');
    expect(us.messages!['zipCode.pattern']).toBe('Invalid ZIP Code');
    expect(uk.messages!['zipCode.pattern']).toBe('Invalid Postcode');
    expect(us.messages!['city.pattern']).toBe('Custom city text');
    expect(props(uk).city!.title).toBe('Town/City');
  });

  it('expands option lists, tagged items only where asked for', () => {
    expect(props(us).state!.oneOf).toEqual([{ const: 'CA', title: 'California' }]);
    expect(props(us).fullState!.oneOf).toHaveLength(2);
  });

  it('applies the UK overlay: merge removes state and adds address3, the patch fixes the layout', () => {
    expect(props(uk).state).toBeUndefined();
    expect(props(uk).address3).toEqual({ type: 'string', title: 'Address 3' });
    expect(uk.layout!.sections[0]!.fields).toEqual(['city', 'address3', 'fullState', 'zipCode', 'revenue']);
    expect(props(us).state).toBeDefined();
  });

  it('fails loudly when an overlay test no longer matches the base definition', () => {
    const source = fixtureSource();
    const form = source.definitions[1]!.document as FormDefinition;
    form.layout!.sections[0]!.fields = ['state', 'city', 'fullState', 'zipCode', 'revenue'];
    expect(() => createRegistry(source).resolve('address', 'uk')).toThrow(/editions\/uk\/overlays\/address.json#\/patch\/0/);
  });

  it('is pure: the stored definition is untouched and the result is the same each time', () => {
    const stored = JSON.stringify(registry.get('address'));
    const fresh = createRegistry(fixtureSource());
    expect(JSON.stringify(fresh.resolve('address', 'uk'))).toBe(JSON.stringify(uk));
    expect(JSON.stringify(registry.get('address'))).toBe(stored);
  });

  it('refuses an unknown term with its pointer', () => {
    const source = fixtureSource();
    (source.definitions[1]!.document as FormDefinition).title = '{{Nope}} title';
    expect(() => createRegistry(source).resolve('address', 'us')).toThrow('definitions/forms/address.json#/title: unknown term {{Nope}}');
  });
});
