/**
 * Messages used when a definition has none of its own for a field and keyword. The required text is
 * the spec's ('{label} is a required field'); the others follow its wording style.
 */
export const DEFAULT_MESSAGES: Record<string, string> = {
  required: '{label} is a required field',
  minimum: '{label} must be greater than or equal to {limit}',
  maximum: '{label} must be less than or equal to {limit}',
  exclusiveMinimum: '{label} must be greater than {limit}',
  exclusiveMaximum: '{label} must be less than {limit}',
  minLength: '{label} must be at least {limit} characters',
  maxLength: '{label} must be at most {limit} characters',
  minItems: '{label} must have at least {limit} selected',
  maxItems: '{label} must have at most {limit} selected',
  pattern: '{label} is invalid',
  format: '{label} is invalid',
  type: '{label} must be a {type}',
  multipleOf: '{label} must be a multiple of {multipleOf}',
  oneOf: 'Please select a valid {label}',
  enum: 'Please select a valid {label}',
  const: '{label} is invalid',
};

export const FALLBACK_MESSAGE = '{label} is invalid';

/** Fills `{name}` placeholders; unknown names stay as written so a typo shows rather than vanishes. */
export function fillMessage(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) => (values[name] === undefined ? whole : String(values[name])));
}
