import { describe, expect, test } from 'vitest';
import { isAuthPath, isPublicAuthPath } from '../../../api/public-paths.ts';

describe('which calls carry no bearer token (spec 000 section 7)', () => {
  test.each([
    '/api/auth/v1/login',
    '/api/auth/v1/signup?validationToken=abc',
    '/api/auth/v1/join',
    '/api/auth/v1/validationTokens/abc',
    '/api/auth/v1/validate-password?token=x',
    '/api/auth/v1/password-constraints',
    '/api/auth/v1/checkPasswordReset/1',
    '/api/auth/v1/validatePasswordReset/1',
    '/api/auth/v1/checkUserInvited/1',
    '/api/auth/v1/validateUserInvited/1',
    '/api/auth/v1/resendValidationEmail/a@b.example',
    '/api/auth/v1/passwords/a@b.example/reset',
    '/api/auth/v1/sso/token',
    '/api/auth/v1/sso/status',
    '/api/auth/v1/token/refresh',
    '/api/auth/v1/validateMFAReset/tok',
    '/api/auth/v1/wf/access/123',
    '/api/auth/v1/wf/token',
    '/api/auth/v1/passwords/forgot',
    '/api/auth/v1/captcha/challenge',
    '/api/auth/v1/admin/enter/tok',
    '/api/auth/v1/loading/tok',
    '/api/auth/v1/mfa/reset',
    '/api/auth/v1/mfa/resend',
  ])('%s is public', (path) => {
    expect(isPublicAuthPath(path)).toBe(true);
  });

  test.each([
    '/api/auth/v1/login/status',
    '/api/auth/v1/users',
    '/api/auth/v1/users/add-accounts',
    '/api/auth/v1/me',
    '/api/auth/v1/permissions/map',
    '/api/auth/v1/teams/search',
    '/api/auth/v1/mfa/update?mfaType=GOOGLE',
    '/api/auth/v1/mfa/verify',
    '/api/auth/v1/mfa/authenticator',
    '/api/auth/v1/invitations',
    '/api/auth/v1/my-accounts',
    '/api/auth/v1/agency/1/jtoken',
    '/api/auth/v1/accounts/1/myToken',
    '/api/console-version',
    '/api/account/v1/accounts/1',
  ])('%s carries the token', (path) => {
    expect(isPublicAuthPath(path)).toBe(false);
  });

  test('auth paths are the /api/auth/ ones', () => {
    expect(isAuthPath('/api/auth/v1/me')).toBe(true);
    expect(isAuthPath('/api/account/v1/accounts/1')).toBe(false);
  });
});
