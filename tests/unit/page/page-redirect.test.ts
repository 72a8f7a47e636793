import { describe, expect, it } from 'vitest';
import { redirectPath } from '../../../renderers/page/page-redirect.ts';

/**
 * A page kept for an address goes to its target once the address names everything the target needs, each
 * value encoded into the path; otherwise it stays and shows its own blocks.
 */
const TARGET = 'policies/{query.policyId}/account/{route.accountId}/{query.product}/verify';

describe('where a page kept for an address goes', () => {
  it.each([
    ['everything named', { accountId: 'a1' }, { policyId: 'p1', product: 'P250' }, 'policies/p1/account/a1/P250/verify'],
    ['a value needing encoding', { accountId: 'a 1' }, { policyId: 'p/1', product: 'P250' }, 'policies/p%2F1/account/a%201/P250/verify'],
    ['no policy', { accountId: 'a1' }, { product: 'P250' }, undefined],
    ['an empty product', { accountId: 'a1' }, { policyId: 'p1', product: '' }, undefined],
    ['no query at all', { accountId: 'a1' }, undefined, undefined],
  ])('with %s', (_, route, query, expected) => {
    expect(redirectPath(TARGET, { route, ...(query ? { query } : {}) })).toBe(expected);
  });

  it('goes to a target without placeholders as it is', () => {
    expect(redirectPath('policies', { route: {} })).toBe('policies');
  });
});
