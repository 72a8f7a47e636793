import { expect, test } from 'vitest';
import { loadContract } from '../../../server/contract/contract.ts';

/**
 * Every integer a request may carry has both bounds, at most a PostgreSQL integer: an unbounded one once
 * let '2147483648' and '1e309' reach the database as 500s. A new operation without bounds fails here by name.
 */
const INT32_MAX = 2_147_483_647;

function unboundedIntegers(schema: unknown, path: string, found: string[]): void {
  if (Array.isArray(schema)) {
    schema.forEach((item, index) => unboundedIntegers(item, `${path}[${index}]`, found));
    return;
  }
  if (typeof schema !== 'object' || schema === null) return;
  const node = schema as Record<string, unknown>;
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes('integer')) {
    if (typeof node.minimum !== 'number' || typeof node.maximum !== 'number') found.push(`${path}: integer without minimum and maximum`);
    else if (node.maximum > INT32_MAX || node.minimum < -INT32_MAX - 1) found.push(`${path}: bound beyond a 32-bit integer`);
  }
  for (const [key, child] of Object.entries(node)) unboundedIntegers(child, `${path}/${key}`, found);
}

test('every integer in a request is bounded within a 32-bit integer', async () => {
  const found: string[] = [];
  for (const operation of await loadContract()) {
    const { body, querystring, params } = operation.schema;
    unboundedIntegers({ body, querystring, params }, operation.operationId, found);
  }
  expect(found).toEqual([]);
});
