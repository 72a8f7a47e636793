import { PUBLIC_OPERATIONS } from './public-operations.ts';

/**
 * Which calls go without a bearer token: the operations the contract marks `security: []` (the public
 * sign-in, reset, invitation, workflow and console calls of spec 000 section 7), read from the generated
 * api/public-operations.ts. A path the contract does not describe carries the token.
 */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const PUBLIC_CALLS: ReadonlyArray<{ method: string; pattern: RegExp }> = Object.values(PUBLIC_OPERATIONS).map((operation) => ({
  method: operation.method,
  pattern: new RegExp(`^${operation.path.split(/\{[^}]+\}/).map(escape).join('[^/]+')}$`),
}));

function normalise(path: string): string {
  const withoutQuery = path.split('?')[0] ?? '';
  return withoutQuery.startsWith('/') ? withoutQuery : `/${withoutQuery}`;
}

/** True when this call must not carry the bearer token. */
export function isPublicCall(method: string, path: string): boolean {
  const clean = normalise(path);
  const verb = method.toUpperCase();
  return PUBLIC_CALLS.some((call) => call.method === verb && call.pattern.test(clean));
}

/** Auth paths raise the server-trouble event on 500/502. */
export function isAuthPath(path: string): boolean {
  return normalise(path).startsWith('/api/auth/');
}
