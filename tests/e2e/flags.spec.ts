import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken, signInThroughApi } from './support/sign-in.ts';

/**
 * Feature flags served by the server, switched by provider staff, seen by other users on their next
 * load: the incident banner, maintenance mode, and the remember-this-device checkbox on sign-in.
 */

async function setFlag(request: APIRequestContext, key: string, enabled: boolean): Promise<void> {
  const token = await apiToken(request, 'admin@provider.example');
  const response = await request.put(`/api/auth/v1/feature-flags/${key}`, { headers: { Authorization: `Bearer ${token}` }, data: { enabled } });
  expect(response.status(), `set ${key}`).toBe(200);
}

test.describe.configure({ mode: 'serial' });

test('the incident banner shows behind its flag, with Check Status and Dismiss', async ({ page, request }) => {
  await signInThroughApi(page, 'agent@agency.example');
  await page.goto('/agency/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);
  await setFlag(request, 'incident-banner', true);
  try {
    await page.reload();
    await expect(page.getByRole('link', { name: 'Check Status' })).toBeVisible();
    // Check Status opens the console's own status page, which names the incident.
    await expect(page.getByRole('link', { name: 'Check Status' })).toHaveAttribute('href', '/status');
    const status = await page.context().newPage();
    await status.goto('/status');
    await expect(status.getByTestId('status-notice')).toHaveText('E-mail delivery is delayed: messages from the console may take longer than usual to arrive.');
    await status.close();
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);
  } finally {
    await setFlag(request, 'incident-banner', false);
  }
});

test('the status, privacy and terms links are pages of the console', async ({ page }) => {
  await page.goto('/status');
  await expect(page.getByTestId('status-ok')).toHaveText('All systems are operating normally.');
  await expect(page.getByTestId('status-page')).toContainText(/Version \S+, running since/);
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByTestId('privacy-policy')).toContainText('We do not sell personal data.');
  await page.goto('/terms-of-use');
  await expect(page.getByRole('heading', { name: 'Terms of Use' })).toBeVisible();
  // The cookie bar's privacy link stays inside the console.
  await page.context().clearCookies();
  await page.goto('/login');
  await expect(page.getByRole('link', { name: /privacy policy/i })).toHaveAttribute('href', '/privacy-policy');
});

test('maintenance mode replaces the pages of the signed-in areas', async ({ page, request }) => {
  await signInThroughApi(page, 'agent@agency.example');
  await setFlag(request, 'maintenance-mode', true);
  try {
    await page.goto('/agency/dashboard');
    await expect(page.getByText("We're in Maintenance Mode... check back within the next 30 minutes")).toBeVisible();
  } finally {
    await setFlag(request, 'maintenance-mode', false);
  }
  await page.reload();
  await expect(page.getByText("We're in Maintenance Mode... check back within the next 30 minutes")).toHaveCount(0);
});

test('the remember-this-device checkbox follows its flag', async ({ page, request }) => {
  await page.goto('/login');
  await expect(page.getByRole('checkbox', { name: 'Remember this device' })).toBeVisible();
  await setFlag(request, 'remember-device', false);
  try {
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Remember this device' })).toHaveCount(0);
  } finally {
    await setFlag(request, 'remember-device', true);
  }
});
