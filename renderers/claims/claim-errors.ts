/**
 * Pure helpers of the claims page (no client, no React): the error a refused save becomes, and the body
 * the claim operations accept.
 */
import { isApiError } from '../../api/api-error.ts';
import { CLAIM_ERRORS } from '../../api/error-catalogue.ts';
import type { components } from '../../api/schema.d.ts';
import type { FormDefinition } from '../../engine/index.ts';

export type ClaimFields = components['schemas']['ClaimFields'];

/** A save the server refused: 'Error saving claim', with its messages by field when it named fields. */
export class ClaimSaveError extends Error {
  override readonly name = 'ClaimSaveError';
  readonly fieldErrors: Array<{ field: string; message: string }>;

  constructor(message: string, fieldErrors: Array<{ field: string; message: string }> = []) {
    super(message);
    this.fieldErrors = fieldErrors;
  }
}

/**
 * The dialog's text for a failed save: 'Error saving claim' when the server named the fields (their
 * messages show under them), else 'Error saving claim' followed by the general rules' message.
 */
export function saveError(error: unknown): ClaimSaveError {
  if (!isApiError(error)) return new ClaimSaveError(CLAIM_ERRORS.save);
  const body = error.body as { errors?: unknown } | undefined;
  const fieldErrors = Array.isArray(body?.errors)
    ? body.errors.filter(
        (item): item is { field: string; message: string } => typeof item?.field === 'string' && typeof item?.message === 'string',
      ).map(({ field, message }) => ({ field, message }))
    : [];
  if (error.status === 400 && fieldErrors.length > 0) return new ClaimSaveError(CLAIM_ERRORS.save, fieldErrors);
  return new ClaimSaveError(error.message && error.message !== CLAIM_ERRORS.save ? `${CLAIM_ERRORS.save}. ${error.message}` : CLAIM_ERRORS.save);
}

/** Only the claim form's fields, without nulls: what createClaim and updateClaim accept. */
export function claimFields(definition: FormDefinition, data: Record<string, unknown>): ClaimFields {
  const known = Object.keys((definition.schema.properties as object | undefined) ?? {});
  return Object.fromEntries(
    Object.entries(data).filter(([key, value]) => known.includes(key) && value !== null && value !== undefined),
  ) as ClaimFields;
}
