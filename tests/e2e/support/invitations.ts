import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { acceptCookies, apiToken, latestMail, linkPath } from './sign-in.ts';

/** The account a signed-in user acts in, read from the current-user call. */
export async function accountIdOf(request: APIRequestContext, accessToken: string): Promise<string> {
  const me = await request.get('/api/auth/v1/me', { headers: { Authorization: `Bearer ${accessToken}` } });
  expect(me.status()).toBe(200);
  return ((await me.json()) as { account: { id: string } }).account.id;
}

/** Provider staff invite `email` into an account; the page opens the e-mailed link and shows the join form. */
export async function openInvitation(page: Page, request: APIRequestContext, accountId: string, email: string): Promise<void> {
  const admin = await apiToken(request, 'admin@provider.example');
  const invited = await request.post('/api/auth/v1/invitations', {
    headers: { Authorization: `Bearer ${admin}` },
    data: { tokenType: 'EXISTING_ACCOUNT', email, accountId },
  });
  expect(invited.status()).toBe(201);
  const mail = await latestMail(request, email, /signup-validation/);
  await acceptCookies(page.context());
  await page.goto(linkPath(mail.body, 'signup-validation'));
  await expect(page.getByRole('heading', { name: 'Join your team' })).toBeVisible();
}
