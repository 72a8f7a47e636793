import Fastify, { type FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { createAccessTokens } from './auth/access-tokens.ts';
import { registerApiKeyActivity } from './auth/api-key-activity.ts';
import { createPasswordHasher, type HashCost } from './auth/password.ts';
import { loadSigningSecret } from './auth/signing-secret.ts';
import { systemClock, type Clock } from './clock.ts';
import { readConfig, type ServerConfig } from './config.ts';
import { loadContract } from './contract/contract.ts';
import { discoverHandlers } from './contract/discover-handlers.ts';
import { registerContractRoutes } from './contract/register-routes.ts';
import { createValidatorCompiler } from './contract/validator.ts';
import type { Database } from './db/database.ts';
import { prepareDatabase } from './db/prepare.ts';
import { answerFrameworkError, errorHandler } from './http/error-handler.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { registerMultipart } from './http/multipart.ts';
import { registerRateLimit } from './http/rate-limit.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { MESSAGES } from './http/http-error.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './mail/mailer.ts';
import { createDefinitionService } from './definitions/definition-service.ts';
import type { Services } from './services.ts';
import { registerClientFiles, registerCompression, REVALIDATE_CACHE } from './http/delivery.ts';

export interface AppOptions {
  db: Database;
  clock?: Clock;
  config?: Partial<ServerConfig>;
  /** Replaces the mailer chosen from the config (SMTP_URL or the outbox). */
  mailer?: Mailer;
  /** Argon2 cost; the library defaults unless given (tests pass a lower cost). */
  hashCost?: HashCost;
  /** Serve the built client from this folder, with the SPA fallback to index.html for non-/api paths. */
  clientDir?: string;
  /** Migrate on start (default true); the demo world is seeded only outside production. */
  prepare?: boolean;
  /** With a newly seeded demo world, also its clients and claims (the development start; API tests keep the bare world). */
  demoRecords?: boolean;
  logger?: boolean | { level: string };
}


/** The services every handler uses, attached once (fastify-plugin: visible to the whole app). */
const servicesPlugin = fastifyPlugin<{ services: Services }>(
  async (app, { services }) => {
    app.decorate('services', services);
    app.decorateRequest('caller', null);
  },
  { name: 'services' },
);

const routesPlugin = fastifyPlugin(
  async (app) => {
    const operations = await loadContract();
    const services = app.services;
    registerContractRoutes(app, operations, await discoverHandlers(services));
  },
  { name: 'contract-routes', dependencies: ['services'] },
);

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const config: ServerConfig = { ...readConfig(), ...options.config };
  const clock = options.clock ?? systemClock;
  const { db } = options;
  const hasher = createPasswordHasher(options.hashCost);

  const prepared = options.prepare === false ? null : await prepareDatabase(db, { clock, hasher, seed: !config.production, records: options.demoRecords === true && !config.production });
  const secret = await loadSigningSecret(db, clock);
  const mailer = options.mailer
    ?? (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom, db, clock) : createOutboxMailer(db, clock));
  const services: Services = {
    db, clock, config, mailer, hasher, accessTokens: createAccessTokens(secret, clock),
    definitions: createDefinitionService({ db, clock }),
  };

  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(createValidatorCompiler());
  app.setErrorHandler(errorHandler);
  await registerSecurityHeaders(app);
  await registerCompression(app);
  await registerRateLimit(app, config.requestsPerMinute);
  registerInputGuard(app);
  registerApiKeyActivity(app);
  await registerMultipart(app);

  await app.register(servicesPlugin, { services });
  await app.register(routesPlugin);

  // A miss among the client's files falls through to the SPA fallback below.
  if (options.clientDir) await registerClientFiles(app, options.clientDir);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (options.clientDir && (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/') && path !== '/api') {
      return reply.header('Cache-Control', REVALIDATE_CACHE).sendFile('index.html');
    }
    return reply.code(404).send({ message: MESSAGES.notFound });
  });

  app.decorate('prepared', prepared);
  return app;
}
