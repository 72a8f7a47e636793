import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { callApi } from './support/call-api.ts';
import { E2E_ORIGIN, E2E_UK_ORIGIN } from './support/origin.ts';
import { signInOnOrigin } from './support/sign-in.ts';

/**
 * The schedule of record on screen and on paper, in both editions and at desk and phone width: an agent opens
 * a Ready quote of the demo world; the Premium lines add up to the total shown in bold, public relations
 * expense is a share of the aggregate (not the aggregate), the lines are a summary (no paging), and the
 * proposal downloaded from that page prints the same lines and total.
 */
test.describe.configure({ timeout: 90_000 });

const CASES = [
  { edition: 'US', origin: E2E_ORIGIN, user: 'agent@agency.example', product: 'P250', taxes: [] as string[] },
  { edition: 'UK', origin: E2E_UK_ORIGIN, user: 'broker@brokerage.example', product: 'P_ONE', taxes: ['Insurance Premium Tax'] },
];

/** '$1,234.56' or '£1,234.56' as cents or pence. */
const minorOf = (money: string) => Math.round(Number(money.replace(/[^0-9.-]/g, '')) * 100);

async function rowsOf(table: Locator): Promise<string[][]> {
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  return rows.evaluateAll((elements) => elements.map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent?.trim() ?? '')));
}

async function readyQuoteOf(page: Page, product: string): Promise<{ id: string; aggLimit: string }> {
  const found = await callApi<{ content: Array<{ id: string; product: string; aggLimit: string }> }>(page, 'GET', '/api/quote/v1/search?status=READY&size=100');
  const quote = found.data.content.find((candidate) => candidate.product === product);
  if (!quote) throw new Error(`no Ready ${product} quote in the demo world`);
  return quote;
}

for (const { edition, origin, user, product, taxes } of CASES) {
  for (const width of [1440, 390]) {
    test(`${edition} at ${width} px: the quote page's premium lines add up, public relations is a share, the proposal prints the same`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInOnOrigin(page, origin, user);
      const quote = await readyQuoteOf(page, product);
      await page.goto(`${origin}/agency/quotes/${quote.id}`);

      const charges = page.getByTestId('block-table-schedule-charges');
      const lines = await rowsOf(charges);
      const total = lines.at(-1)!;
      expect(total[0]).toBe('Total Premium');
      expect(lines[0]![0]).toBe('Premium');
      expect(lines.slice(0, -1).reduce((sum, [, amount]) => sum + minorOf(amount!), 0)).toBe(minorOf(total[1]!));
      for (const tax of taxes) expect(lines.map(([name]) => name)).toContain(tax);
      await expect(charges.locator('tbody tr').last()).toHaveCSS('font-weight', '600');
      // A summary: read whole, nothing to page through or arrange.
      await expect(charges.getByText('Rows per page')).toHaveCount(0);
      await expect(charges.getByRole('button', { name: 'Columns' })).toHaveCount(0);

      const coverages = await rowsOf(page.getByTestId('block-table-quote-coverages'));
      const publicRelations = coverages.find(([name]) => name === 'Public Relations Expense');
      expect(publicRelations, 'Public Relations Expense is listed').toBeDefined();
      expect(minorOf(publicRelations![1]!)).toBeLessThan(Number(quote.aggLimit) * 100);

      const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Proposal' }).click()]);
      const text = (await new PDFParse({ data: new Uint8Array(await readFile((await file.path())!)) }).getText()).text.replace(/\s+/g, ' ');
      for (const [name, amount] of lines) expect(text, name).toContain(`${name} ${amount}`);
      expect(text).toContain(`Public Relations Expense ${publicRelations![1]}`);
    });
  }
}
