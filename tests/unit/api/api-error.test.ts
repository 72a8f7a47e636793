import { describe, expect, test } from 'vitest';
import { ApiError, errorForThrown, errorMessage, messageForFailure, stripBracketPrefix } from '../../../api/api-error.ts';
import { GENERAL_ERRORS } from '../../../api/error-catalogue.ts';

describe('the general error rules (spec 000 section 8)', () => {
  // [status, body, expected message]
  const cases: Array<[number, unknown, string]> = [
    [500, { message: 'db down' }, 'Our servers seem to be having trouble. Please try again later.'],
    [502, 'Bad gateway', GENERAL_ERRORS.serverTrouble],
    [503, undefined, GENERAL_ERRORS.serverTrouble],
    [504, { detail: 'timeout' }, GENERAL_ERRORS.serverTrouble],
    [400, { detail: '[VALIDATION-001] Email is invalid', message: 'ignored' }, 'Email is invalid'],
    [400, { detail: 'No prefix here' }, 'No prefix here'],
    [409, { errors: [{ detail: 'First' }, { message: 'Second' }, 'Third', { code: 'FOURTH' }] }, 'First, Second, Third, FOURTH'],
    [422, { errors: [], message: 'The message' }, 'The message'],
    [401, { message: 'Invalid credentials. Please try again.' }, 'Invalid credentials. Please try again.'],
    [404, 'Plain text body', 'Plain text body'],
    [400, {}, GENERAL_ERRORS.fallback],
    [400, undefined, 'An error has occurred. Please try again later.'],
    [400, '   ', GENERAL_ERRORS.fallback],
    [400, { detail: '', errors: [{}], message: '' }, GENERAL_ERRORS.fallback],
    [501, { message: 'Not implemented' }, 'Not implemented'],
  ];
  test.each(cases)('%i %j -> %s', (status, body, expected) => {
    expect(messageForFailure(status, body)).toBe(expected);
  });

  test('only a leading bracket prefix is stripped', () => {
    expect(stripBracketPrefix('[E1]  Text [kept]')).toBe('Text [kept]');
    expect(stripBracketPrefix('Text [kept]')).toBe('Text [kept]');
  });

  test('a cancelled request is "Request Cancelled"; a network failure is the default API error', () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    expect(errorForThrown(abort)).toMatchObject({ message: 'Request Cancelled', status: 0, cancelled: true });
    expect(errorForThrown(new TypeError('fetch failed'))).toMatchObject({ message: 'An issue occurred with this request', cancelled: false });
  });

  test('errorMessage falls back to the generic text for things that are not errors', () => {
    expect(errorMessage(new ApiError('From the server', 400))).toBe('From the server');
    expect(errorMessage(new Error('Plain'))).toBe('Plain');
    expect(errorMessage(42)).toBe('Something went wrong. Please try again later');
  });
});
