import { isApiError } from '../../api/api-error.ts';

/** A save the server refused: the form's failure text, with the server's messages by field when it named fields. */
export class SaveFailure extends Error {
  override readonly name = 'SaveFailure';
  readonly fieldErrors: Array<{ field: string; message: string }>;

  constructor(message: string, fieldErrors: Array<{ field: string; message: string }> = []) {
    super(message);
    this.fieldErrors = fieldErrors;
  }
}

/**
 * The dialog's text for a failed save: the failure text alone when the server named the fields (their
 * messages show under them), else the failure text followed by the server's or the general rules' message.
 */
export function saveFailure(error: unknown, failureText: string): SaveFailure {
  // Anything but a server answer is a fault of ours, whose text would mean nothing to the user.
  if (!isApiError(error)) return new SaveFailure(failureText);
  const body = error.body as { errors?: unknown } | undefined;
  const fieldErrors = Array.isArray(body?.errors)
    ? body.errors
        .filter((item): item is { field: string; message: string } => typeof item?.field === 'string' && typeof item?.message === 'string')
        .map(({ field, message }) => ({ field, message }))
    : [];
  if (error.status === 400 && fieldErrors.length > 0) {
    return new SaveFailure(failureText.includes(MESSAGE_PLACEHOLDER) ? withDetail(failureText, error.message) : failureText, fieldErrors);
  }
  return new SaveFailure(withDetail(failureText, error.message));
}

/**
 * 'Failed to delete claim. A filed claim cannot be deleted.' — the detail only when it adds something. A text
 * holding `{message}` places the server's message itself ('Failed to delete domain: {message}'; '{message}'
 * alone where the spec shows only the answer, as a licence delete does).
 */
export function withDetail(failureText: string, detail: string | undefined): string {
  if (failureText.includes(MESSAGE_PLACEHOLDER)) return failureText.replace(MESSAGE_PLACEHOLDER, detail ?? '').trim() || GENERIC_FAILURE;
  if (!detail || detail === failureText) return failureText;
  // A text that ends a sentence itself ('Please try again.') takes no second full stop.
  return `${/[.!?]$/.test(failureText) ? failureText : `${failureText}.`} ${detail}`;
}

/** Where a failure text places the server's message. */
export const MESSAGE_PLACEHOLDER = '{message}';
/** A `{message}` text without a message from the server. */
const GENERIC_FAILURE = 'That did not work';
