import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_ORIGIN, E2E_UK_ORIGIN } from './support/origin.ts';
import { dismissToasts, signInOnOrigin } from './support/sign-in.ts';
import { hasNavEntry, openFromMenu } from './support/page-navigation.ts';

/**
 * The licences page (definitions/pages/licenses-page.json): a US agency admin adds an agency licence through
 * its dialog (the spec's field texts first), edits it and deletes it, and adds an agent licence by choosing
 * the agent; a provider admin adds a surplus lines licence in Louisiana with the signature on file, which only
 * admins see and only for LA or MT. The UK edition has no licences page in its menu and explains why.
 */

/** A far expiry, so the test does not depend on today's date. */
const EXPIRES = '2031-06-30';

/** Picks an option of a type-ahead select by typing its text. */
async function choose(dialog: Locator, page: Page, label: string, text: string) {
  await dialog.getByRole('combobox', { name: label, exact: true }).fill(text);
  await expect(page.getByRole('option', { name: new RegExp(text) }).first()).toBeVisible();
  await page.keyboard.press('Enter');
}

async function openLicenses(page: Page, area: 'agency' | 'admin') {
  await page.goto(`${E2E_ORIGIN}/${area}/dashboard`);
  await openFromMenu(page, 'Licenses');
}

test('an agency admin adds, edits and deletes an agency licence, and adds an agent licence', async ({ page }) => {
  const number = `E2E ${Date.now() % 1_000_000}`;
  await signInOnOrigin(page, E2E_ORIGIN, 'agent@agency.example');
  await openLicenses(page, 'agency');
  const table = page.getByRole('table', { name: 'Agency Licenses' });
  await expect(table.getByRole('row').filter({ hasText: 'Summit Risk Partners' }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Add License' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agency License' });
  // In the agency area the agency is the caller's own: no picker.
  await expect(dialog.getByRole('combobox', { name: 'Agency', exact: true })).toHaveCount(0);
  // The NPN takes at most 10 digits (the server answers 'NPN must be less than or equal to 10 digits' to more).
  await dialog.getByRole('textbox', { name: 'NPN', exact: true }).pressSequentially('12345678901');
  await expect(dialog.getByRole('textbox', { name: 'NPN', exact: true })).toHaveValue('1234567890');
  await dialog.getByRole('textbox', { name: 'License #', exact: true }).fill('AB-12');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByTestId('field-number')).toContainText('Only alphabets and numbers are allowed for this field');
  await expect(dialog.getByTestId('field-state')).toContainText('State field is required');
  await expect(dialog.getByTestId('field-expirationDate')).toContainText('Date is required');

  await dialog.getByRole('textbox', { name: 'NPN', exact: true }).fill('17654321');
  await dialog.getByRole('textbox', { name: 'License #', exact: true }).fill(number);
  await choose(dialog, page, 'State', 'Nevada');
  await dialog.getByLabel('Expiration Date').fill(EXPIRES);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('License added', { exact: true })).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText('Nevada');
  await dismissToasts(page);

  await row.getByRole('button', { name: 'Row actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(dialog.getByRole('textbox', { name: 'License #', exact: true })).toHaveValue(number);
  await expect(dialog.getByRole('textbox', { name: 'Agency Name', exact: true })).toHaveValue('Summit Risk Partners');
  await dialog.getByRole('textbox', { name: 'License #', exact: true }).fill(`${number} B`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('License updated', { exact: true })).toBeVisible();
  const edited = table.getByRole('row').filter({ hasText: `${number} B` });
  await expect(edited).toBeVisible();
  await dismissToasts(page);

  await edited.getByRole('button', { name: 'Row actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this license?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('License deleted', { exact: true })).toBeVisible();
  await expect(edited).toHaveCount(0);
  await dismissToasts(page);

  // An agent licence: choosing the agent fills in their details.
  await page.getByRole('tab', { name: 'Agent Licenses' }).click();
  await expect(page).toHaveURL(/tab=AGENT/);
  await page.getByRole('button', { name: 'Add Agent License' }).click();
  const agentDialog = page.getByRole('dialog', { name: 'Agent License' });
  await choose(agentDialog, page, 'Agent', 'Alex');
  await expect(agentDialog.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue('agent@agency.example');
  await expect(agentDialog.getByRole('textbox', { name: 'NPN', exact: true })).toHaveValue('17654321');
  await agentDialog.getByRole('textbox', { name: 'License #', exact: true }).fill(number);
  await choose(agentDialog, page, 'State', 'Utah');
  await agentDialog.getByLabel('Expiration Date').fill(EXPIRES);
  await agentDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('License added', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Agent Licenses' }).getByRole('row').filter({ hasText: number })).toContainText('Utah');
});

test('a provider admin adds a surplus licence in Louisiana with the signature on file', async ({ page }) => {
  const number = `SL ${Date.now() % 1_000_000}`;
  await signInOnOrigin(page, E2E_ORIGIN, 'admin@provider.example');
  await openLicenses(page, 'admin');
  await page.getByRole('tab', { name: 'Surplus Licenses' }).click();
  await page.getByRole('button', { name: 'Add Surplus License' }).click();
  const dialog = page.getByRole('dialog', { name: 'Surplus License' });

  await dialog.getByRole('textbox', { name: 'Broker First Name', exact: true }).fill('Thomas3');
  await dialog.getByRole('textbox', { name: 'Broker Email', exact: true }).fill('tboudreaux@');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByTestId('field-agencyId')).toContainText('The selected agency is invalid.');
  await expect(dialog.getByTestId('field-brokerFirstName')).toContainText('Only alphabets are allowed for this field');
  await expect(dialog.getByTestId('field-brokerEmail')).toContainText('Please enter a valid Email Address');

  await choose(dialog, page, 'Agency', 'Summit Risk');
  await dialog.getByRole('textbox', { name: 'Broker First Name', exact: true }).fill('Thomas');
  await dialog.getByRole('textbox', { name: 'Broker Last Name', exact: true }).fill('Boudreaux');
  await dialog.getByRole('textbox', { name: 'Broker Email', exact: true }).fill('tboudreaux@bayouexcess.com');
  await dialog.getByRole('textbox', { name: 'Surplus License Number', exact: true }).fill(number);
  const signature = dialog.getByRole('checkbox', { name: 'Signature On File' });
  await choose(dialog, page, 'Surplus Lines State', 'New York');
  await expect(signature).toHaveCount(0);
  await choose(dialog, page, 'Surplus Lines State', 'Louisiana');
  await expect(signature).toBeVisible();
  await signature.check({ force: true });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Surplus License added, updated or deleted succesfully!', { exact: true })).toBeVisible();
  const row = page.getByRole('table', { name: 'Surplus Licenses' }).getByRole('row').filter({ hasText: number });
  await expect(row).toContainText('Louisiana');
  await expect(row).toContainText('Summit Risk Partners');
  await expect(row.getByRole('cell', { name: 'Yes', exact: true })).toBeVisible();

  // The Louisiana notice is on file for download; a provider admin uploads another state's (a PDF by its content).
  await page.getByRole('tab', { name: 'Surplus Notices' }).click();
  const notices = page.getByRole('table', { name: 'Surplus notices' });
  await expect(notices).toContainText('louisiana-surplus-lines-notice.pdf');
  await page.getByLabel('State', { exact: true }).selectOption('WY');
  await page.getByLabel('Notice (PDF, 2MB max.)').setInputFiles({ name: 'wyoming.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf') });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByTestId('surplus-notice-error')).toHaveText('The surplus notice template must be a PDF file.');
  await page.getByLabel('Notice (PDF, 2MB max.)').setInputFiles({ name: 'wyoming.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Surplus notice uploaded for Wyoming', { exact: true })).toBeVisible();
  await expect(notices.getByRole('row').filter({ hasText: 'Wyoming' })).toContainText('wyoming.pdf');
});

test('the UK edition has no licences in its menu, and the page explains why', async ({ page }) => {
  await signInOnOrigin(page, E2E_UK_ORIGIN, 'broker@brokerage.example');
  await page.goto(`${E2E_UK_ORIGIN}/agency/dashboard`);
  expect(await hasNavEntry(page, 'Teams')).toBe(true);
  expect(await hasNavEntry(page, 'Licenses')).toBe(false);
  expect(await hasNavEntry(page, 'Licences')).toBe(false);
  await page.goto(`${E2E_UK_ORIGIN}/agency/manage/licenses`);
  await expect(page.getByRole('heading', { level: 1, name: 'Licences' })).toBeVisible();
  await expect(page.getByText('No licences to manage in the UK edition')).toBeVisible();
  await expect(page.getByText(/authorised and supervised by the Financial Conduct Authority/)).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});
