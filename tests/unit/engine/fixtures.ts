import type { DefinitionSourceDocuments } from '../../../engine/index.ts';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const editionFile = (id: string) => JSON.parse(readFileSync(`${root}/editions/${id}/edition.json`, 'utf8'));

/** The real edition settings with a small, self-contained set of definitions, so engine tests do not move with shipped forms. */
export function fixtureSource(overrides: Partial<DefinitionSourceDocuments> = {}): DefinitionSourceDocuments {
  return {
    definitions: [
      {
        file: 'definitions/lists/states.json',
        document: {
          id: 'states',
          kind: 'list',
          version: 1,
          title: 'States',
          items: [
            { value: 'CA', label: 'California' },
            { value: 'DC', label: 'District of Columbia', tags: ['full'] },
          ],
        },
      },
      {
        file: 'definitions/forms/address.json',
        document: {
          id: 'address',
          kind: 'form',
          version: 1,
          title: '{{Agency}} address',
          schema: {
            type: 'object',
            required: ['city', 'zipCode'],
            properties: {
              city: { 'x-field-type': 'city' },
              state: { type: 'string', title: 'State', 'x-list': 'states' },
              fullState: { type: 'string', title: 'State', 'x-list': { id: 'states', include: ['full'] } },
              zipCode: { 'x-field-type': 'postcode', title: '{{ZipCode}}' },
              revenue: { type: 'number', title: '{{Revenue}}' },
            },
          },
          layout: { sections: [{ id: 'main', fields: ['city', 'state', 'fullState', 'zipCode', 'revenue'] }] },
          messages: { 'city.pattern': 'Custom city text' },
        },
      },
    ],
    editions: [
      { file: 'editions/us/edition.json', document: editionFile('us') },
      { file: 'editions/uk/edition.json', document: editionFile('uk') },
    ],
    overlays: [
      {
        edition: 'uk',
        file: 'editions/uk/overlays/address.json',
        document: {
          target: 'address',
          merge: { schema: { properties: { state: null, address3: { type: 'string', title: 'Address 3' } } } },
          patch: [
            { op: 'test', path: '/layout/sections/0/fields/1', value: 'state' },
            { op: 'replace', path: '/layout/sections/0/fields/1', value: 'address3' },
          ],
        },
      },
    ],
    ...overrides,
  };
}
