import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FormDefinition, PageAction, PageDefinition } from '../../../engine/index.ts';
import { outcomeOf } from '../../../renderers/page/action-outcome.ts';

/**
 * The review page's social engineering answers (spec 002 section 8): an answer whose socialEngineering flag
 * is false calls for the 'unavailable' dialog listing the reasons, in place of the success toast; a true flag
 * is a plain success. Read from the definitions themselves: the dialog is the social engineering form's, which
 * the review page's action opens (and the quote editor too), so the test follows what staff publish.
 */
const page = JSON.parse(readFileSync('definitions/pages/quote-review-page.json', 'utf8')) as PageDefinition;
const detail = page.blocks.find((block) => block.type === 'detail');
const action = (detail && 'actions' in detail ? detail.actions : [])?.find((candidate) => candidate.id === 'socialEngineering') as PageAction;
const form = JSON.parse(readFileSync(`definitions/forms/${action.dialog}.json`, 'utf8')) as FormDefinition;
const scope = { route: {}, query: {}, row: { accountId: 'a1' } };

const cases: Array<{ name: string; result: unknown; items: string[] | undefined }> = [
  { name: 'endorsement added', result: { socialEngineering: true, reasons: [], message: 'Social Engineering Endorsement Added' }, items: undefined },
  { name: 'one answer rules it out', result: { socialEngineering: false, reasons: ['Bank accounts are not verified'] }, items: ['Bank accounts are not verified'] },
  { name: 'two answers rule it out', result: { socialEngineering: false, reasons: ['A', 'B'] }, items: ['A', 'B'] },
  { name: 'ruled out without reasons', result: { socialEngineering: false }, items: [] },
  { name: 'reasons with gaps', result: { socialEngineering: false, reasons: ['A', null, 'B'] }, items: ['A', 'B'] },
];

describe('the outcome dialog an action answer calls for', () => {
  it('is declared once, by the form the review page opens', () => {
    expect(action.outcome).toBeUndefined();
    expect(form.actions?.outcome?.title).toBe('Social Engineering Unavailable');
  });

  it.each(cases)('$name', ({ result, items }) => {
    const shown = outcomeOf(action, scope, result, form);
    expect(shown?.items).toEqual(items);
    if (items) expect(shown?.outcome.text).toBe('The social engineering endorsement cannot be added for this account:');
  });

  it("an action's own outcome overrides the form's", () => {
    const own = { when: true, title: 'Own', text: 'Own text', items: ['x'] };
    expect(outcomeOf({ ...action, outcome: own }, scope, { socialEngineering: true }, form)?.outcome.title).toBe('Own');
  });

  it('is never shown for an action without one', () => {
    expect(outcomeOf({ id: 'x', label: 'X', operation: 'getQuote' }, scope, { socialEngineering: false })).toBeUndefined();
  });
});
