import { describe, expect, test } from 'vitest';
import { OPERATIONS } from '../../../api/operations.ts';
import { isAuthPath, isPublicCall } from '../../../api/public-paths.ts';

/** A concrete URL of an operation's path template. */
const urlOf = (path: string) => path.replace(/\{[^}]+\}/g, 'x1');

describe('which calls carry no bearer token: exactly the operations the contract marks public', () => {
  test.each(Object.entries(OPERATIONS))('%s', (_, operation) => {
    expect(isPublicCall(operation.method, urlOf(operation.path))).toBe(operation.public);
    expect(isPublicCall(operation.method, `${urlOf(operation.path)}?a=1`)).toBe(operation.public);
  });

  test.each([
    ['POST', '/api/auth/v1/login', true],
    ['POST', '/api/auth/v1/token/refresh', true],
    ['GET', '/api/auth/v1/wf/access/123', true],
    ['POST', '/api/auth/v1/validatePasswordReset/tok', true],
    ['GET', '/api/auth/v1/me', false],
    ['GET', '/api/auth/v1/mfa/authenticator', false],
    ['PUT', '/api/auth/v1/mfa/update?mfaType=GOOGLE', false],
    ['GET', '/api/dev/outbox', false],
    // The same path with a method the contract does not make public, and a path it does not describe.
    ['GET', '/api/auth/v1/login', false],
    ['GET', '/api/auth/v1/sso/status', false],
    ['GET', '/api/auth/v1/loading/tok/extra', false],
  ] as const)('%s %s public: %s', (method, path, expected) => {
    expect(isPublicCall(method, path)).toBe(expected);
  });

  test('auth paths are the /api/auth/ ones', () => {
    expect(isAuthPath('/api/auth/v1/me')).toBe(true);
    expect(isAuthPath('/api/account/v1/accounts/1')).toBe(false);
  });
});
