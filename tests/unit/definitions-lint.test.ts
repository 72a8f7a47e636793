import { describe, expect, it } from 'vitest';
import { lintRegistry } from '../../engine/index.ts';
import { registry } from '../support/registry.ts';

describe('shipped definitions', () => {
  it('pass the definition lint (rules, messages and layouts name real fields; every term exists in every edition)', () => {
    const faults = lintRegistry(registry).map((fault) => `${fault.id}#${fault.pointer} [${fault.check}] ${fault.message}`);
    expect(faults).toEqual([]);
  });
});
