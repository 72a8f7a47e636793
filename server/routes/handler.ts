import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';

/** A route handler, registered under an operationId of api/openapi.yaml. */
export type OperationHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export type OperationHandlers = Record<string, OperationHandler>;

export type HandlerModule = (services: Services) => OperationHandlers;

/** 'uk' when the host name ends in the UK country suffix (spec 000 section 1), else 'us'. */
export function editionOf(request: FastifyRequest): 'us' | 'uk' {
  return /\.uk$/i.test(request.hostname.replace(/:\d+$/, '')) ? 'uk' : 'us';
}
