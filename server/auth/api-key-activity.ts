import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiKeyUseOf } from './api-key-auth.ts';

/**
 * Records every request made with an API key (spec 001 section 7 API activity), refused ones included,
 * once its answer is known and before it leaves: when, which key, the method, the route template (never
 * the query string), the status and the time taken. No body, header or secret is kept. A failure to
 * record is logged and never turns the answer into an error.
 */
export function registerApiKeyActivity(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const use = apiKeyUseOf(request);
    if (!use) return payload;
    try {
      await app.services.db.query(
        `INSERT INTO api_activity (at, account_id, api_key_id, api_client_id, key_name, method, path, operation_id, status, duration_ms, address)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          app.services.clock.now(), use.accountId, use.apiKeyId, use.keyId, use.keyName, request.method, routeTemplateOf(request),
          operationIdOf(request), reply.statusCode, Math.round(reply.elapsedTime * 10) / 10, request.ip,
        ],
      );
    } catch (error) {
      request.log.error({ err: error }, 'API activity could not be recorded');
    }
    return payload;
  });
}

/** '/api/claims/v1/:claimId' as the contract writes it, '/api/claims/v1/{claimId}'; an unknown route is not echoed. */
export function routeTemplateOf(request: FastifyRequest): string {
  const url = request.routeOptions.url;
  return url ? url.replace(/:([A-Za-z0-9_]+)/g, '{$1}') : '(unknown route)';
}

function operationIdOf(request: FastifyRequest): string | null {
  const config = request.routeOptions.config as { operationId?: unknown } | undefined;
  return typeof config?.operationId === 'string' ? config.operationId : null;
}
