import { describe, expect, test } from 'vitest';
import { loadContract } from '../../../server/contract/contract.ts';

/**
 * Every integer a request may carry has both bounds, at most a PostgreSQL integer: an unbounded one once
 * let '2147483648' and '1e309' reach the database as 500s. A new operation without bounds fails here,
 * naming the operation and the field.
 */
const INT32 = { min: -2_147_483_648, max: 2_147_483_647 };

/** Faults of every integer schema under `schema`, each named by its path; `checked` counts the integers seen. */
function integerFaults(schema: unknown, path: string, found: { faults: string[]; checked: number }): void {
  if (Array.isArray(schema)) {
    schema.forEach((item, index) => integerFaults(item, `${path}[${index}]`, found));
    return;
  }
  if (typeof schema !== 'object' || schema === null) return;
  const node = schema as Record<string, unknown>;
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes('integer')) {
    found.checked += 1;
    if (typeof node.minimum !== 'number' || typeof node.maximum !== 'number') found.faults.push(`${path}: integer without minimum and maximum`);
    else if (node.maximum > INT32.max || node.minimum < INT32.min) found.faults.push(`${path}: bound beyond a 32-bit integer`);
  }
  for (const [key, child] of Object.entries(node)) integerFaults(child, `${path}/${key}`, found);
}

function faultsOf(schema: unknown, path: string) {
  const found = { faults: [] as string[], checked: 0 };
  integerFaults(schema, path, found);
  return found;
}

describe('integer bounds of the contract', () => {
  test('every integer in a request (path, query, body) is bounded within a 32-bit integer', async () => {
    const found = { faults: [] as string[], checked: 0 };
    for (const operation of await loadContract()) {
      const { body, querystring, params } = operation.schema;
      integerFaults({ params, querystring, body }, operation.operationId, found);
    }
    expect(found.faults).toEqual([]);
    // The walk reaches the contract's integers at all (page sizes, versions): not a pass by finding nothing.
    expect(found.checked).toBeGreaterThan(5);
  });

  /** [schema, its faults]: the check itself. */
  const CASES: Array<[unknown, string[]]> = [
    [{ type: 'integer', minimum: 0, maximum: 100 }, []],
    [{ type: ['integer', 'null'], minimum: 0, maximum: 2_147_483_647 }, []],
    [{ type: 'integer' }, ['op/body: integer without minimum and maximum']],
    [{ type: 'integer', minimum: 0 }, ['op/body: integer without minimum and maximum']],
    [{ type: 'integer', minimum: 0, maximum: 2_147_483_648 }, ['op/body: bound beyond a 32-bit integer']],
    [{ type: 'object', properties: { version: { type: 'integer', maximum: 1 } } }, ['op/body/properties/version: integer without minimum and maximum']],
  ];
  test.each(CASES)('%j has the faults %j', (schema, faults) => {
    expect(faultsOf(schema, 'op/body').faults).toEqual(faults);
  });
});
