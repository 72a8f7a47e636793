import { createHash } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MINUTE } from '../clock.ts';
import { HttpError } from './http-error.ts';

export const RATE_LIMIT_TEXTS = {
  tooMany: (seconds: number) => `Too many requests. Please wait ${seconds} seconds and try again.`,
} as const;

/**
 * The caller a request counts against: its bearer token (so the users behind one office address do not
 * share a budget), else its address. The token is hashed: the limiter's memory never holds a credential.
 * A forged token only earns its own budget of 401s.
 */
function callerKey(request: FastifyRequest): string {
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return `token:${createHash('sha256').update(authorization.slice(7)).digest('base64url').slice(0, 22)}`;
  return `address:${request.ip}`;
}

/**
 * Every API answer carries X-RateLimit-Limit, -Remaining and -Reset (the contract declares them, issue 9 §1);
 * past the limit a caller gets 429 with Retry-After and a sentence to read. The stricter throttles of
 * sign-in and one-time codes (server/auth) come on top. Counts live in this process's memory: a server
 * run as several instances needs a shared store (the plugin takes a Redis client).
 */
export async function registerRateLimit(app: FastifyInstance, requestsPerMinute: number): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: true,
    max: requestsPerMinute,
    timeWindow: MINUTE,
    keyGenerator: callerKey,
    // The client's files are cached and carry no token: an office of users behind one address loading the
    // console at nine o'clock must not share one budget for them.
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: (_request, context) => new HttpError(429, RATE_LIMIT_TEXTS.tooMany(Math.max(1, Math.ceil(context.ttl / 1000)))),
  });
}
