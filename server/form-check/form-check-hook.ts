import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Services } from '../services.ts';
import { boundFormOf } from './bound-forms.ts';
import { rememberCheckedBody } from './checked-body.ts';
import { checkWithDefinitionShown } from './check-with-definition.ts';
import type { KnownFields } from './known-fields.ts';
import type { RuleFlags } from './rule-flags.ts';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The automatic check of an operation with a request body: when a form definition names the operation as
 * its binding.submit or binding.update (as published now), the body is checked with that definition after
 * the contract's own validation and before the handler, which reads the cleaned body with checkedBodyOf.
 * No handler checks its own form; an operation no form names passes through untouched.
 */
export function formCheckHook(services: Services, operationId: string, known?: KnownFields, flags?: RuleFlags): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest) => {
    const formId = boundFormOf(await services.definitions.current(), operationId);
    if (!formId) return;
    // An optional body left out is checked as an empty form: its required fields are then named.
    const body = isRecord(request.body) ? request.body : {};
    const data = known ? { ...body, ...(await known(request)) } : body;
    const checked = await checkWithDefinitionShown(services, request, formId, data, flags?.(request));
    rememberCheckedBody(request, checked.data, checked.fields);
  };
}
