import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FormDefinition, JsonSchema } from '../definitions/types.ts';
import { isEmptyValue, pointerToPath } from '../json/paths.ts';
import { DEFAULT_MESSAGES, FALLBACK_MESSAGE, fillMessage } from './default-messages.ts';

export interface FieldError {
  keyword: string;
  message: string;
}

export type FieldErrors = Record<string, FieldError[]>;

let sharedAjv: Ajv | undefined;

function ajv(): Ajv {
  if (sharedAjv) return sharedAjv;
  // strict off: definitions may carry annotations (x-*, titles on oneOf branches) that are not keywords.
  sharedAjv = new Ajv({ allErrors: true, strict: false, coerceTypes: false });
  addFormats.default ? addFormats.default(sharedAjv) : (addFormats as unknown as (a: Ajv) => void)(sharedAjv);
  return sharedAjv;
}

const compiled = new WeakMap<FormDefinition, ValidateFunction>();

/**
 * The schema's static constraints, compiled once per resolved definition. Required-ness is left out:
 * rules decide it, and a hidden field is never required, so the form runtime checks it separately.
 */
export function compiledValidator(definition: FormDefinition): ValidateFunction {
  let validate = compiled.get(definition);
  if (!validate) {
    validate = ajv().compile(withoutRequired(definition.schema));
    compiled.set(definition, validate);
  }
  return validate;
}

function withoutRequired(schema: JsonSchema): JsonSchema {
  const { required: _required, ...rest } = schema;
  if (rest.properties) {
    rest.properties = Object.fromEntries(
      Object.entries(rest.properties as Record<string, JsonSchema>).map(([key, child]) => [key, withoutRequired(child)]),
    );
  }
  return rest;
}

/** Schema errors by field path, one per field (the most general keyword wins: `oneOf` over its branches). */
export function schemaErrors(
  definition: FormDefinition,
  data: unknown,
  labelOf: (path: string) => string,
  include: (path: string) => boolean,
): FieldErrors {
  const validate = compiledValidator(definition);
  if (validate(data)) return {};
  const byPath = new Map<string, ErrorObject>();
  for (const error of validate.errors ?? []) {
    const path = pointerToPath(error.instancePath).replace(/\.\d+$/, '');
    if (!path || !include(path)) continue;
    const current = byPath.get(path);
    if (!current || error.schemaPath.length < current.schemaPath.length) byPath.set(path, error);
  }
  const errors: FieldErrors = {};
  for (const [path, error] of byPath) {
    if (isEmptyValue(valueAt(data, path))) continue;
    errors[path] = [{ keyword: error.keyword, message: messageFor(definition, path, error.keyword, error.params, labelOf(path)) }];
  }
  return errors;
}

export function messageFor(
  definition: FormDefinition,
  path: string,
  keyword: string,
  params: Record<string, unknown>,
  label: string,
): string {
  const template = definition.messages?.[`${path}.${keyword}`] ?? DEFAULT_MESSAGES[keyword] ?? FALLBACK_MESSAGE;
  return fillMessage(template, { ...params, label });
}

function valueAt(data: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), data);
}
