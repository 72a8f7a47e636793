import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInThroughApi } from './support/sign-in.ts';

// The gallery is for the provider's staff: every test signs in as the provider admin first.
test.beforeEach(async ({ page }) => {
  await signInThroughApi(page, 'admin@provider.example');
});

/** One field's row (label, widget, messages), found by the field's path. */
const fieldBox = (page: Page, path: string) => page.getByTestId(`field-${path}`);
/**
 * Inputs by accessible name. getByLabel would match the label's text, which includes the required
 * asterisk; the asterisk is aria-hidden, so the accessible name is the label alone.
 */
const textbox = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

test.describe('form preview: claim', () => {
  test('messages appear while the data is wrong and clear once fixed', async ({ page }) => {
    await page.goto('/admin/gallery/claim');
    const zip = page.getByLabel('Zip Code');
    await expect(zip).toHaveValue('60607');
    await zip.fill('00000');
    await expect(fieldBox(page, 'zipCode')).toContainText('Invalid ZIP Code');
    await expect(zip).toHaveAttribute('aria-invalid', 'true');
    await zip.fill('60607');
    await expect(fieldBox(page, 'zipCode')).not.toContainText('Invalid ZIP Code');

    // Clearing a required field shows the generic required text once the field was touched.
    const address = textbox(page, 'Address');
    await address.fill('');
    await address.blur();
    await expect(fieldBox(page, 'address')).toContainText('Address is a required field');
    await address.fill('1 Main Street');
    await expect(fieldBox(page, 'address')).not.toContainText('required');
  });

  test('contact fields show and are required only when the reporter is not the right contact', async ({ page }) => {
    await page.goto('/admin/gallery/claim');
    const question = page.getByRole('radiogroup', { name: 'Are you the right contact for this claim?' });
    await question.getByText('Yes', { exact: true }).click();
    await expect(page.getByLabel('Contact Name')).toHaveCount(0);
    await expect(page.getByTestId('panel-rules')).toContainText('idle');

    await question.getByText('No', { exact: true }).click();
    const contactName = page.getByLabel('Contact Name');
    await expect(contactName).toBeVisible();
    await expect(page.getByLabel('Contact Email')).toBeVisible();
    await expect(page.getByLabel('Contact Phone')).toBeVisible();
    // The red asterisk comes from the rule, not from the schema.
    await expect(fieldBox(page, 'contactName').locator('label')).toContainText('*');
    await contactName.fill('');
    await contactName.blur();
    await expect(fieldBox(page, 'contactName')).toContainText('Contact Name is a required field');
    await expect(page.getByTestId('panel-messages')).toContainText('Contact Name is a required field');
  });

  test('the UK edition says Postcode and has no State', async ({ page }) => {
    await page.goto('/admin/gallery/claim');
    await expect(page.getByLabel('Zip Code')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'State' })).toBeVisible();
    await page.getByLabel('Edition').selectOption({ label: 'UK' });
    await expect(page).toHaveURL(/edition=uk/);
    await expect(page.getByLabel('Postcode')).toBeVisible();
    await expect(page.getByLabel('Zip Code')).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'State' })).toHaveCount(0);
    await page.getByLabel('Postcode').fill('12345');
    await expect(fieldBox(page, 'zipCode')).toContainText('Invalid Postcode');
  });
});

