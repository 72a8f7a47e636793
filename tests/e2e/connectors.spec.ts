import { expect, test } from '@playwright/test';
import { E2E_ORIGIN } from './support/origin.ts';
import { dismissToasts, signInOnOrigin } from './support/sign-in.ts';
import { clickNavEntry } from './support/page-navigation.ts';

/**
 * Security-tool connectors end to end (spec 001 sections 2, 4, 5, 8 and 9): the policyholder opens the Microsoft
 * connector page, accepts the privacy addendum (Accept disabled until ticked), is sent by ADD to the provider's
 * sign-in (the local stand-in, over the real authorization URL), approves, comes back through the callback and
 * sees the tool Connected with its score; opens its scores; deletes it and sees 'Successfully removed the
 * connector' after 5 seconds with the list emptied.
 */
test('a policyholder connects Microsoft 365 through the provider sign-in, sees its score and removes it', async ({ page }) => {
  test.setTimeout(90_000);
  await signInOnOrigin(page, E2E_ORIGIN, 'policyholder@insured.example');
  await page.goto(`${E2E_ORIGIN}/customer/dashboard`);
  await clickNavEntry(page, 'Connectors');
  await expect(page.getByRole('heading', { level: 1, name: 'Connectors' })).toBeVisible();
  // The catalogue's logos are served (each type has its own mark).
  const logo = page.getByTestId('connector-MICROSOFT').locator('img');
  await expect(logo).toHaveAttribute('src', '/connector-logos/microsoft.svg');
  await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Open Microsoft 365' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Microsoft 365' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Connected accounts' });
  await expect(page.getByText('No connected accounts yet')).toBeVisible();

  // The privacy addendum: Cancel or Accept, Accept disabled until its box is ticked.
  await page.getByRole('button', { name: 'ADD' }).click();
  const addendum = page.getByRole('dialog', { name: 'Connector Privacy Addendum' });
  await expect(addendum).toContainText('deleted connector data is purged from our backups in up to 90 days');
  await expect(addendum.getByRole('button', { name: 'Cancel' })).toBeVisible();
  const accept = addendum.getByRole('button', { name: 'Accept' });
  await expect(accept).toBeDisabled();
  // The label is what a user clicks (Chakra draws the box over the native input).
  await addendum.getByText('I have read and accept the Connector Privacy Addendum').click();
  await expect(addendum.getByRole('checkbox', { name: /I have read and accept/ })).toBeChecked();
  await expect(accept).toBeEnabled();
  const authorize = page.waitForRequest((request) => request.url().includes('/api/dev/oauth-provider/microsoft/authorize'));
  await accept.click();

  // The browser is at the provider's sign-in, with the authorization request the spec describes.
  const url = new URL((await authorize).url());
  expect(Object.fromEntries(url.searchParams)).toMatchObject({
    client_id: 'cyber-console-dev-microsoft', response_type: 'code', prompt: 'select_account',
    redirect_uri: `${E2E_ORIGIN}/customer/manage/connectors/callback`,
  });
  expect(url.searchParams.get('scope')).toContain('offline_access');
  expect(url.searchParams.get('state')).toMatch(/^[\w-]{40,}:[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Microsoft' })).toBeVisible();
  await page.getByLabel('Directory (tenant)').fill('acme-precision.onmicrosoft.com');
  await page.getByRole('button', { name: 'Approve' }).click();

  // Back through the callback: the code was exchanged and the tool is connected, with its score.
  await expect(page).toHaveURL(/\/customer\/manage\/connectors\/microsoft$/);
  await expect(page.getByText('Connector added successfully!', { exact: true })).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: 'acme-precision.onmicrosoft.com' });
  await expect(row).toContainText('Connected');
  await expect(row.getByRole('cell').nth(4)).toHaveText(/^\d+(\.\d)?$/);
  await dismissToasts(page);

  await row.getByRole('button', { name: 'Row actions' }).click();
  await page.getByRole('menuitem', { name: 'View scores' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Connected tool' })).toBeVisible();
  await expect(page.getByTestId('connector-latest-score')).toContainText('/ 250');
  await expect(page.getByTestId('connector-score-history')).toBeVisible();
  await expect(page.getByTestId('connector-shortlist').getByRole('listitem')).toHaveCount(5);
  await expect(page.getByRole('table', { name: 'Recommended actions' }).getByRole('row')).toHaveCount(13);
  await page.goBack();

  // Delete: confirm; the message shows after 5 seconds, and the list is emptied.
  await row.getByRole('button', { name: 'Row actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('purged from our backups in up to 90 days');
  const removed = page.waitForResponse((response) => response.request().method() === 'DELETE' && response.url().includes('/api/connector/v1/connections/'));
  await confirm.getByRole('button', { name: 'Delete' }).click();
  expect((await removed).status()).toBe(200);
  const answeredAt = Date.now();
  const message = page.getByText('Successfully removed the connector', { exact: true });
  await expect(message).toBeVisible({ timeout: 10_000 });
  expect(Date.now() - answeredAt).toBeGreaterThanOrEqual(4_500);
  await expect(page.getByText('No connected accounts yet')).toBeVisible();
});
