import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** HSTS: a year, subdomains included; sent only on requests that arrived over TLS. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer (API, errors, 404s, static files, the SPA's index.html), set by helmet
 * in an onRequest hook so no route can forget them. Access and refresh tokens live in the browser's
 * storage, so the Content-Security-Policy is what keeps injected script away from them: scripts only from
 * our own origin, no inline script, nothing may frame the console.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // No inline script. 'unsafe-eval' stays while the engine compiles its JSON Schema validators with ajv
        // in the browser (ajv generates code with new Function); precompiled validators would remove it.
        scriptSrc: ["'self'", "'unsafe-eval'"],
        // Chakra UI (emotion) and CodeMirror insert <style> elements at run time; styles cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The MFA enrolment shows its QR code as a data: URL; the favicon is an empty data: URL.
        imgSrc: ["'self'", 'data:'],
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
    // HSTS over plain http is meaningless and would pin a development host to https: set below, TLS only.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    // request.protocol honours X-Forwarded-Proto only when TRUST_PROXY says a proxy terminates TLS.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
  });
}
