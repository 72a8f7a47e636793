import { describe, expect, it } from 'vitest';
import { diffJson, formatChanges, inputsOf, RuleEngine } from '../../../engine/index.ts';

describe('rule inputs', () => {
  it('finds var, missing and missing_some paths, and * for computed vars', () => {
    expect([...inputsOf({ and: [{ '==': [{ var: 'a.b' }, 1] }, { missing: ['c'] }, { missing_some: [1, ['d', 'e']] }] })].sort()).toEqual(['a.b', 'c', 'd', 'e']);
    expect([...inputsOf({ var: { cat: ['x', 'y'] } })]).toContain('*');
  });
});

describe('json-logic operations for definitions', () => {
  const engine = new RuleEngine([
    { id: 'soon', when: { '<': [{ var: 'date' }, { date_add: [{ var: '$context.today' }, 7] }] }, effects: [{ show: ['x'] }] },
    { id: 'letters', when: { matches: [{ var: 'name' }, '^[A-Za-z ]+$'] }, effects: [{ show: ['y'] }] },
    { id: 'current-year', when: { '>': [{ var: 'year' }, { year: { var: '$context.today' } }] }, effects: [{ show: ['z'] }] },
  ]);
  const context = { edition: 'us', today: '2026-11-22' };

  it('compares ISO dates, matches patterns and reads the year of today', () => {
    const { results } = engine.evaluate({ date: '2026-11-28', name: 'Ann Lee', year: 2027 }, context);
    expect(results.get('soon')!.active).toBe(true);
    expect(results.get('letters')!.active).toBe(true);
    expect(results.get('current-year')!.active).toBe(true);
    const later = engine.evaluate({ date: '2026-11-29', name: 'Ann1', year: 2026 }, context).results;
    expect([later.get('soon')!.active, later.get('letters')!.active, later.get('current-year')!.active]).toEqual([false, false, false]);
  });

  it('re-evaluates context rules when the context changes', () => {
    const data = { date: '2026-11-28' };
    engine.evaluate(data, context);
    const { evaluated, results } = engine.evaluate(data, { edition: 'us', today: '2026-11-01' });
    expect(evaluated).toContain('soon');
    expect(results.get('soon')!.active).toBe(false);
  });
});

describe('json diff', () => {
  it('reports changes by pointer, matching array elements by id', () => {
    const before = { title: 'Zip Code', sections: [{ id: 'a', fields: ['x'] }, { id: 'b', fields: ['y'] }] };
    const after = { title: 'Postcode', sections: [{ id: 'a', fields: ['x', 'z'] }, { id: 'c', fields: [] }] };
    expect(formatChanges(diffJson(before, after))).toEqual([
      '~ /sections[id=a]/fields: ["x"] -> ["x","z"]',
      '- /sections[id=b]: {"id":"b","fields":["y"]}',
      '+ /sections[id=c]: {"id":"c","fields":[]}',
      '~ /title: "Zip Code" -> "Postcode"',
    ]);
    expect(diffJson(before, structuredClone(before))).toEqual([]);
  });
});
