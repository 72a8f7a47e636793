import { describe, expect, it } from 'vitest';
import { choicesFromAnswer, optionSourcesOf, withChoices, type FormDefinition } from '../../../engine/index.ts';

/** Fields whose choices come from an operation (`x-options`): found, read from the answer, put in place as x-list would. */
const FORM: FormDefinition = {
  id: 'apply-tags-test',
  kind: 'form',
  version: 1,
  title: 'Apply tags',
  schema: {
    type: 'object',
    properties: {
      tagIds: { type: 'array', items: { type: 'string' }, 'x-options': { operation: 'listTags', value: 'id', label: 'name', empty: { text: 'None yet.' } } },
      team: { type: 'string', 'x-options': { operation: 'listAllTeams', value: 'id', label: 'name' } },
      note: { type: 'string' },
    },
  },
};

describe('option sources', () => {
  it('finds the fields that name a source', () => {
    expect(optionSourcesOf(FORM).map((source) => [source.field, source.source.operation])).toEqual([['tagIds', 'listTags'], ['team', 'listAllTeams']]);
  });

  it("reads choices from a page's content or an array, leaving rows without a value out", () => {
    const source = optionSourcesOf(FORM)[0]!.source;
    expect(choicesFromAnswer({ content: [{ id: 'a', name: 'Healthcare' }, { name: 'no id' }], totalElements: 2 }, source)).toEqual([{ const: 'a', title: 'Healthcare' }]);
    expect(choicesFromAnswer([{ id: 'b', name: 'Retail' }], source)).toEqual([{ const: 'b', title: 'Retail' }]);
    expect(choicesFromAnswer(undefined, source)).toEqual([]);
  });

  it('puts choices on items for an array and on the property otherwise; none leave no oneOf', () => {
    const withTags = withChoices(FORM, 'tagIds', [{ const: 'a', title: 'Healthcare' }]);
    const tagIds = (withTags.schema.properties as Record<string, Record<string, unknown>>).tagIds!;
    expect(tagIds).toEqual({ type: 'array', items: { type: 'string', oneOf: [{ const: 'a', title: 'Healthcare' }] } });
    const withTeam = withChoices(FORM, 'team', [{ const: 't', title: 'West' }]);
    expect((withTeam.schema.properties as Record<string, Record<string, unknown>>).team).toEqual({ type: 'string', oneOf: [{ const: 't', title: 'West' }] });
    const none = withChoices(FORM, 'tagIds', []);
    expect((none.schema.properties as Record<string, Record<string, unknown>>).tagIds).toEqual({ type: 'array', items: { type: 'string' } });
    // The definition itself is left as it was.
    expect(optionSourcesOf(FORM)).toHaveLength(2);
  });
});
