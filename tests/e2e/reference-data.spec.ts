import { expect, test } from '@playwright/test';
import { E2E_ORIGIN, E2E_UK_ORIGIN } from './support/origin.ts';
import { openFromMenu } from './support/page-navigation.ts';
import { dismissToasts, signInOnOrigin } from './support/sign-in.ts';

/**
 * Reference data and bulk upload (spec 001): a provider admin adds and deletes an industry code (NAICS in the US
 * edition, UK SIC in the UK edition) and blacklists then deletes a domain; an agency admin creates a tag, uploads a
 * CSV of accounts with it and sees the upload record and the line that failed.
 */

const CODES = [
  { edition: 'US', origin: E2E_ORIGIN, field: 'NAICS Code', code: '999993', title: 'Cyber Resilience Consulting', known: '541511', knownTitle: 'Custom Computer Programming Services' },
  { edition: 'UK', origin: E2E_UK_ORIGIN, field: 'SIC Code', code: '01199', title: 'Growing of heritage grains', known: '62012', knownTitle: 'Business and domestic software development' },
];

for (const { edition, origin, field, code, title, known, knownTitle } of CODES) {
  test(`${edition}: an admin finds, adds and deletes an industry code`, async ({ page }) => {
    await signInOnOrigin(page, origin, 'admin@provider.example');
    await page.goto(`${origin}/admin/dashboard`);
    await openFromMenu(page, 'Industry Codes', 'Industry Codes');
    const table = page.getByRole('table', { name: 'Industry Codes' });
    await expect(table.getByRole('columnheader', { name: field })).toBeVisible();
    const search = page.getByRole('searchbox').or(page.getByPlaceholder('Search by code or title'));
    await search.first().fill(known);
    await expect(table.getByRole('row').filter({ hasText: knownTitle })).toBeVisible();

    await page.getByRole('button', { name: 'Add Industry Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Industry Code' });
    await dialog.getByRole('textbox', { name: field }).fill(known);
    await dialog.getByRole('textbox', { name: 'Title' }).fill('A duplicate');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByTestId('dialog-error')).toContainText('This industry code already exists.');
    await dialog.getByRole('textbox', { name: field }).fill(code);
    await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Industry code added', { exact: true })).toBeVisible();
    await dismissToasts(page);

    await search.first().fill(code);
    const row = table.getByRole('row').filter({ hasText: title });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete industry code' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete industry code' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Industry code deleted', { exact: true })).toBeVisible();
    await expect(row).toHaveCount(0);
  });
}

