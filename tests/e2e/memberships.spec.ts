import { expect, test } from '@playwright/test';
import { accountIdOf } from './support/invitations.ts';
import { acceptCookies, apiToken, emailBox, latestMail, linkPath, passwordBox, DEMO_PASSWORD } from './support/sign-in.ts';

/** Finding 12 in the browser: an existing user's invitation starts the membership when they sign in from the link. */
test('an existing user invited to another agency gets it by signing in from the link, and can switch to it', async ({ page, request }) => {
  const summit = await accountIdOf(request, await apiToken(request, 'agent@agency.example'));
  const invitee = 'agent@otheragency.example';
  const before = await request.get('/api/auth/v1/my-accounts', { headers: { Authorization: `Bearer ${await apiToken(request, invitee)}` } });
  expect(((await before.json()) as { content: Array<{ name: string }> }).content.map((account) => account.name)).not.toContain('Summit Risk Partners');

  const admin = await apiToken(request, 'admin@provider.example');
  const invited = await request.post('/api/auth/v1/invitations', {
    headers: { Authorization: `Bearer ${admin}` },
    data: { tokenType: 'EXISTING_USER', email: invitee, accountId: summit },
  });
  expect(invited.status()).toBe(201);
  const mail = await latestMail(request, invitee, /signup-validation/);
  await acceptCookies(page.context());
  await page.goto(linkPath(mail.body, 'signup-validation'));
  await expect(page).toHaveURL(/\/login/);
  await expect(emailBox(page)).toHaveValue(invitee);
  await passwordBox(page).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('You now have access to Summit Risk Partners. Switch to it from your user menu.')).toBeVisible();

  const after = await request.get('/api/auth/v1/my-accounts', { headers: { Authorization: `Bearer ${await apiToken(request, invitee)}` } });
  expect(((await after.json()) as { content: Array<{ name: string }> }).content.map((account) => account.name)).toContain('Summit Risk Partners');
});
