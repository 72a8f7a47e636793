import { expect, test } from '@playwright/test';
import { E2E_ORIGIN, E2E_UK_ORIGIN } from './support/origin.ts';
import { dismissToasts, signInOnOrigin } from './support/sign-in.ts';
import { clickNavEntry } from './support/page-navigation.ts';

/**
 * The teams page (definitions/pages/teams-page.json) in both editions: an agency adds a team through the
 * team dialog, a taken name is refused with the server's reason, renames it and deletes it; the default
 * team offers no Delete.
 */
const CASES = [
  { edition: 'US', origin: E2E_ORIGIN, user: 'agent@agency.example', organisation: 'Organization' },
  { edition: 'UK', origin: E2E_UK_ORIGIN, user: 'broker@brokerage.example', organisation: 'Organisation' },
];

for (const { edition, origin, user, organisation } of CASES) {
  test(`${edition}: an agency adds, renames and deletes a team`, async ({ page }) => {
    const name = `Team ${edition} ${Date.now()}`;
    await signInOnOrigin(page, origin, user);
    await page.goto(`${origin}/agency/dashboard`);
    await clickNavEntry(page, 'Teams');
    await expect(page.getByRole('heading', { level: 1, name: 'Teams' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Teams' });
    await expect(table.getByRole('columnheader', { name: organisation })).toBeVisible();
    const defaultRow = table.getByRole('row').filter({ hasText: 'Default Team' });
    await defaultRow.getByRole('button', { name: 'Row actions' }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['Rename']);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Add Team' }).click();
    const dialog = page.getByRole('dialog', { name: 'Team' });
    await dialog.getByRole('textbox', { name: 'Team Name' }).fill('Default Team');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByTestId('dialog-error')).toHaveText('Failed to save team. A team with this name already exists.');
    await dialog.getByRole('textbox', { name: 'Team Name' }).fill(name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Team created', { exact: true })).toBeVisible();
    const row = table.getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await dismissToasts(page);

    await row.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Team Name' })).toHaveValue(name);
    await dialog.getByRole('textbox', { name: 'Team Name' }).fill(`${name} renamed`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Team saved', { exact: true })).toBeVisible();
    const renamed = table.getByRole('row').filter({ hasText: `${name} renamed` });
    await expect(renamed).toBeVisible();
    await dismissToasts(page);

    await renamed.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Team deleted', { exact: true })).toBeVisible();
    await expect(renamed).toHaveCount(0);
  });
}
