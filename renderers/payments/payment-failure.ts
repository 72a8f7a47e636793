import { errorMessage, isApiError } from '../../api/api-error.ts';

/** Spec 000 'Payment page': the default failure text when the server said nothing of its own. */
export const PAYMENT_DEFAULT_FAILURE = 'Something went wrong. Try again later.';

/** What the payment page says of a failed call: the server's message if it gave one, else the spec's default. */
export function paymentFailureText(error: unknown): string {
  const body = isApiError(error) ? error.body : undefined;
  const record = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const serverSaid = [record.detail, record.message].some((value) => typeof value === 'string' && value.trim() !== '') || (Array.isArray(record.errors) && record.errors.length > 0);
  return serverSaid ? errorMessage(error) : PAYMENT_DEFAULT_FAILURE;
}
