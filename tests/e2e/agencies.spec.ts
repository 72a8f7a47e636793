import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { E2E_ORIGIN, E2E_UK_ORIGIN } from './support/origin.ts';
import { dismissToasts, latestMail, linkPath, passwordBox, emailBox, acceptCookies, signInOnOrigin } from './support/sign-in.ts';
import { clickNavEntry } from './support/page-navigation.ts';

/**
 * Agencies end to end (spec 001): an admin adds an agency through the Add Agency dialog (a refused field
 * shows the form's message), the invited contact confirms through the link e-mailed to the development
 * mailbox, sets a password and lands in the agency area, signs in again with it, and sets the agency's
 * small logo through the crop dialog. The UK admin sees Brokerages without NPN.
 */
const NEW_PASSWORD = 'Granite-Peak-2026!';

async function openAddAgency(page: Page, label: string) {
  await page.getByRole('button', { name: label }).click();
  return page.getByRole('dialog', { name: label.replace('Add ', '') });
}

test('an admin adds an agency; its invited admin confirms by the e-mailed link, signs in and sets the small logo', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const name = `Granite Peak Insurance ${stamp}`;
  const email = `gwen.${stamp}@granitepeak.example`;
  await signInOnOrigin(page, E2E_ORIGIN, 'admin@provider.example');
  await page.goto(`${E2E_ORIGIN}/admin/dashboard`);
  await clickNavEntry(page, 'Agencies');
  await expect(page.getByRole('heading', { level: 1, name: 'Agencies' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Agencies' });
  await expect(table.getByRole('row').filter({ hasText: 'Summit Risk Partners' })).toBeVisible();

  const dialog = await openAddAgency(page, 'Add Agency');
  await dialog.getByRole('textbox', { name: 'Agency Name' }).fill(name);
  // The NPN box takes 10 digits at most (the API test checks the message for a longer one).
  await dialog.getByRole('textbox', { name: 'NPN' }).fill('12345678901');
  await expect(dialog.getByRole('textbox', { name: 'NPN' })).toHaveValue('1234567890');
  await dialog.getByRole('textbox', { name: 'NPN' }).fill('12AB');
  await dialog.getByRole('textbox', { name: 'Hostname' }).fill(`granite${stamp}.cyberconsole.example`);
  await dialog.getByRole('textbox', { name: 'Additional Broker Fee' }).fill('20000');
  await dialog.getByRole('textbox', { name: 'First Name' }).fill('Gwen');
  await dialog.getByRole('textbox', { name: 'Last Name' }).fill('Granite');
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('textbox', { name: 'Phone' }).fill('8015550143');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('NPN must be digits only')).toBeVisible();
  await expect(dialog.getByText('Additional Broker fee must be less than or equal to $10,000')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'NPN' }).fill('1234567890');
  await dialog.getByRole('textbox', { name: 'Additional Broker Fee' }).fill('250');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Agency successfully added!', { exact: true })).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText('1234567890');
  await dismissToasts(page);

  // The agency's page: its profile, its default team and its invited admin.
  await row.getByRole('button', { name: 'Row actions' }).click();
  await page.getByRole('menuitem', { name: 'View' }).click();
  await expect(page.getByRole('textbox', { name: 'Agency Name' })).toHaveValue(name);
  await expect(page.getByRole('table', { name: 'Teams' }).getByRole('row').filter({ hasText: 'Default Team' })).toBeVisible();
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: email })).toContainText('Agency Admin');
  await expect(page.getByText('Commission payments', { exact: true })).toBeVisible();

  // The invitation in the development mailbox (read with an admin token), confirmed in a fresh browser.
  const mail = await latestMail(request, email, /confirmUser/);
  const invited = await browser.newContext();
  await acceptCookies(invited, E2E_ORIGIN);
  const newcomer = await invited.newPage();
  await newcomer.goto(`${E2E_ORIGIN}${linkPath(mail.body, 'confirmUser')}`);
  await expect(newcomer.getByText('Confirm your account')).toBeVisible();
  await passwordBox(newcomer).fill(NEW_PASSWORD);
  await newcomer.getByLabel('Confirm Password').fill(NEW_PASSWORD);
  await newcomer.getByRole('button', { name: 'Confirm' }).click();
  await expect(newcomer).toHaveURL(/\/agency\/dashboard$/, { timeout: 15_000 });
  await invited.close();

  // A later sign-in with the new password lands in the agency area, on the new agency.
  const again = await browser.newContext();
  await acceptCookies(again, E2E_ORIGIN);
  const agent = await again.newPage();
  await agent.goto(`${E2E_ORIGIN}/login`);
  await emailBox(agent).fill(email);
  await passwordBox(agent).fill(NEW_PASSWORD);
  await agent.getByRole('button', { name: 'Login' }).click();
  await expect(agent).toHaveURL(/\/agency\/dashboard$/, { timeout: 15_000 });
  await expect(agent.getByTestId('user-menu')).toContainText('Gwen Granite');

  // The new Agency Admin's own profile and small logo, cropped through the dialog and stored by the server.
  await clickNavEntry(agent, 'Agency Profile');
  await expect(agent.getByRole('textbox', { name: 'Contact Email' })).toHaveValue(email);
  const small = agent.getByTestId('agency-logo-small');
  await expect(small.getByText('No logo yet')).toBeVisible();
  const picture = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 30, g: 90, b: 200 } } }).png().toBuffer();
  const chooser = agent.waitForEvent('filechooser');
  await small.getByRole('button', { name: 'Upload' }).click();
  await (await chooser).setFiles({ name: 'granite.png', mimeType: 'image/png', buffer: picture });
  const crop = agent.getByTestId('logo-crop-small');
  await expect(crop).toBeVisible();
  await crop.getByRole('button', { name: 'Save' }).click();
  await expect(agent.getByText('Logo Uploaded Successfully!', { exact: true })).toBeVisible();
  await expect(small.getByRole('img', { name: 'Small logo' })).toBeVisible();
  const size = await small.getByRole('img', { name: 'Small logo' }).evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]);
  expect(size).toEqual([144, 144]);

  // A file over the small logo's 50KB is refused before anything is sent.
  const heavy = Buffer.alloc(60 * 1024, 1);
  const second = agent.waitForEvent('filechooser');
  await small.getByRole('button', { name: 'Replace' }).click();
  await (await second).setFiles({ name: 'huge.png', mimeType: 'image/png', buffer: heavy });
  await expect(agent.getByText('The file size is too big, 50KB max.', { exact: true })).toBeVisible();
  await again.close();
});

