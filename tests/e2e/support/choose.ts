import type { Locator } from '@playwright/test';

/** Picks an option of a select field (a combobox whose options open in a menu) by the field's and the option's names. */
export async function choose(scope: Locator, name: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name, exact: true }).click();
  await scope.page().getByRole('option', { name: option, exact: true }).click();
}
