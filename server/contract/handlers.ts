import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OperationId } from '../../api/operations.ts';
import type { operations } from '../../api/schema.d.ts';
import { editionFromHost, type EditionId } from '../../engine/index.ts';
import type { Services } from '../services.ts';

/**
 * Handlers are typed by their operation: a resource module's object literal is checked against the
 * contract, so each handler's request carries the body, query and path parameter types of its operationId
 * (no casts needed), and a key that names no operation does not compile.
 */
type Operation<O extends OperationId> = operations[O];
type BodyOf<O extends OperationId> = Operation<O> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : unknown;
type QueryOf<O extends OperationId> = Operation<O> extends { parameters: { query?: infer Q } } ? Exclude<Q, undefined> : unknown;
type ParamsOf<O extends OperationId> = Operation<O> extends { parameters: { path?: infer P } } ? Exclude<P, undefined> : unknown;

export type OperationRequest<O extends OperationId> = FastifyRequest<{ Body: BodyOf<O>; Querystring: QueryOf<O>; Params: ParamsOf<O> }>;
export type TypedHandler<O extends OperationId> = (request: OperationRequest<O>, reply: FastifyReply) => Promise<unknown>;
export type TypedHandlers = { [O in OperationId]?: TypedHandler<O> };

/** A route handler as Fastify registers it, under an operationId of the contract. */
export type OperationHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
export type OperationHandlers = Record<string, OperationHandler>;

/** What server/resources/<name>/handlers.ts exports as `handlers`: its operations' handlers, given the services. */
export type HandlerModule = (services: Services) => TypedHandlers;

/** The request's edition from its host name, by the engine's rule (the browser uses the same one). */
export function editionOf(request: FastifyRequest): EditionId {
  return editionFromHost(request.hostname);
}
