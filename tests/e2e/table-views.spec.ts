import { expect, test, type Browser, type Page } from '@playwright/test';
import { callApi } from './support/call-api.ts';
import { E2E_ORIGIN, E2E_UK_ORIGIN } from './support/origin.ts';
import { signInOnOrigin } from './support/sign-in.ts';

/**
 * Saved table views and the theme, per user (spec 002 section 4 'Saved table views per user (column order,
 * visibility, density, sort) and the theme saved per user'), in Chromium against the real server in both
 * editions: what a user arranges on the quotes table, and the theme they pick, come back in a fresh browser
 * where they sign in again; Reset view puts back the definition's own. Each case ends as it began.
 */

const CASES = [
  { edition: 'us', origin: E2E_ORIGIN, user: 'agent@agency.example' },
  { edition: 'uk', origin: E2E_UK_ORIGIN, user: 'broker@brokerage.example' },
];

interface Preferences {
  theme: string | null;
  tableViews: Record<string, { columnOrder: string[]; hiddenColumns: string[]; density: string; sort: { column: string; desc: boolean } | null; pageSize: number }>;
}

async function freshPage(browser: Browser, origin: string, user: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInOnOrigin(page, origin, user);
  return page;
}

const preferences = async (page: Page) => (await callApi<Preferences>(page, 'GET', '/api/auth/v1/me/preferences')).data;

for (const c of CASES) {
  test(`a user's quotes table and theme follow them to another browser (${c.edition})`, async ({ browser }) => {
    const page = await freshPage(browser, c.origin, c.user);
    await page.goto(`${c.origin}/agency/quotes`);
    const table = page.getByTestId('table-agency-quotes');
    await expect(table.getByRole('columnheader', { name: 'Client' })).toBeVisible();
    await expect(table.getByRole('button', { name: 'Reset view' })).toHaveCount(0);

    await table.getByRole('button', { name: 'Columns' }).click();
    const columns = page.getByRole('list', { name: 'Columns' });
    await columns.getByText('Client', { exact: true }).click();
    await columns.getByText('Premium', { exact: true }).click();
    await page.getByRole('button', { name: 'Move Effective right' }).click();
    await page.keyboard.press('Escape');
    await table.getByRole('button', { name: 'Comfortable rows' }).click();
    await table.getByRole('button', { name: 'Quote Number', exact: true }).click();
    await expect(table.getByRole('columnheader', { name: 'Quote Number' })).toHaveAttribute('aria-sort', 'ascending');

    await expect.poll(async () => (await preferences(page)).tableViews['agency-quotes'], { timeout: 10_000 }).toMatchObject({
      hiddenColumns: expect.not.arrayContaining(['totalPremium']),
      density: 'comfortable',
      sort: { column: 'quoteNumber', desc: false },
    });
    const saved = (await preferences(page)).tableViews['agency-quotes']!;
    expect(saved.hiddenColumns).toContain('companyName');
    expect(saved.columnOrder.slice(0, 2)).toEqual(['modified', 'effectiveDate']);

    // Another browser: the same arrangement, read from the server.
    const elsewhere = await freshPage(browser, c.origin, c.user);
    await elsewhere.goto(`${c.origin}/agency/quotes`);
    const there = elsewhere.getByTestId('table-agency-quotes');
    await expect(there.getByRole('columnheader', { name: 'Premium' })).toBeVisible();
    await expect(there.getByRole('columnheader', { name: 'Client' })).toHaveCount(0);
    await expect(there.getByRole('columnheader', { name: 'Quote Number' })).toHaveAttribute('aria-sort', 'ascending');
    await expect(there.getByRole('button', { name: 'Comfortable rows' })).toHaveAttribute('aria-pressed', 'true');
    const headers = await there.getByRole('columnheader').allTextContents();
    expect(headers.indexOf('Last Updated')).toBeLessThan(headers.indexOf('Effective'));

    // Reset view: the definition's own arrangement, and nothing kept for it.
    await there.getByRole('button', { name: 'Reset view' }).click();
    await expect(there.getByRole('columnheader', { name: 'Client' })).toBeVisible();
    await expect(there.getByRole('columnheader', { name: 'Premium' })).toHaveCount(0);
    await expect(there.getByRole('button', { name: 'Reset view' })).toHaveCount(0);
    await expect.poll(async () => (await preferences(elsewhere)).tableViews['agency-quotes'] ?? null, { timeout: 10_000 }).toBeNull();

    // The theme chosen in one browser is the theme of the next.
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect.poll(async () => (await preferences(page)).theme, { timeout: 10_000 }).toBe('dark');
    const third = await freshPage(browser, c.origin, c.user);
    await third.goto(`${c.origin}/agency/quotes`);
    await expect(third.locator('html')).toHaveClass(/\bdark\b/);
    await third.getByRole('button', { name: 'Switch to light mode' }).click();
    await expect.poll(async () => (await preferences(third)).theme, { timeout: 10_000 }).toBe('light');
    for (const opened of [page, elsewhere, third]) await opened.context().close();
  });
}
