import { expect, type Page } from '@playwright/test';

/** Opens a page from the main navigation and waits for its heading. */
export async function openFromMenu(page: Page, label: string, heading: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** Chooses an action from the row menu of the first row of a table that holds `rowText`. */
export async function rowAction(page: Page, tableName: string, rowText: string, action: string): Promise<void> {
  const row = page.getByRole('table', { name: tableName }).getByRole('row').filter({ hasText: rowText }).first();
  await row.getByRole('button', { name: 'Row actions' }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}
