import type { FastifyInstance } from 'fastify';
import { admit } from '../auth/session-gate.ts';
import { formCheckHook } from '../form-check/form-check-hook.ts';
import { knownFieldsOf } from '../form-check/known-fields.ts';
import { ruleFlagsOf } from '../form-check/rule-flags.ts';
import type { OperationHandlers } from './handlers.ts';
import { FORM_ENCODED, type ContractOperation } from './contract.ts';
import { HttpError } from '../http/http-error.ts';

/**
 * Registers one route per contract operation. The contract decides the path, the request and response
 * schemas, whether a bearer token is needed and which permission; the handler only does the work. An
 * operation without a handler, or a handler without an operation, stops the server from starting.
 * Every operation with a request body also gets the form check: a body whose operation a form definition
 * binds is checked with that definition before the handler runs (server/form-check). Which forms bind
 * which operations is read per request, so a publish needs no restart, and a binding to an operation
 * without a body is simply never consulted.
 */
export function registerContractRoutes(
  app: FastifyInstance,
  operations: readonly ContractOperation[],
  handlers: OperationHandlers,
): void {
  const known = new Set(operations.map((operation) => operation.operationId));
  registerFormPosts(app, operations);
  registerSignedBodies(app, operations);
  const orphans = Object.keys(handlers).filter((id) => !known.has(id));
  if (orphans.length > 0) throw new Error(`Handlers without a contract operation: ${orphans.join(', ')}`);

  for (const operation of operations) {
    const handler = handlers[operation.operationId];
    if (!handler) {
      throw new Error(`No handler for operation '${operation.operationId}' (${operation.method} ${operation.path})`);
    }
    app.route({
      method: operation.method,
      url: operation.url,
      schema: operation.schema,
      config: { operationId: operation.operationId },
      ...(operation.bodyLimit ? { bodyLimit: operation.bodyLimit } : {}),
      // Authentication runs before validation, so an anonymous caller learns nothing about the shape wanted.
      onRequest: operation.isPublic
        ? undefined
        : (request) => admit(app.services, request, operation),
      // A form-post operation takes nothing else (a JSON body would otherwise be parsed and validated).
      preValidation: operation.formEncoded ? async (request) => refuseOtherMediaTypes(request.headers['content-type']) : undefined,
      preHandler: operation.schema.body === undefined ? undefined : formCheckHook(app.services, operation.operationId, knownFieldsOf(handler), ruleFlagsOf(handler)),
      handler,
    });
  }
}

/**
 * Form posts (application/x-www-form-urlencoded) are parsed only for the operations whose contract takes one
 * (an OAuth token endpoint); every other operation answers such a body 415, as it does any type it does not take.
 */
function registerFormPosts(app: FastifyInstance, operations: readonly ContractOperation[]): void {
  const accepting = new Set(operations.filter((operation) => operation.formEncoded).map((operation) => operation.operationId));
  app.addContentTypeParser(FORM_ENCODED, { parseAs: 'string' }, (request, body, done) => {
    const operationId = (request.routeOptions.config as { operationId?: string } | undefined)?.operationId;
    if (!operationId || !accepting.has(operationId)) {
      done(new HttpError(415, `Unsupported Media Type: ${FORM_ENCODED}`), undefined);
      return;
    }
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}

/**
 * A webhook's signature covers the exact bytes sent, which parsing would lose: for the operations that take a
 * signed body (x-signed-body) the raw text is kept on the request as `rawBody`, then parsed as any JSON body.
 */
function registerSignedBodies(app: FastifyInstance, operations: readonly ContractOperation[]): void {
  const signed = new Set(operations.filter((operation) => operation.signedBody).map((operation) => operation.operationId));
  if (signed.size === 0) return;
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const operationId = (request.routeOptions.config as { operationId?: string } | undefined)?.operationId;
    if (operationId && signed.has(operationId)) (request as typeof request & { rawBody?: string }).rawBody = String(body);
    parseJson(request, String(body), done);
  });
}

function refuseOtherMediaTypes(contentType: string | undefined): void {
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType !== FORM_ENCODED) throw new HttpError(415, `Unsupported Media Type: ${mediaType || 'none'}`);
}
