import fastifyHelmet from '@fastify/helmet';
// The library @fastify/helmet wraps (its own dependency): the same options, applied by hand where Fastify
// answers without running hooks (see applySecurityHeaders).
import helmet from 'helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** HSTS: a year, subdomains included; sent only on requests that arrived over TLS. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * The headers every answer carries. Access and refresh tokens live in the browser's storage, so the
 * Content-Security-Policy is what keeps injected script away from them: scripts only from our own origin,
 * no inline script, nothing may frame the console. Kept `as const` rather than typed: helmet's ESM typings
 * and those @fastify/helmet uses (CommonJS) are distinct types, and a literal satisfies both.
 */
const HEADERS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // No inline script: index.html loads only /assets/*.js. 'unsafe-eval' stays while the form runtime
      // compiles its JSON Schema validators with ajv in the browser (ajv generates code with new Function;
      // without it the login page stays blank: script-src blocks eval in use-form-session). Precompiled
      // validators would let it go.
      scriptSrc: ["'self'", "'unsafe-eval'"],
      // Chakra UI (emotion) and CodeMirror insert <style> elements at run time, with content computed in
      // the browser, so neither a hash nor a nonce can name them (without it every page loses its styles:
      // style-src-elem blocks them). A style cannot run code; scripts stay locked down above.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // The MFA enrolment shows its QR code as a data: URL; the favicon is an empty data: URL; a picture or
      // logo being cropped is previewed from the chosen file (a blob: URL) before it is uploaded.
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  xFrameOptions: { action: 'deny' },
  // HSTS over plain http is meaningless and would pin a development host to https: set per request, TLS only.
  strictTransportSecurity: false,
} as const;

const setHeaders = helmet(HEADERS);

function addHsts(request: FastifyRequest, reply: FastifyReply): void {
  // request.protocol honours X-Forwarded-Proto only when TRUST_PROXY says a proxy terminates TLS.
  if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
}

/**
 * Security headers on every answer (API, errors, 404s, static files, the SPA's index.html), set by helmet
 * in an onRequest hook so no route can forget them.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, { global: true, ...HEADERS });
  app.addHook('onRequest', async (request, reply) => addHsts(request, reply));
}

/**
 * The same headers for an answer Fastify gives before any hook runs (an address it cannot decode: its
 * frameworkErrors handler).
 */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  setHeaders(request.raw, reply.raw, () => undefined);
  addHsts(request, reply);
}
