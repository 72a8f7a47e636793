import { expect, type Locator, type Page } from '@playwright/test';

/** The group menus of the header's main navigation (on a wide screen). */
const groupTriggers = (page: Page) => page.getByRole('navigation', { name: 'Main' }).locator('[data-testid^="nav-group-"]');

/**
 * The main navigation's entry for a page, ready to click: a direct link, or the item of the group menu that
 * holds it (that menu opened), or on a narrow screen the link in the navigation drawer (the drawer opened).
 * Undefined when the user's navigation has no such entry (every menu closed again).
 */
export async function findNavEntry(page: Page, label: string): Promise<Locator | undefined> {
  await expect(page.getByTestId('app-header')).toBeVisible();
  const drawerButton = page.getByRole('button', { name: 'Open navigation' });
  if (await drawerButton.isVisible()) {
    await drawerButton.click();
    const drawer = page.getByTestId('nav-drawer');
    await expect(drawer).toBeVisible();
    const link = drawer.getByRole('link', { name: label, exact: true });
    if ((await link.count()) > 0) return link;
    await page.keyboard.press('Escape');
    return undefined;
  }
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  const direct = nav.getByRole('link', { name: label, exact: true });
  if ((await direct.count()) > 0) return direct;
  for (const trigger of await groupTriggers(page).all()) {
    await trigger.click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    const item = menu.getByRole('menuitem', { name: label, exact: true });
    if ((await item.count()) > 0) return item;
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  }
  return undefined;
}

/** Opens a page from the main navigation (through its group menu) and waits for its heading (the entry's label unless named). */
export async function openFromMenu(page: Page, label: string, heading: string | RegExp = label): Promise<void> {
  const entry = await findNavEntry(page, label);
  expect(entry, `a navigation entry ${label}`).toBeDefined();
  await entry!.click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** Follows the main navigation's entry for a page (through its group menu or the drawer). */
export async function clickNavEntry(page: Page, label: string): Promise<void> {
  const entry = await findNavEntry(page, label);
  expect(entry, `a navigation entry ${label}`).toBeDefined();
  await entry!.click();
}

/** Whether the user's main navigation has an entry for a page (any menu it opened is closed again). */
export async function hasNavEntry(page: Page, label: string): Promise<boolean> {
  const entry = await findNavEntry(page, label);
  if (entry) await page.keyboard.press('Escape');
  return entry !== undefined;
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
 * two-core machine seconds of browser time. Another origin, a page without the signed-in app (no
 * signed-in header) or a move the app refused (a page with unsaved changes asks first) falls back to loading it.
 */
export async function goInApp(page: Page, url: string): Promise<void> {
  const target = new URL(url);
  const here = new URL(page.url());
  const appRunning = here.origin === target.origin && !here.pathname.startsWith('/api/') && (await page.getByTestId('app-header').count()) > 0;
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
