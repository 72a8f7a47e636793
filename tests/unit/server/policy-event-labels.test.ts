import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { POLICY_MOVES } from '../../../server/lifecycle/policies/policy-transitions.ts';

/**
 * A policy's history names each entry by its action: every action a user can take on a policy (and the calendar's
 * moves) must read as words in definitions/lists/policy-event-actions.json, never as its code.
 */
const list = JSON.parse(readFileSync(new URL('../../../definitions/lists/policy-event-actions.json', import.meta.url), 'utf8')) as { items: Array<{ value: string; label: string }> };
const labelled = new Set(list.items.map((item) => item.value));

describe('policy history labels', () => {
  it.each([...Object.keys(POLICY_MOVES), 'calendar'])('the action %s has a label', (action) => {
    expect(labelled.has(action)).toBe(true);
  });
});
