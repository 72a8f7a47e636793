import { describe, expect, it } from 'vitest';
import { requestFailureOf } from '../../../api/request-failure.ts';

describe('what the expandable error notification shows about a call', () => {
  it('names the method, the path and each query parameter apart, with the status, message and data', () => {
    const request = new Request('https://console.example/api/claims/v1/search?page=0&size=25&search=acme%20co&status=FILED&status=UN_FILED', { method: 'GET' });
    expect(requestFailureOf(request, 503, 'Our servers seem to be having trouble. Please try again later.', { message: 'down' })).toEqual({
      message: 'Our servers seem to be having trouble. Please try again later.',
      status: 503,
      method: 'GET',
      url: '/api/claims/v1/search',
      query: [['page', '0'], ['size', '25'], ['search', 'acme co'], ['status', 'FILED'], ['status', 'UN_FILED']],
      data: { message: 'down' },
    });
  });

  it('has no query parameters when the address has none', () => {
    expect(requestFailureOf(new Request('https://console.example/api/auth/v1/teams', { method: 'POST' }), 500, 'x', undefined).query).toEqual([]);
  });
});
