import type { FastifyRequest } from 'fastify';
import type { OperationId } from '../../api/operations.ts';
import type { TypedHandler } from '../contract/handlers.ts';

/**
 * Rule-context flags a request sets for its form check, beside the edition's feature flags: the account
 * profile saved for the pro product (`?product=P100_PRO`) is checked with `$context.flags.proProduct`, as
 * the page that edits it for that product shows the pro extras. The flags come from what the request is
 * about, never from who asks, so they can only show or require more of the form, as the definition says.
 */
export type RuleFlags = (request: FastifyRequest) => Record<string, boolean>;

const declared = new WeakMap<object, RuleFlags>();

/** A handler that declares rule flags for its operation's form check (see RuleFlags). */
export function withRuleFlags<O extends OperationId>(flags: RuleFlags, handler: TypedHandler<O>): TypedHandler<O> {
  declared.set(handler, flags);
  return handler;
}

export function ruleFlagsOf(handler: object): RuleFlags | undefined {
  return declared.get(handler);
}
