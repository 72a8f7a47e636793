import type { Page } from '@playwright/test';

/**
 * Calls the API from the page as its signed-in user: the browser resolves the UK host (console.example.uk)
 * and holds the session's token, where Node's request context does neither.
 */
export async function callApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
  return page.evaluate(
    async ({ method: verb, path: url, body: payload }) => {
      const response = await fetch(url, {
        method: verb,
        headers: { authorization: `Bearer ${sessionStorage.getItem('auth.accessToken')}`, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
      });
      const text = await response.text();
      return { status: response.status, data: (text ? JSON.parse(text) : undefined) as never };
    },
    { method, path, body },
  );
}
