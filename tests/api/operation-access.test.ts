import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { OPERATIONS } from '../../api/operations.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Every operation of the contract, read from the generated api/operations.ts, so an operation added later is
 * covered without touching this file: without a token every non-public operation answers 401, and a signed-in
 * user whose role holds no permission at all gets 403 from every operation that names one. Both answers
 * carry a readable message and come before the request is validated (nothing about the shape wanted leaks).
 */
type Operation = { method: string; path: string; public: boolean; permission: string | null };

const ANY_ID = '00000000-0000-4000-8000-000000000000';
const operations = Object.entries(OPERATIONS as Record<string, Operation>);
const guarded = operations.filter(([, operation]) => !operation.public);
const permissioned = guarded.filter(([, operation]) => operation.permission !== null);

let t: TestApp;
let nobodyToken: string;

function request(operation: Operation, token?: string): InjectOptions {
  const url = operation.path.replace(/\{[^}]+\}/g, ANY_ID);
  return {
    method: operation.method as InjectOptions['method'],
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(['POST', 'PUT', 'PATCH'].includes(operation.method) ? { payload: {} } : {}),
  };
}

beforeAll(async () => {
  t = await startTestApp();
  await t.db.query(`INSERT INTO roles (id, name, account_type) VALUES ('test-no-permissions', 'No permissions', 'AGENCY')`);
  await t.createUser({ email: 'nobody@agency.example', accountOf: 'agent@agency.example' });
  await t.db.query(`UPDATE users SET role_id = 'test-no-permissions' WHERE email = 'nobody@agency.example'`);
  nobodyToken = (await t.tokensFor('nobody@agency.example')).accessToken;
});

afterAll(async () => {
  await t?.close();
});

describe('the contract is guarded', () => {
  it('has operations to check, most of them behind a permission', () => {
    expect(guarded.length).toBeGreaterThan(30);
    expect(permissioned.length).toBeGreaterThan(guarded.length / 2);
  });

  it.each(guarded)('%s answers 401 without a token', async (_, operation) => {
    const response = await t.inject(request(operation));
    expect(response.statusCode, response.body).toBe(401);
    expect(response.json().message).toMatch(/\w/);
  });

  it.each(permissioned)('%s answers 403 to a user without its permission', async (_, operation) => {
    const response = await t.inject(request(operation, nobodyToken));
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().message).toMatch(/\w/);
  });
});