test('an admin blacklists a domain and deletes it', async ({ page }) => {
  await signInOnOrigin(page, E2E_ORIGIN, 'admin@provider.example');
  await page.goto(`${E2E_ORIGIN}/admin/dashboard`);
  await openFromMenu(page, 'Blacklisted Domains', 'Blacklisted Domains');
  await page.getByRole('button', { name: 'Blacklist a domain' }).click();
  const dialog = page.getByRole('dialog', { name: 'Blacklist a domain' });
  await dialog.getByRole('textbox', { name: 'Domain' }).fill('not a domain');
  await dialog.getByRole('button', { name: 'Blacklist' }).click();
  await expect(dialog.getByText('Not a valid domain name')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Domain' }).fill('Throwaway-Inbox.example');
  await dialog.getByRole('button', { name: 'Blacklist' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Domain blacklisted', { exact: true })).toBeVisible();
  await dismissToasts(page);

  const table = page.getByRole('table', { name: 'Blacklisted Domains' });
  const row = table.getByRole('row').filter({ hasText: 'throwaway-inbox.example' });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Row actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete blacklisted domain' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Domain removed from the blacklist', { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('an agency admin creates a tag, uploads a CSV of accounts with it and sees the upload record', async ({ page }) => {
  const tag = `Upload ${Date.now()}`;
  await signInOnOrigin(page, E2E_ORIGIN, 'agent@agency.example');
  await page.goto(`${E2E_ORIGIN}/agency/dashboard`);
  await openFromMenu(page, 'Tags', 'Tags');
  await page.getByRole('button', { name: 'Add Tag' }).click();
  const tagDialog = page.getByRole('dialog', { name: 'Tag' });
  await tagDialog.getByRole('textbox', { name: 'Tag Name' }).fill(tag);
  await tagDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Tag created', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Tags' }).getByRole('row').filter({ hasText: tag })).toBeVisible();
  await dismissToasts(page);

  await openFromMenu(page, 'Bulk Upload', 'Bulk Upload');
  await page.getByRole('button', { name: 'Bulk Upload' }).click();
  const dialog = page.getByTestId('dialog-bulk-upload');
  // No file yet: the dialog says so and sends nothing.
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByTestId('upload-problem')).toHaveText('No file selected for upload.');
  const csv = [
    'Account Name,Address Line 1,City,State,Zip Code,Domain,NAICS Code',
    `Blue Ridge Outfitters ${tag},12 Main Street,Asheville,NC,28801,blueridgeoutfitters.com,459110`,
    `Broken Zip Co ${tag},1 Nowhere Road,Asheville,NC,00000,,`,
  ].join('\n');
  await dialog.getByLabel('File').setInputFiles({ name: 'e2e-accounts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('combobox', { name: 'Tags' }).click();
  await page.getByRole('option', { name: tag }).click();
  // Close the tag list without leaving the dialog (Escape would close both).
  await dialog.getByRole('heading', { name: 'Bulk Upload' }).click();
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Uploaded Successfully', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  const uploads = page.getByRole('table', { name: 'Uploads' });
  const record = uploads.getByRole('row').filter({ hasText: 'e2e-accounts.csv' });
  await expect(record).toBeVisible();
  await expect(record.getByRole('cell')).toContainText(['2', '1', '1', tag]);
  await dismissToasts(page);
  await record.getByRole('button', { name: 'Row actions' }).click();
  await page.getByRole('menuitem', { name: 'View results' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Upload Results' })).toBeVisible();
  const lines = page.getByRole('table', { name: 'Lines' });
  await expect(lines.getByRole('row').filter({ hasText: 'Broken Zip Co' })).toContainText('Invalid ZIP Code');
  await expect(lines.getByRole('row').filter({ hasText: 'Blue Ridge Outfitters' })).toContainText('Created');

  // The new account holds the tag: the apply-tags dialog shows it chosen, and takes another.
  await page.goto(`${E2E_ORIGIN}/agency/accounts`);
  const accounts = page.getByRole('table', { name: 'Accounts' });
  await page.getByPlaceholder(/^Search by account name/).fill(`Blue Ridge Outfitters ${tag}`);
  const account = accounts.getByRole('row').filter({ hasText: `Blue Ridge Outfitters ${tag}` });
  // The search has settled when the account is the table's one row.
  await expect(page.getByText('1–1 of 1')).toBeVisible();
  await account.getByRole('button', { name: 'Row actions' }).click();
  await page.getByRole('menuitem', { name: 'Apply tags' }).click();
  const apply = page.getByRole('dialog', { name: 'Apply tags' });
  await expect(apply.getByText(tag, { exact: true })).toBeVisible();
  await apply.getByRole('combobox', { name: 'Tags' }).click();
  await page.getByRole('option', { name: 'Healthcare' }).click();
  await apply.getByRole('heading', { name: 'Apply tags' }).click();
  await apply.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Tag Applied Successfully!', { exact: true })).toBeVisible();
});

test('the apply-tags dialog of an agency without tags links to the tag setup', async ({ page }) => {
  await signInOnOrigin(page, E2E_ORIGIN, 'agent@otheragency.example');
  await page.goto(`${E2E_ORIGIN}/agency/accounts`);
  const accounts = page.getByRole('table', { name: 'Accounts' });
  await accounts.getByRole('button', { name: 'Row actions' }).first().click();
  await page.getByRole('menuitem', { name: 'Apply tags' }).click();
  const apply = page.getByRole('dialog', { name: 'Apply tags' });
  await expect(apply.getByTestId('options-empty')).toContainText('Your organisation has no tags yet.');
  await apply.getByRole('link', { name: 'Set up tags' }).click();
  await expect(page).toHaveURL(/\/agency\/manage\/tags$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tags' })).toBeVisible();
});
