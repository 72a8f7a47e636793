import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { callApi } from './support/call-api.ts';
import { E2E_ORIGIN, E2E_UK_ORIGIN } from './support/origin.ts';
import { dismissToasts, signInOnOrigin } from './support/sign-in.ts';

/**
 * The claims pages, drawn from definitions/pages/claims-page.json and claim-detail-page.json against the
 * real server, in both editions: report a claim (the dialog stays open on the saved claim), edit it,
 * file it, delete one, a refused delete, server paging, search and sorting, the CSV of every matching
 * row, a link that opens a claim's dialog, and who may do what.
 */

interface EditionCase {
  id: 'us' | 'uk';
  origin: string;
  agent: string;
  cityLabel: string;
  postcodeLabel: string;
  address: { city: string; zipCode: string; state?: string; stateName?: string };
  badPostcode: string;
  badPostcodeMessage: string;
}

const EDITIONS: EditionCase[] = [
  {
    id: 'us',
    origin: E2E_ORIGIN,
    agent: 'agent@agency.example',
    cityLabel: 'City',
    postcodeLabel: 'Zip Code',
    address: { city: 'Chicago', zipCode: '60607', state: 'IL', stateName: 'Illinois' },
    badPostcode: '00000',
    badPostcodeMessage: 'Invalid ZIP Code',
  },
  {
    id: 'uk',
    origin: E2E_UK_ORIGIN,
    agent: 'broker@brokerage.example',
    cityLabel: 'Town/City',
    postcodeLabel: 'Postcode',
    address: { city: 'London', zipCode: 'IG11 0DS' },
    badPostcode: '12345',
    badPostcodeMessage: 'Invalid Postcode',
  },
];

async function firstClientAccount(page: Page): Promise<{ id: string; name: string }> {
  const { status, data } = await callApi<{ content: { id: string; name: string }[] }>(page, 'GET', '/api/claims/v1/accounts');
  expect(status).toBe(200);
  expect(data.content.length, 'the agent has a client account to report claims for').toBeGreaterThan(0);
  return data.content[0]!;
}

/** Reports a claim through the API; answers its id. */
async function reportClaim(page: Page, edition: EditionCase, accountId: string, fields: Record<string, string>): Promise<string> {
  const body = {
    name: 'Jordan Reyes',
    isRightContact: 'yes',
    address: '1 Test Street',
    lossDescription: 'Phishing e-mail led to a fraudulent wire transfer.',
    city: edition.address.city,
    zipCode: edition.address.zipCode,
    ...(edition.address.state ? { state: edition.address.state } : {}),
    ...fields,
  };
  const { status, data } = await callApi<{ id: string }>(page, 'POST', `/api/policy/v1/claim?accountId=${accountId}`, body);
  expect(status, 'claim created').toBe(201);
  return data.id;
}

/** 'Report a Claim', choosing the first client account when the agent manages several. */
async function chooseClientAndReport(page: Page): Promise<void> {
  const account = page.getByLabel('Client account');
  const report = page.getByRole('button', { name: 'Report a Claim' });
  // The accounts load first: then either the picker shows or the one account is chosen.
  await expect.poll(async () => (await account.isVisible()) || (await report.isEnabled())).toBe(true);
  if (await account.isVisible()) await account.selectOption({ index: 1 });
  await report.click();
}

function claimsTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Claims' });
}

function rowOf(page: Page, text: string): Locator {
  return claimsTable(page).getByRole('row').filter({ hasText: text });
}

async function chooseRowAction(page: Page, row: Locator, label: string): Promise<void> {
  await row.getByRole('button', { name: 'Row actions' }).click();
  await page.getByRole('menuitem', { name: label, exact: true }).click();
}

async function rowActionLabels(page: Page, row: Locator): Promise<string[]> {
  await row.getByRole('button', { name: 'Row actions' }).click();
  const labels = await page.getByRole('menuitem').allInnerTexts();
  await page.keyboard.press('Escape');
  return labels;
}