test('UK: the admin adds a brokerage, with no NPN and a UK phone', async ({ page }) => {
  const stamp = Date.now();
  const name = `Severn Cyber Brokers ${stamp}`;
  await signInOnOrigin(page, E2E_UK_ORIGIN, 'admin@provider.example');
  await page.goto(`${E2E_UK_ORIGIN}/admin/manage/agencies`);
  await expect(page.getByRole('heading', { level: 1, name: 'Brokerages' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Brokerages' });
  await expect(table.getByRole('columnheader', { name: 'NPN' })).toHaveCount(0);
  const dialog = await openAddAgency(page, 'Add Brokerage');
  await expect(dialog.getByRole('textbox', { name: 'NPN' })).toHaveCount(0);
  await dialog.getByRole('textbox', { name: 'Brokerage Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'First Name' }).fill('Sian');
  await dialog.getByRole('textbox', { name: 'Last Name' }).fill('Severn');
  await dialog.getByRole('textbox', { name: 'Email' }).fill(`sian.${stamp}@severncyber.example`);
  await dialog.getByRole('textbox', { name: 'Phone' }).fill('01179460123');
  // The money box takes no minus sign; the API test checks 'cannot be less than £0'.
  await dialog.getByRole('textbox', { name: 'Additional Broker Fee' }).fill('12000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Additional Broker fee must be less than or equal to £10,000')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Additional Broker Fee' }).fill('75');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Agency successfully added!', { exact: true })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: name })).toBeVisible();
});
