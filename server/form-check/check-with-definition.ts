import type { FastifyRequest } from 'fastify';
import { DefinitionError, type EditionId, type FormDefinition } from '../../engine/index.ts';
import { editionOf } from '../contract/handlers.ts';
import type { DefinitionService } from '../definitions/definition-service.ts';
import { HttpError } from '../http/http-error.ts';
import type { Services } from '../services.ts';
import { checkFormData, type FieldFault } from './check-form-data.ts';
import { ruleContextOfRequest } from './request-rule-context.ts';

export const FORM_CHECK_MESSAGES = {
  /** The refusal's text when the form's binding names no failureText of its own. */
  correctFields: 'Please correct the highlighted fields.',
  definitionUnavailable: 'This form could not be loaded. Please contact support.',
} as const;

/**
 * A form definition as the edition sees it now: the file with the newest published version applied. Read
 * through the definition service on every call, so a publish takes effect on the next request.
 */
export async function publishedForm(definitions: DefinitionService, id: string, edition: EditionId): Promise<FormDefinition> {
  const state = await definitions.current();
  try {
    return state.registry().resolve<FormDefinition>(id, edition);
  } catch (error) {
    // Only when a deploy changed a file under a published version: say so rather than accept unchecked data.
    if (error instanceof DefinitionError) throw new HttpError(500, FORM_CHECK_MESSAGES.definitionUnavailable);
    throw error;
  }
}

/** The 400 of a refused form: the binding's failureText (else a generic text) and every field's message. */
export function formRefused(definition: FormDefinition, errors: FieldFault[]): HttpError {
  return new HttpError(400, definition.binding?.failureText ?? FORM_CHECK_MESSAGES.correctFields, { errors });
}

/**
 * Checks `data` with the form definition `id` of the request's edition, as published, in the rule context
 * of the caller (persona, role, flags, today). Answers the cleaned data (see checkFormData), or throws the
 * 400 refusal with the definition's messages in the order the form shows its fields.
 */
export async function checkWithDefinition(
  services: Services,
  request: FastifyRequest,
  id: string,
  data: Readonly<Record<string, unknown>>,
  extraFlags?: Record<string, boolean>,
): Promise<Record<string, unknown>> {
  return (await checkWithDefinitionShown(services, request, id, data, extraFlags)).data;
}

/** checkWithDefinition, with the top-level fields the form showed (see checkedFieldsOf). */
export async function checkWithDefinitionShown(
  services: Services,
  request: FastifyRequest,
  id: string,
  data: Readonly<Record<string, unknown>>,
  extraFlags?: Record<string, boolean>,
): Promise<{ data: Record<string, unknown>; fields: string[] }> {
  const [definition, context] = await Promise.all([
    publishedForm(services.definitions, id, editionOf(request)),
    ruleContextOfRequest(services, request, extraFlags),
  ]);
  const checked = checkFormData(definition, context, data);
  if (!checked.ok) throw formRefused(definition, checked.errors);
  return { data: checked.data, fields: checked.fields };
}