test.describe('table preview: agency-quotes', () => {
  const firstRow = (page: Page) => page.locator('tbody tr').first();

  test('sorts by a column', async ({ page }) => {
    await page.goto('/admin/gallery/agency-quotes');
    const before = await firstRow(page).innerText();
    const header = page.getByRole('columnheader', { name: 'Client' });
    await expect(header).toHaveAttribute('aria-sort', 'none');
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(firstRow(page)).not.toHaveText(before);
    const ascending = await firstRow(page).innerText();
    // Keyboard: Enter on the focused header button sorts the other way.
    await header.getByRole('button').press('Enter');
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(firstRow(page)).not.toHaveText(ascending);
  });

  test('pages and changes the page size', async ({ page }) => {
    await page.goto('/admin/gallery/agency-quotes');
    await expect(page.locator('tbody tr')).toHaveCount(25);
    const pageOne = await firstRow(page).innerText();
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByTestId('page-range')).toContainText('Page 2');
    await expect(firstRow(page)).not.toHaveText(pageOne);
    const rowsOnPageTwo = await page.locator('tbody tr').count();
    expect(rowsOnPageTwo).toBeGreaterThan(0);
    expect(rowsOnPageTwo).toBeLessThan(25);

    await page.getByRole('button', { name: 'Previous page' }).click();
    await page.getByLabel('Rows per page').selectOption('50');
    await expect(page.locator('tbody tr')).toHaveCount(25 + rowsOnPageTwo);
    await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  test('search narrows the rows and an unknown text shows the empty text', async ({ page }) => {
    await page.goto('/admin/gallery/agency-quotes');
    const search = page.getByRole('searchbox', { name: 'Search by client or quote number' });
    await search.fill('zzz-no-such-client');
    await expect(page.getByTestId('table-agency-quotes').getByText('No quotes found')).toBeVisible();
    await search.fill('Brightline');
    await expect(page.locator('tbody tr').first()).toContainText('Brightline');
  });
});

test.describe('table preview: tools', () => {
  test('columns hide and move, rows expand, density toggles, CSV downloads', async ({ page }) => {
    await page.goto('/admin/gallery/agency-quotes');
    const table = page.getByTestId('table-agency-quotes');
    await expect(table.getByRole('columnheader', { name: 'Client' })).toBeVisible();

    await table.getByRole('button', { name: 'Columns' }).click();
    const columns = page.getByRole('list', { name: 'Columns' });
    await columns.getByText('Client', { exact: true }).click();
    await expect(page.getByRole('checkbox', { name: 'Client' })).not.toBeChecked();
    await expect(table.getByRole('columnheader', { name: 'Client' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Move Effective right' }).click();
    await page.keyboard.press('Escape');
    await expect(table.getByRole('columnheader').nth(1)).toHaveText(/Last Updated/);

    await table.getByRole('button', { name: 'Show details' }).first().click();
    await expect(table.getByText('Aggregate Limit')).toBeVisible();

    const density = table.getByRole('button', { name: 'Comfortable rows' });
    await expect(density).toHaveAttribute('aria-pressed', 'false');
    await density.click();
    await expect(density).toHaveAttribute('aria-pressed', 'true');

    const download = page.waitForEvent('download');
    await table.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toBe('agency-quotes.csv');
  });

  test('loading shows placeholder rows', async ({ page }) => {
    await page.goto('/admin/gallery/agency-quotes');
    await page.getByText('Show loading state').click();
    await expect(page.getByTestId('table-loading').locator('tr')).toHaveCount(6);
  });
});

test('the gallery lists definitions and filters them by kind and text', async ({ page }) => {
  await page.goto('/gallery');
  await expect(page).toHaveURL(/\/admin\/gallery$/);
  const table = page.getByRole('table', { name: 'Definitions' });
  await expect(table.getByRole('link', { name: 'claim', exact: true })).toBeVisible();
  await page.getByLabel('Kind').selectOption('table');
  await expect(table.getByRole('link', { name: 'claim', exact: true })).toHaveCount(0);
  await expect(table.getByRole('link', { name: 'agency-quotes' })).toBeVisible();
  await page.getByLabel('Filter').fill('quotes');
  await table.getByRole('link', { name: 'agency-quotes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quotes' })).toBeVisible();
});

test('the color mode toggle switches to dark and back', async ({ page }) => {
  await page.goto('/admin/gallery');
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/dark/);
  const background = await page.locator('main').evaluate((element) => getComputedStyle(element.parentElement!).backgroundColor);
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(html).toHaveClass(/dark/);
  await expect
    .poll(() => page.locator('main').evaluate((element) => getComputedStyle(element.parentElement!).backgroundColor))
    .not.toBe(background);
  await page.getByRole('button', { name: 'Switch to light mode' }).click();
  await expect(html).not.toHaveClass(/dark/);
});

test.describe('dialogs', () => {
  test('Send stays disabled until the form changes', async ({ page }) => {
    await page.goto('/admin/gallery/feedback');
    await page.getByRole('button', { name: 'Open as dialog' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Feedback' })).toBeVisible();
    const send = dialog.getByRole('button', { name: 'Send' });
    await expect(send).toBeDisabled();
    await dialog.getByLabel('Description').fill('The new dashboard is much faster.');
    await expect(send).toBeEnabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('a submit with errors reveals them and focuses the first invalid field', async ({ page }) => {
    await page.goto('/admin/gallery/claim');
    await page.getByText('Start with the sample data').click();
    await page.getByRole('button', { name: 'Open as dialog' }).click();
    const dialog = page.getByRole('dialog');
    await expect(textbox(dialog, 'Address')).toHaveValue('');
    // Nothing touched yet: no messages.
    await expect(dialog.getByTestId('field-error')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Address is a required field')).toBeVisible();
    await expect(dialog.getByText('Loss Description is a required field')).toBeVisible();
    // The claim's own wording for its first field, typo and all.
    await expect(dialog.getByText('Please select a option')).toBeVisible();
    await expect(textbox(dialog, 'Name')).toBeFocused();
    await expect(dialog).toBeVisible();
  });

  test('a failed submit keeps the data and shows the error; a good one closes the dialog', async ({ page }) => {
    await page.goto('/admin/gallery/feedback');
    await page.getByText('Dialog submit fails').click();
    await page.getByRole('button', { name: 'Open as dialog' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Description').fill('Kept after a failure');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByTestId('dialog-error')).toContainText('The gallery was asked to fail this submit');
    await expect(dialog.getByLabel('Description')).toHaveValue('Kept after a failure');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });
});
