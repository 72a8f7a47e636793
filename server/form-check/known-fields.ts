import type { FastifyRequest } from 'fastify';
import type { OperationId } from '../../api/operations.ts';
import type { TypedHandler } from '../contract/handlers.ts';

/**
 * Values of form fields the server knows better than the client, read before the form check: the sign-up
 * link says which account type signs up, so the definition's rules see that type even when the body leaves
 * it out (the browser fills the hidden field from the link). They replace what the body says for the check
 * only; the handler still reads the body as sent and compares.
 */
export type KnownFields = (request: FastifyRequest) => Promise<Record<string, unknown>>;

/** Keyed by the handler function itself: discovery passes the same function on to the route. */
const declared = new WeakMap<object, KnownFields>();

/** A handler that declares the fields it knows for its operation's form check (see KnownFields). */
export function withKnownFields<O extends OperationId>(known: KnownFields, handler: TypedHandler<O>): TypedHandler<O> {
  declared.set(handler, known);
  return handler;
}

export function knownFieldsOf(handler: object): KnownFields | undefined {
  return declared.get(handler);
}
