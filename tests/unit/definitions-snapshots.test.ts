import { describe, expect, it } from 'vitest';
import { committedSnapshots, expectedSnapshots } from '../support/snapshots.ts';
import { projectRoot, registry } from '../support/registry.ts';

const HOW_TO_FIX = 'run `npm run definitions:snapshot` and commit tests/snapshots/';

describe('per-edition snapshots of resolved definitions', () => {
  const expected = expectedSnapshots(registry);
  const committed = committedSnapshots(projectRoot);

  it('has a committed snapshot for every definition in every edition, and none for removed ones', () => {
    const missing = [...expected.keys()].filter((path) => !committed.has(path));
    const stale = [...committed.keys()].filter((path) => !expected.has(path));
    expect({ missing, stale }, HOW_TO_FIX).toEqual({ missing: [], stale: [] });
  });

  for (const [path, text] of expected) {
    it(`${path} is current`, () => {
      // The string comparison prints a line diff of the resolved JSON when a snapshot is stale.
      expect(committed.get(path), `${path} is stale: ${HOW_TO_FIX}`).toBe(text);
    });
  }
});
