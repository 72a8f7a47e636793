import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../support/registry.ts';

/** Words of the US market a UK user should not meet: each with the UK word it gives way to. */
const US_TERMS: { term: RegExp; uk: string }[] = [
  { term: /\bZIP\b/i, uk: 'Postcode' },
  { term: /(?<!United )\bStates?\b/, uk: 'no state: UK addresses have a county at most' },
  { term: /\bsurplus lines\b/i, uk: 'not sold in the UK' },
  { term: /\bDefense\b/i, uk: 'Defence' },
  { term: /\bCell Phone\b/i, uk: 'Mobile Phone' },
  { term: /\bDBA\b/, uk: 'Trading Name' },
  { term: /\bTaxes\b/, uk: 'Insurance Premium Tax' },
  { term: /\bRetro Active\b/i, uk: 'Retroactive' },
  { term: /\bAdmitted\b/i, uk: 'not a UK distinction' },
  { term: /\bAgency Admin\b/i, uk: 'Brokerage Admin' },
  { term: /\bagency-billed\b/i, uk: 'brokerage-billed' },
  { term: /\bUS Dollar\b/i, uk: 'Pound Sterling, first' },
];

/** Keys whose values are names, paths, conditions, staff notes or preview data, not texts a user reads. */
const NOT_TEXT = new Set([
  'notes', 'id', 'kind', 'var', 'path', 'paths', 'operation', 'table', 'form', 'dialog', 'list', 'component', 'target', 'rowKey', 'param',
  'field', 'fields', 'format', 'type', 'pattern', 'when', 'confirmWhen', 'until', 'valuePath', 'labelPath', 'column', 'sample', '$ref',
  'x-list', 'x-field-type', 'ui:widget', 'load', 'submit', 'update', 'value', 'const', 'key', 'code',
]);

/**
 * Places of the UK edition that keep a US word, with the reason: a definition id (all of it) or `id#pointer`
 * (that text and everything under it). A new US word anywhere else fails the test.
 */
const ALLOWED: Record<string, string> = {
  'surplus-notice-page': 'the surplus lines notice of a US quote: the page is reached only from a surplus lines quote, which the UK does not write',
  'surplus-notice-summary': 'part of the US surplus lines notice page',
  'surplus-notice-attestation': 'part of the US surplus lines notice page',
  'surplus-license': 'US surplus lines licences: the UK licenses page says they belong to the US edition',
  'surplus-licenses': 'US surplus lines licences: the UK licenses page says they belong to the US edition',
  'agency-license': 'US state licences: the UK licenses page says they belong to the US edition',
  'agency-licenses': 'US state licences: the UK licenses page says they belong to the US edition',
  'agent-license': 'US state licences: the UK licenses page says they belong to the US edition',
  'agent-licenses': 'US state licences: the UK licenses page says they belong to the US edition',
  'licenses-page': 'says in UK words that state and surplus lines licences belong to the US edition',
  'states': 'the US states the product is sold in, reference data the provider keeps for the US edition',
  'audit-actions#/items': "the audit log's names for changes to the US states reference data",
  'product-p250-surplus': 'a US product, not offered in the UK edition',
  'rating-us-fees': 'a US rating table, read only by US products',
  'rating-us-region-factor': 'a US rating table, read only by US products',
  'rating-us-surplus-lines-tax': 'a US rating table, read only by US products',
  'carrier-paper-types': "a carrier's paper (admitted or surplus lines), as the spec names it for the rater's carrier profiles",
  'carrier-profile': "a carrier's paper and the states it writes in, as the spec keeps them for the rater's carrier profiles",
  'carrier-profiles': "a carrier's paper and the states it writes in, as the spec keeps them for the rater's carrier profiles",
  'library-forms#/filters': 'the policy forms library files forms by paper, admitted or surplus lines, as the spec keeps it',
  'documents#/description': 'a staff description of the documents table that no screen draws',
  'documents#/filters/0/options': 'the document types the product generates, the US surplus lines notice among them',
  'quote-detail-page#/blocks/0/actions': 'the surplus lines actions of a quote, offered only on a US dollar quote or a surplus lines one',
  'coverage-catalogue#/coverages/31': 'State Inconsistency is the name of a coverage (systems left in an inconsistent state), not a US state',
  'outstanding-balances#/filters/2/options/1': "US Dollar stays a choice for provider staff who see both editions' balances; Pound Sterling comes first",
  'carrier': "hidden in the UK edition by the form's own rule state-us-only",
  'cluster': "hidden in the UK edition by the form's own rule state-us-only",
  'mssp': "hidden in the UK edition by the form's own rule state-us-only",
  'mssp-account': "hidden in the UK edition by the form's own rule state-us-only",
  'premium-processor': "hidden in the UK edition by the form's own rule state-us-only",
  'reinsurer': "hidden in the UK edition by the form's own rule state-us-only",
  'certificate-holder#/uiSchema/state': "hidden in the UK edition by the form's own rule",
};

function isAllowed(id: string, pointer: string): boolean {
  return Object.keys(ALLOWED).some((place) => {
    const [placeId, placePointer] = place.split('#');
    return placeId === id && (placePointer === undefined || pointer === placePointer || pointer.startsWith(`${placePointer}/`));
  });
}

/** Every user-facing text of a resolved definition, with its JSON pointer. */
function textsOf(value: unknown, pointer = ''): [string, string][] {
  if (typeof value === 'string') return [[pointer, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => textsOf(item, `${pointer}/${index}`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => (NOT_TEXT.has(key) ? [] : textsOf(item, `${pointer}/${key}`)));
  return [];
}

describe('UK wording', () => {
  const dir = join(projectRoot, 'tests/snapshots/uk');
  const snapshots = readdirSync(dir).filter((name) => name.endsWith('.json')).map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as { id: string });

  it("the UK edition's resolved texts use UK words, outside the places the allow-list names with a reason", () => {
    const found: string[] = [];
    for (const definition of snapshots) {
      for (const [pointer, text] of textsOf(definition)) {
        const us = US_TERMS.find(({ term }) => term.test(text));
        if (us && !isAllowed(definition.id, pointer)) found.push(`${definition.id}#${pointer}: '${text.slice(0, 80)}' (UK: ${us.uk})`);
      }
    }
    expect(found).toEqual([]);
  });

  it('every allowed place still holds a US word (an entry no longer needed is removed)', () => {
    const stale = Object.keys(ALLOWED).filter((place) => {
      const [id] = place.split('#');
      const definition = snapshots.find((candidate) => candidate.id === id);
      return !definition || !textsOf(definition).some(([pointer, text]) => isAllowed(id!, pointer) && US_TERMS.some(({ term }) => term.test(text)));
    });
    expect(stale).toEqual([]);
  });
});
