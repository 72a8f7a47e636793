import { expect, test } from '@playwright/test';
import { signInThroughPage } from './support/sign-in.ts';

/** The staff audit log page (finding 11): server-paged, searchable, reached from the admin navigation. */
test('the Super Admin finds refused sign-ins in the audit log, searches it and pages through it', async ({ page, request }) => {
  // Entries to find: wrong passwords from this browser's address.
  for (let i = 0; i < 3; i += 1) {
    const refused = await request.post('/api/auth/v1/login', { data: { username: 'audit-probe@nowhere.example', password: 'Wrong-Password-1!' } });
    expect(refused.status()).toBe(401);
  }
  await signInThroughPage(page, 'admin@provider.example');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  const table = page.getByTestId('table-audit-log');
  await expect(table.getByRole('cell', { name: 'login.success' }).first()).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search by action, target or user e-mail' }).fill('audit-probe@');
  await expect(table.getByRole('cell', { name: 'audit-probe@nowhere.example' })).toHaveCount(3);
  await expect(table.getByRole('cell', { name: 'login.success' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText('1–3 of 3');

  await page.getByRole('searchbox', { name: 'Search by action, target or user e-mail' }).fill('');
  await expect(table.getByRole('cell', { name: 'login.success' }).first()).toBeVisible();
});

test('an agent cannot read the audit log: the API refuses', async ({ request }) => {
  const login = await request.post('/api/auth/v1/login', { data: { username: 'agent@agency.example', password: 'Demo-Password-2026!' } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const refused = await request.get('/api/audit/v1/entries', { headers: { authorization: `Bearer ${accessToken}` } });
  expect(refused.status()).toBe(403);
});
