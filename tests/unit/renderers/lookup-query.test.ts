import { describe, expect, it } from 'vitest';
import { queryKeyOf, type LookupOptions } from '../../../renderers/form/widgets/lookup-widget.tsx';

/**
 * A lookup's choices may depend on other fields (the add-accounts dialog: the roles of the account type chosen,
 * the teams of the organisation chosen): its query is json-logic over the form data, empty values are left out,
 * and nothing is asked while a required one is empty.
 */
const ROLES: LookupOptions = {
  operation: 'listAccountRoles', valuePath: 'id', labelPath: 'name',
  query: { accountType: { var: 'accountType' }, assignableOnly: true }, requires: ['accountType'],
};

describe('the query of a lookup', () => {
  it.each([
    [{}, null],
    [{ accountType: '' }, null],
    [{ accountType: 'AGENCY' }, '{"accountType":"AGENCY","assignableOnly":true}'],
  ])('over %j is %s', (data, key) => {
    expect(queryKeyOf(ROLES, data)).toBe(key);
  });

  it('an optional value left empty is left out; no query at all asks with nothing', () => {
    const roles: LookupOptions = { ...ROLES, query: { accountId: { var: 'accountId' }, assignableOnly: true }, requires: [] };
    expect(queryKeyOf(roles, {})).toBe('{"assignableOnly":true}');
    expect(queryKeyOf(roles, { accountId: 'a-1' })).toBe('{"accountId":"a-1","assignableOnly":true}');
    expect(queryKeyOf({ operation: 'x', valuePath: 'id', labelPath: 'name' }, { anything: 1 })).toBe('{}');
  });
});