for (const edition of EDITIONS) {
  test.describe(`claims in the ${edition.id.toUpperCase()} edition`, () => {
    test.beforeEach(async ({ page }) => {
      await signInOnOrigin(page, edition.origin, edition.agent);
    });

    test('an agent reports a claim, keeps editing it, files it, and a filed claim can no longer be deleted', async ({ page }) => {
      const reporter = `Reporter ${edition.id} ${Date.now()}`;
      await page.goto(`${edition.origin}/agency/claims`);
      await expect(page.getByRole('heading', { level: 1, name: 'Claims' })).toBeVisible();
      await chooseClientAndReport(page);
      const dialog = page.getByRole('dialog', { name: 'Claim' });
      await expect(dialog).toBeVisible();

      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(reporter);
      await dialog.getByRole('radiogroup', { name: 'Are you the right contact for this claim?' }).getByText('Yes', { exact: true }).click();
      await dialog.getByRole('textbox', { name: 'Address', exact: true }).fill('77 Harbour Road');
      await dialog.getByRole('textbox', { name: edition.cityLabel, exact: true }).fill(edition.address.city);
      if (edition.address.state) {
        await dialog.getByRole('combobox', { name: 'State', exact: true }).fill(edition.address.stateName!);
        await page.keyboard.press('Enter');
      }
      await dialog.getByRole('textbox', { name: 'Loss Description', exact: true }).fill('Ransomware encrypted the file server.');
      // The edition's postcode check answers before anything is sent.
      await dialog.getByRole('textbox', { name: edition.postcodeLabel, exact: true }).fill(edition.badPostcode);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByTestId('field-zipCode')).toContainText(edition.badPostcodeMessage);
      await dialog.getByRole('textbox', { name: edition.postcodeLabel, exact: true }).fill(edition.address.zipCode);
      await dialog.getByRole('button', { name: 'Save' }).click();

      // Spec 001 section 4: saving a new claim creates it and switches the dialog to edit mode.
      await expect(page.getByText('You can keep editing it, or file it from the list.')).toBeVisible();
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(reporter);
      await dismissToasts(page);
      await dialog.getByRole('textbox', { name: 'Role', exact: true }).fill('Office Manager');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();

      const row = rowOf(page, reporter);
      await expect(row).toContainText('Not Filed');
      expect(await rowActionLabels(page, row)).toEqual(['View', 'Edit', 'File Claim', 'Delete']);

      await chooseRowAction(page, row, 'Edit');
      await expect(dialog.getByRole('textbox', { name: 'Role', exact: true })).toHaveValue('Office Manager');
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await chooseRowAction(page, row, 'File Claim');
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toContainText('File this claim? Once filed it can no longer be deleted.');
      await confirm.getByRole('button', { name: 'File Claim' }).click();
      await expect(page.getByText(/^Claim CLM-\d{4}-\d{5} filed$/)).toBeVisible();
      await expect(row).toContainText('Filed');
      await expect(row).toContainText(/CLM-\d{4}-\d{5}/);
      expect(await rowActionLabels(page, row)).toEqual(['View', 'Edit']);

      // View opens the claim's own page, drawn from the claim form.
      await chooseRowAction(page, row, 'View');
      await expect(page).toHaveURL(new RegExp(`/agency/claims/[0-9a-f-]{36}$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Claim' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(reporter);
      // Below it, the client's claims: a table block filtered by the record's account.
      const related = page.getByTestId('block-table-claims');
      await expect(related.getByRole('row').filter({ hasText: reporter })).toHaveCount(1);
      const client = (await related.getByRole('row').filter({ hasText: reporter }).getByRole('cell').nth(2).innerText()).trim();
      expect(client).not.toBe('');
      // Every row is that client's (polled: the list may still be settling after its first read).
      await expect.poll(async () => [...new Set((await related.getByRole('row').locator('td:nth-child(3)').allInnerTexts()).map((text) => text.trim()))]).toEqual([client]);
    });

    test('delete asks first; a claim filed meanwhile is refused with the spec text and the reason', async ({ page }) => {
      const client = await firstClientAccount(page);
      const stamp = Date.now();
      await reportClaim(page, edition, client.id, { name: `Delete me ${stamp}` });
      const filedMeanwhile = await reportClaim(page, edition, client.id, { name: `Filed meanwhile ${stamp}` });
      await page.goto(`${edition.origin}/agency/claims`);

      await chooseRowAction(page, rowOf(page, `Delete me ${stamp}`), 'Delete');
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toContainText('Are you sure you want to delete this claim?');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('Claim deleted', { exact: true })).toBeVisible();
      await expect(rowOf(page, `Delete me ${stamp}`)).toHaveCount(0);

      await chooseRowAction(page, rowOf(page, `Filed meanwhile ${stamp}`), 'Delete');
      expect((await callApi(page, 'PUT', `/api/claims/v1/${filedMeanwhile}/file`)).status).toBe(200);
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(confirm.getByTestId('confirm-error')).toHaveText('Failed to delete claim. A filed claim cannot be deleted.');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
    });

    test('the table pages, sorts and searches on the server, and the CSV holds every matching claim', async ({ page }) => {
      const client = await firstClientAccount(page);
      const token = `Paging${edition.id}${Date.now()}`;
      for (let index = 1; index <= 30; index += 1) {
        await reportClaim(page, edition, client.id, { name: `${token} ${String(index).padStart(2, '0')}`, companyName: `${token} Co ${String(31 - index).padStart(2, '0')}` });
      }
      await page.goto(`${edition.origin}/agency/claims`);
      await page.getByRole('searchbox').fill(token);
      const pagination = page.getByRole('navigation', { name: 'Pagination' });
      await expect(pagination).toContainText('1–25 of 30 · Page 1 of 2');
      await pagination.getByRole('button', { name: 'Next page' }).click();
      await expect(pagination).toContainText('26–30 of 30 · Page 2 of 2');
      await expect(claimsTable(page).getByRole('row')).toHaveCount(6);

      await pagination.getByRole('button', { name: 'First page' }).click();
      await page.getByTestId('sort-name').click();
      await expect(claimsTable(page).getByRole('columnheader', { name: 'Reported By' })).toHaveAttribute('aria-sort', 'ascending');
      await expect(claimsTable(page).getByRole('row').nth(1)).toContainText(`${token} 01`);
      await page.getByTestId('sort-name').click();
      await expect(claimsTable(page).getByRole('row').nth(1)).toContainText(`${token} 30`);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const file = await (await download).path();
      const lines = readFileSync(file, 'utf8').trim().split(/\r?\n/);
      expect(lines).toHaveLength(31);
      expect(lines.filter((line) => line.includes(token))).toHaveLength(30);
    });

    test("a link naming a claim's dialog opens it after the delay and the query is stripped", async ({ page }) => {
      const client = await firstClientAccount(page);
      const name = `Linked ${edition.id} ${Date.now()}`;
      const id = await reportClaim(page, edition, client.id, { name });
      await page.goto(`${edition.origin}/agency/claims?modal=edit&modalData=${encodeURIComponent(JSON.stringify({ id }))}`);
      const dialog = page.getByRole('dialog', { name: 'Claim' });
      // The page, its permissions, the 1.5 s delay and the claim's own load: room for a slow machine.
      await expect(dialog).toBeVisible({ timeout: 20_000 });
      await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
      await expect(page).not.toHaveURL(/modal=/);
    });
  });
}

test('a policyholder sees the claims reported on their account; staff who may only read claims get View alone, read-only', async ({ page, browser }) => {
  const edition = EDITIONS[0]!;
  await signInOnOrigin(page, edition.origin, edition.agent);
  const accounts = await callApi<{ content: { id: string; name: string }[] }>(page, 'GET', '/api/claims/v1/accounts');
  const insured = accounts.data.content.find((candidate) => candidate.name === 'Acme Precision Manufacturing');
  expect(insured, 'the agency manages the demo policyholder').toBeTruthy();
  const name = `For the insured ${Date.now()}`;
  await reportClaim(page, edition, insured!.id, { name });

  const holder = await browser.newPage();
  await signInOnOrigin(holder, edition.origin, 'policyholder@insured.example');
  await holder.goto(`${edition.origin}/customer/claims`);
  await expect(rowOf(holder, name)).toBeVisible();
  await holder.close();

  // The operator holds claim:read without claim:write: no Report a Claim, and only View on a row.
  const operator = await browser.newPage();
  await signInOnOrigin(operator, edition.origin, 'operator@provider.example');
  await operator.goto(`${edition.origin}/admin/claims`);
  await expect(operator.getByRole('heading', { level: 1, name: 'Claims' })).toBeVisible();
  const row = rowOf(operator, name);
  await expect(row).toBeVisible();
  await expect(operator.getByRole('button', { name: 'Report a Claim' })).toHaveCount(0);
  expect(await rowActionLabels(operator, row)).toEqual(['View']);
  await chooseRowAction(operator, row, 'View');
  await expect(operator.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
  await expect(operator.getByRole('textbox', { name: 'Name', exact: true })).toBeDisabled();
  await expect(operator.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await operator.close();
});
