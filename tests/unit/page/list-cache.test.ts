import { describe, expect, it } from 'vitest';
import { ListCache } from '../../../renderers/page/list-cache.ts';
import { LIST_STALE_MS } from '../../../renderers/session/constants.ts';

/** Page tables' lists stay fresh for a minute, per user and account, and a change forgets them all. */
const page = (name: string) => ({ content: [{ name }], totalElements: 1 });

function cacheAt(start = 1_000) {
  const clock = { now: start, owner: 'user-1/account-1' as string | null };
  const cache = new ListCache(() => clock.owner, () => clock.now);
  return { cache, clock };
}

describe('the list cache', () => {
  it('is one minute by the spec', () => {
    expect(LIST_STALE_MS).toBe(60_000);
  });

  it('answers the same query from memory until the minute is over', () => {
    const { cache, clock } = cacheAt();
    cache.put('searchClaims', { page: 0, size: 25 }, page('a'));
    clock.now += LIST_STALE_MS - 1;
    expect(cache.get('searchClaims', { size: 25, page: 0 })).toEqual(page('a'));
    clock.now += 1;
    expect(cache.get('searchClaims', { page: 0, size: 25 })).toBeUndefined();
  });

  it.each([
    ['another page', 'searchClaims', { page: 1, size: 25 }],
    ['another sort', 'searchClaims', { page: 0, size: 25, sort: 'name,asc' }],
    ['another operation', 'listAllTeams', { page: 0, size: 25 }],
  ])('keeps %s apart', (_, operation, query) => {
    const { cache } = cacheAt();
    cache.put('searchClaims', { page: 0, size: 25 }, page('a'));
    expect(cache.get(operation, query)).toBeUndefined();
  });

  it.each([
    ['signing out', null],
    ['another user', 'user-2/account-1'],
    ['the same user acting in another account', 'user-1/account-2'],
  ])('starts afresh after %s', (_, owner) => {
    const { cache, clock } = cacheAt();
    cache.put('searchClaims', { page: 0 }, page('a'));
    clock.owner = owner;
    expect(cache.get('searchClaims', { page: 0 })).toBeUndefined();
  });

  it('forgets every list after a change', () => {
    const { cache } = cacheAt();
    cache.put('searchClaims', { page: 0 }, page('a'));
    cache.put('listAllTeams', { page: 0 }, page('b'));
    cache.forgetAll();
    expect(cache.get('searchClaims', { page: 0 })).toBeUndefined();
    expect(cache.get('listAllTeams', { page: 0 })).toBeUndefined();
  });
});
