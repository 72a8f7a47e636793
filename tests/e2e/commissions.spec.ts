import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { COMMISSION_DOCUMENT_FIRST_YEAR, COMMISSION_DOCUMENT_MAX_YEARS } from '../../server/constants.ts';
import { choose } from './support/choose.ts';
import { E2E_ORIGIN, E2E_UK_ORIGIN } from './support/origin.ts';
import { signInOnOrigin } from './support/sign-in.ts';

/**
 * Commissions in Chromium against the real server and its sandbox processor (spec 002 section 3 Commission,
 * section 5 'Commission payment'): an admin pays an agency's commission once the processor's token has
 * arrived and sees the payment listed; an agency downloads its month's statement from the picker, which says
 * when a month has none; a UK brokerage gives its deposit account with a sort code.
 */
test.describe.configure({ timeout: 90_000 });

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

test('an admin pays commission to an agency: Make Payment waits for the token, then the payment is listed', async ({ page }) => {
  await signInOnOrigin(page, E2E_ORIGIN, 'admin@provider.example');
  await page.goto('/admin/commissions');
  await page.getByRole('searchbox').fill('Summit');
  // The search answered: the list holds only that agency (a click before would land on a row being replaced).
  await expect(page.getByText('1–1 of 1')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Summit Risk Partners' });
  await row.getByRole('button', { name: 'Row actions' }).click();
  await page.getByRole('menuitem', { name: 'Make Payment', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Make Payment' });
  await expect(dialog.getByLabel('Payment Token')).toHaveValue(/^pt_/);
  const pay = dialog.getByRole('button', { name: 'Make Payment' });
  await expect(pay).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Amount', exact: true }).fill('0.5');
  await dialog.getByLabel('Description').fill('Commission for the e2e month');
  await expect(pay).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Amount', exact: true }).fill('25');
  await expect(pay).toBeEnabled();
  await pay.click();
  await expect(page.getByText('Commission of $25.00 paid to Summit Risk Partners.')).toBeVisible();
  await page.getByRole('tab', { name: 'Payments' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Commission for the e2e month' })).toContainText('Paid');
});

test('an agency downloads the statement of the month; a month without one says so and offers no download', async ({ page }) => {
  await signInOnOrigin(page, E2E_ORIGIN, 'agent@agency.example');
  await page.goto('/agency/commissions?tab=STATEMENTS');
  await page.getByRole('button', { name: 'Download Statement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download Statement' });
  const download = dialog.getByRole('button', { name: 'Download' });
  // The picker offers at most COMMISSION_DOCUMENT_MAX_YEARS years, none before 2020: its first year has no statements.
  const firstYear = Math.max(COMMISSION_DOCUMENT_FIRST_YEAR, new Date().getFullYear() - COMMISSION_DOCUMENT_MAX_YEARS + 1);
  await choose(dialog, 'Year', String(firstYear));
  await choose(dialog, 'Month', 'January');
  await expect(dialog.getByText('No invoice/statements found for this month')).toBeVisible();
  await expect(download).toBeDisabled();
  const now = new Date();
  await choose(dialog, 'Year', String(now.getFullYear()));
  await choose(dialog, 'Month', MONTHS[now.getMonth()]!);
  await expect(download).toBeEnabled();
  await expect(dialog.getByText('No invoice/statements found for this month')).toHaveCount(0);
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const period = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
  expect(file.suggestedFilename()).toBe(`Commission_Statement_Summit_Risk_Partners_${period}.pdf`);
  const text = (await new PDFParse({ data: new Uint8Array(await readFile((await file.path())!)) }).getText()).text;
  expect(text).toContain(`Commission Statement - ${MONTHS[now.getMonth()]} ${now.getFullYear()}`);
  expect(text).toContain('Summit Risk Partners');
});

test('UK: a brokerage gives its commission deposit account with a sort code; only the last four digits come back', async ({ page }) => {
  await signInOnOrigin(page, E2E_UK_ORIGIN, 'broker@brokerage.example');
  await page.goto(`${E2E_UK_ORIGIN}/agency/commissions`);
  await expect(page.getByRole('tab', { name: 'By Brokerage' })).toBeVisible();
  await page.getByRole('row').filter({ hasText: 'Thames Cyber Brokers' }).getByRole('button', { name: 'Row actions' }).click();
  await page.getByRole('menuitem', { name: 'Bank Account', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Commission Bank Account' });
  await expect(dialog.getByLabel('Current Account')).toHaveValue(/^••••\d{4}$/);
  await dialog.getByLabel('Sort Code').fill('400000000');
  await dialog.getByLabel('Account Number').fill('87654321');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Sort Code must be 6 digits, such as 12-34-56')).toBeVisible();
  await dialog.getByLabel('Sort Code').fill('40-00-00');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Bank account for commission deposits saved.')).toBeVisible();
  await page.getByRole('row').filter({ hasText: 'Thames Cyber Brokers' }).getByRole('button', { name: 'Row actions' }).click();
  await page.getByRole('menuitem', { name: 'Bank Account', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Commission Bank Account' }).getByLabel('Current Account')).toHaveValue('••••4321');
});
