/**
 * Which calls go without a bearer token (spec 000 section 7): the public auth paths (signup, login, loading,
 * confirm, reset, validation, join, sso token and status, application-signed and similar), except login
 * status and the users get and add-accounts calls, which do carry the token.
 */

const PUBLIC_AUTH_PATTERNS: readonly RegExp[] = [
  /^\/api\/auth\/v1\/signup\b/,
  /^\/api\/auth\/v1\/login\b/,
  /^\/api\/auth\/v1\/loading\b/,
  /^\/api\/auth\/v1\/confirm/i,
  /^\/api\/auth\/v1\/(check|validate)PasswordReset\//,
  /^\/api\/auth\/v1\/(check|validate)UserInvited\//,
  /^\/api\/auth\/v1\/validateMFAReset\//,
  /^\/api\/auth\/v1\/validationTokens\//,
  /^\/api\/auth\/v1\/validate-password\b/,
  /^\/api\/auth\/v1\/password-constraints\b/,
  /^\/api\/auth\/v1\/resendValidationEmail\//,
  /^\/api\/auth\/v1\/passwords\/[^/]+\/reset\b/,
  /^\/api\/auth\/v1\/forgot-password\b/,
  /^\/api\/auth\/v1\/passwords\/forgot\b/,
  /^\/api\/auth\/v1\/captcha\//,
  /^\/api\/auth\/v1\/admin\/enter\//,
  /^\/api\/auth\/v1\/mfa\/resend\b/,
  /^\/api\/auth\/v1\/mfa\/reset\b/,
  /^\/api\/auth\/v1\/join\b/,
  /^\/api\/auth\/v1\/sso\/(token|status)\b/,
  /^\/api\/auth\/v1\/token\/refresh\b/,
  /^\/api\/auth\/v1\/application-signed\b/,
  /^\/api\/auth\/v1\/wf\//,
];

/** Public-looking paths that still carry the token. */
const TOKEN_EXCEPTIONS: readonly RegExp[] = [
  /^\/api\/auth\/v1\/login\/status\b/,
  /^\/api\/auth\/v1\/users\b/,
  /^\/api\/auth\/v1\/.*add-accounts\b/,
];

function normalise(path: string): string {
  const withoutQuery = path.split('?')[0] ?? '';
  return withoutQuery.startsWith('/') ? withoutQuery : `/${withoutQuery}`;
}

/** True when a call to this path must not carry the bearer token. */
export function isPublicAuthPath(path: string): boolean {
  const clean = normalise(path);
  if (TOKEN_EXCEPTIONS.some((pattern) => pattern.test(clean))) return false;
  return PUBLIC_AUTH_PATTERNS.some((pattern) => pattern.test(clean));
}

/** Auth paths raise the server-trouble event on 500/502. */
export function isAuthPath(path: string): boolean {
  return normalise(path).startsWith('/api/auth/');
}
