import { expect, type Page } from '@playwright/test';

/** Opens a page from the main navigation and waits for its heading (the link's label unless named). */
export async function openFromMenu(page: Page, label: string, heading = label): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** Chooses an action from the row menu of the first row of a table that holds `rowText`. */
export async function rowAction(page: Page, tableName: string, rowText: string, action: string): Promise<void> {
  const row = page.getByRole('table', { name: tableName }).getByRole('row').filter({ hasText: rowText }).first();
  await row.getByRole('button', { name: 'Row actions' }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

/**
 * Goes to `url` in the app already open in `page`, as a link inside the app would (the router reads the
 * address on a history event), so the app is not loaded and started again: a full load costs a busy
 * two-core machine seconds of browser time. Another origin, a page without the signed-in app (no main
 * navigation) or a move the app refused (a page with unsaved changes asks first) falls back to loading it.
 */
export async function goInApp(page: Page, url: string): Promise<void> {
  const target = new URL(url);
  const here = new URL(page.url());
  const appRunning = here.origin === target.origin && !here.pathname.startsWith('/api/') && (await page.getByRole('navigation', { name: 'Main' }).count()) > 0;
  if (appRunning) {
    const path = `${target.pathname}${target.search}${target.hash}`;
    await page.evaluate((next) => {
      window.history.pushState(null, '', next);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    // The router moves on the event; a blocker would put the previous address back.
    if (await expect.poll(() => new URL(page.url()).pathname, { timeout: 3_000 }).toBe(target.pathname).then(() => true, () => false)) return;
  }
  await page.goto(url);
}
