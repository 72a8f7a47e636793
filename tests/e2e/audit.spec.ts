import { chromium, expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../support/chromium.ts';
import { E2E_PORT } from './support/origin.ts';
import { acceptCookies, apiToken, signInThroughPage } from './support/sign-in.ts';
import { clickNavEntry, hasNavEntry } from './support/page-navigation.ts';

/** The staff audit log page (finding 11): server-paged, searched and filtered, reached from the admin navigation. */

const SEARCH = 'Search by action, target or user e-mail';
/** A sign-in name no other test uses, so its refusals can be counted exactly. */
const PROBE = 'audit-probe@nowhere.example';
/** More refusals than one page of 25 holds, so the search result has a second page. */
const DENIALS = 26;
const UK_HOST = 'console.example.uk';

/** Entries to find: wrong passwords for the probe address, and an agent refused the audit log (each 403 is audited). */
async function writeEntries(request: APIRequestContext): Promise<void> {
  for (let i = 0; i < 3; i += 1) {
    const refused = await request.post('/api/auth/v1/login', { data: { username: PROBE, password: 'Wrong-Password-1!' } });
    expect(refused.status()).toBe(401);
  }
  const agent = await apiToken(request, 'agent@agency.example');
  for (let i = 0; i < DENIALS; i += 1) {
    const denied = await request.get('/api/audit/v1/entries', { headers: { authorization: `Bearer ${agent}` } });
    expect(denied.status()).toBe(403);
  }
}

/** The text of every cell of the Action column on the page shown. */
async function actionCells(page: Page): Promise<string[]> {
  const table = page.getByTestId('table-audit-log');
  const headers = await table.getByRole('columnheader').allInnerTexts();
  const column = headers.findIndex((header) => header.trim() === 'Action');
  expect(column, `an Action column among ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return table.locator('tbody tr').locator(`td:nth-child(${column + 1})`).allInnerTexts();
}

test('the Super Admin searches the audit log for an action, pages through it and filters by action and date', async ({ page, request }) => {
  await writeEntries(request);
  await signInThroughPage(page, 'admin@provider.example');
  await clickNavEntry(page, 'Audit log');
  await expect(page).toHaveURL(/\/admin\/audit$/);
  const table = page.getByTestId('table-audit-log');
  const range = page.getByTestId('page-range');
  // The admin's own sign-in is already there, newest first, its action in words.
  await expect(table.getByRole('cell', { name: 'Sign-in', exact: true }).first()).toBeVisible();

  await page.getByRole('searchbox', { name: SEARCH }).fill('access.denied');
  // Polled: the rows of the earlier answer (or the loading placeholders) show until the server answers.
  await expect.poll(() => actionCells(page)).toEqual(Array(25).fill('Access refused'));
  await expect(range).toHaveText(/^1–25 of \d+ · Page 1 of \d+$/);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(range).toHaveText(/^26–\d+ of \d+ · Page 2 of \d+$/);
  await expect.poll(async () => new Set(await actionCells(page))).toEqual(new Set(['Access refused']));

  // The action filter is exact, and a new search or filter starts again from the first page.
  await page.getByRole('searchbox', { name: SEARCH }).fill('');
  await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Sign-in failed' });
  await expect.poll(async () => new Set(await actionCells(page))).toEqual(new Set(['Sign-in failed']));
  await expect(table.getByRole('cell', { name: PROBE, exact: true })).toHaveCount(3);
  await expect(range).toHaveText(/^1–\d+ of \d+ · Page 1 of \d+$/);

  // The detail of an entry opens under its row.
  await table.getByRole('button', { name: 'Show details' }).first().click();
  await expect(table.getByText('{"reason":"credentials"}').first()).toBeVisible();

  // A date range with no entries shows the empty state.
  await page.getByLabel('Date from').fill('2001-01-01');
  await page.getByLabel('Date to').fill('2001-01-31');
  await expect(table.getByText('No audit entries match')).toBeVisible();
  await expect(range).toHaveText('0–0 of 0 · Page 1 of 1');
  await page.getByLabel('Date from').fill('');
  await page.getByLabel('Date to').fill('');
  await expect(table.getByRole('cell', { name: PROBE, exact: true })).toHaveCount(3);
  await page.screenshot({ path: test.info().outputPath('audit-log-us.png'), fullPage: true });

  // Only the fields the server sorts by are sortable; sorting by action asks the server again.
  await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'All' });
  await expect(page.getByTestId('sort-target')).toHaveCount(0);
  await page.getByTestId('sort-action').click();
  await expect(table.getByRole('columnheader', { name: 'Action' })).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(async () => (await actionCells(page))[0]).toBe('Access refused');
  await expect(page.getByTestId('audit-error')).toHaveCount(0);
});

test('the UK edition shows the audit log with UK dates', async () => {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_LAUNCH.executablePath,
    args: [...CHROMIUM_LAUNCH.args, `--host-resolver-rules=MAP ${UK_HOST} 127.0.0.1`],
  });
  try {
    const origin = `http://${UK_HOST}:${E2E_PORT}`;
    const context = await browser.newContext({ baseURL: origin, locale: 'en-GB', viewport: { width: 1280, height: 900 } });
    await acceptCookies(context, origin);
    const page = await context.newPage();
    await signInThroughPage(page, 'admin@provider.example');
    await page.goto('/admin/audit');
    const table = page.getByTestId('table-audit-log');
    await expect(table.getByRole('cell', { name: 'Sign-in', exact: true }).first()).toBeVisible();
    // en-GB writes the day first: 23/11/2026, 07:47.
    const today = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
    await expect(table.getByRole('cell', { name: new RegExp(`^${today}`) }).first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('audit-log-uk.png'), fullPage: true });
  } finally {
    await browser.close();
  }
});

test('an agent cannot read the audit log: no navigation entry, and the API refuses', async ({ page, request }) => {
  await signInThroughPage(page, 'agent@agency.example');
  expect(await hasNavEntry(page, 'Audit log')).toBe(false);
  const refused = await request.get('/api/audit/v1/entries', { headers: { authorization: `Bearer ${await apiToken(request, 'agent@agency.example')}` } });
  expect(refused.status()).toBe(403);
});
