import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/api-error.ts';
import { PAYMENT_DEFAULT_FAILURE, paymentFailureText } from '../../../renderers/payments/payment-failure.ts';

describe("the payment page's failure text: the server's message if present, else the spec's default", () => {
  it.each([
    ['a message from the server', new ApiError('This policy is already paid.', 409, { message: 'This policy is already paid.' }), 'This policy is already paid.'],
    ['field errors from the server', new ApiError('Amount is required', 400, { errors: [{ field: 'amount', message: 'Amount is required' }] }), 'Amount is required'],
    ['an answer without a message', new ApiError('Request failed', 502, undefined), PAYMENT_DEFAULT_FAILURE],
    ['an empty message', new ApiError('Request failed', 400, { message: '  ' }), PAYMENT_DEFAULT_FAILURE],
    ['no answer at all', new TypeError('Failed to fetch'), PAYMENT_DEFAULT_FAILURE],
  ])('%s', (_, error, text) => {
    expect(paymentFailureText(error)).toBe(text);
  });
  it('is the spec text', () => {
    expect(PAYMENT_DEFAULT_FAILURE).toBe('Something went wrong. Try again later.');
  });
});
