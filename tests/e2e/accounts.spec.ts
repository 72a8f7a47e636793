import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { callApi } from './support/call-api.ts';
import { E2E_ORIGIN, E2E_UK_ORIGIN } from './support/origin.ts';
import { dismissToasts, signInOnOrigin } from './support/sign-in.ts';
import { choose } from './support/choose.ts';
import { clickNavEntry } from './support/page-navigation.ts';

/**
 * The new-account dialog and the lookup page (spec 001 sections 2, 4, 5 and 8) in both editions: an
 * agency admin searches as it types, picks a company (the fields fill and lock, the button becomes Add
 * Account) and lands on the new submission; a name the search does not find goes to the lookup page with
 * the search's values, where an address the verifier cannot verify is shown and fixed; picking one of its
 * own accounts answers 409 and the dialog returns to searching; Reset returns to searching. A UK broker
 * does the same in UK words; a provider admin chooses the agency and agent and may confirm an address.
 */

// Each test walks a whole flow through several pages on a shared, busy machine.
test.describe.configure({ timeout: 120_000 });

async function openDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'New Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Account' });
  await expect(dialog).toBeVisible();
  return dialog;
}

const nameBox = (dialog: Locator) => dialog.getByRole('combobox', { name: 'Account Name' });
const submitButton = (dialog: Locator) => dialog.getByTestId('dialog-submit');

test('US: an agency admin creates accounts through the two-stage dialog, with a pick and through the lookup page', async ({ page }) => {
  await signInOnOrigin(page, E2E_ORIGIN, 'agent@agency.example');
  await page.goto(`${E2E_ORIGIN}/agency/dashboard?tab=ACCOUNTS`);
  // The dashboard's Accounts tab lists the agency's real accounts (searched: a page holds 20 of a few hundred).
  await expect(page.getByRole('table', { name: 'Accounts' }).getByRole('row').nth(1)).toBeVisible({ timeout: 15_000 });
  await page.getByPlaceholder('Search by account name, domain, place or agency').fill('Cedar Grove');
  await expect(page.getByRole('table', { name: 'Accounts' }).getByRole('row').filter({ hasText: 'Cedar Grove Logistics Inc' })).toBeVisible({ timeout: 15_000 });
  await clickNavEntry(page, 'Accounts');
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();

  // Searching: only name, state and team are open; Search needs a name and a team.
  let dialog = await openDialog(page);
  await expect(submitButton(dialog)).toHaveText('Search');
  await expect(submitButton(dialog)).toBeDisabled();
  await expect(dialog.getByRole('textbox', { name: 'Address', exact: true })).toBeDisabled();
  await nameBox(dialog).fill('Harborview');
  const suggestions = dialog.getByRole('listbox', { name: 'Matching accounts' });
  await expect(suggestions.getByRole('option')).toHaveCount(1);
  await suggestions.getByRole('option', { name: /Harborview Dental Group LLC/ }).click();
  // The pick fills the fields and locks them; the button becomes Add Account.
  await expect(dialog.getByRole('textbox', { name: 'Address', exact: true })).toHaveValue('1200 Harbor Blvd');
  await expect(dialog.getByRole('textbox', { name: 'Address', exact: true })).toBeDisabled();
  await expect(dialog.getByRole('textbox', { name: 'City', exact: true })).toHaveValue('San Diego');
  await expect(dialog.getByRole('textbox', { name: 'Account ID', exact: true })).toHaveValue('CB-US-00001');
  await expect(submitButton(dialog)).toHaveText('Add Account');
  // Reset returns to searching.
  await dialog.getByTestId('dialog-reset').click();
  await expect(submitButton(dialog)).toHaveText('Search');
  await expect(nameBox(dialog)).toHaveValue('');
  await nameBox(dialog).fill('Harborview');
  await dialog.getByRole('option', { name: /Harborview Dental Group LLC/ }).click();
  await choose(dialog, 'Team', 'West Coast');
  await submitButton(dialog).click();
  // With the submissions view on, the account brings a submission and the agency is taken to it.
  await expect(page).toHaveURL(/\/agency\/submissions\?search=SUB-\d{4}-\d{5}$/);
  await expect(page.getByText('Account Created Successfully!', { exact: true })).toBeVisible();
  const submissions = page.getByRole('table', { name: 'Submissions' });
  await expect(submissions.getByRole('row')).toHaveCount(2);
  await expect(submissions.getByRole('row').nth(1)).toContainText('Harborview Dental Group LLC');
  await expect(submissions.getByRole('row').nth(1)).toContainText('Requested');
  await dismissToasts(page);

  // A pick of one of its own accounts: 409, back to searching with the server's message.
  await page.goto(`${E2E_ORIGIN}/agency/accounts`);
  dialog = await openDialog(page);
  await nameBox(dialog).fill('Cedar Grove');
  const own = dialog.getByRole('option', { name: /Cedar Grove Logistics Inc/ });
  await expect(own).toContainText('Already your account');
  await own.click();
  await choose(dialog, 'Team', 'West Coast');
  await submitButton(dialog).click();
  await expect(dialog.getByTestId('dialog-error')).toHaveText('This company is already one of your accounts.');
  await expect(submitButton(dialog)).toHaveText('Search');
  await expect(dialog.getByRole('textbox', { name: 'Address', exact: true })).toHaveValue('');

  // Searching with no pick goes to the lookup page with the search's values.
  await nameBox(dialog).fill('Willow Creek Pottery');
  await expect(dialog.getByText('No matching account')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'State' }).fill('Idaho');
  await page.keyboard.press('Enter');
  await submitButton(dialog).click();
  await expect(page).toHaveURL(/\/agency\/manage\/account\/lookup\?state=ID&accountName=Willow\+Creek\+Pottery&team=[0-9a-f-]{36}&region=US$/);
  const lookup = page.getByTestId('account-lookup');
  await expect(lookup.getByRole('combobox', { name: 'Account Name' })).toHaveValue('Willow Creek Pottery');
  await expect(lookup.getByRole('combobox', { name: 'Team' })).toBeVisible();
  await lookup.getByRole('textbox', { name: 'Address', exact: true }).fill('  910 W Main St ');
  await lookup.getByRole('textbox', { name: 'City', exact: true }).fill('Boise');
  await lookup.getByRole('textbox', { name: 'Zip Code', exact: true }).fill('00000');
  await lookup.getByRole('textbox', { name: 'City', exact: true }).click();
  await expect(lookup.getByText('Invalid ZIP Code')).toBeVisible();
  // A ZIP Code of another state: the verifier names the fields; an agency fixes them.
  await lookup.getByRole('textbox', { name: 'Zip Code', exact: true }).fill('10001');
  await lookup.getByRole('textbox', { name: 'Domain', exact: true }).fill('willowcreekpottery.com');
  await lookup.getByTestId('lookup-submit').click();
  const check = lookup.getByTestId('address-unverified');
  await expect(check).toContainText('Unable to verify address');
  await expect(check).toContainText('The following address fields could not be verified:');
  await expect(check.getByRole('listitem')).toHaveText(['Zip Code', 'State']);
  await expect(check).toContainText('Please update these fields and try again.');
  await expect(check.getByRole('button', { name: 'Confirm Address' })).toHaveCount(0);
  await lookup.getByRole('textbox', { name: 'Zip Code', exact: true }).fill('83702');
  await lookup.getByTestId('lookup-submit').click();
  await expect(page).toHaveURL(/\/agency\/submissions\?search=SUB-/);
  await expect(page.getByRole('table', { name: 'Submissions' }).getByRole('row').nth(1)).toContainText('Willow Creek Pottery');
  await dismissToasts(page);

  // The new account is on the accounts list (found by its name among the agency's book); an on-demand scan records a local scan.
  await page.goto(`${E2E_ORIGIN}/agency/accounts`);
  await page.getByRole('searchbox').fill('Willow Creek Pottery');
  const row = page.getByRole('table', { name: 'Accounts' }).getByRole('row').filter({ hasText: 'Willow Creek Pottery' });
  await expect(row).toContainText('willowcreekpottery.com');
  await row.getByRole('button', { name: 'Row actions' }).click();
  await page.getByRole('menuitem', { name: 'On-demand Scan' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Scan' }).click();
  await expect(page.getByText('Scan recorded', { exact: true })).toBeVisible();
  await dismissToasts(page);
  await row.getByRole('button', { name: 'Row actions' }).click();
  await page.getByRole('menuitem', { name: 'Open' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Scans' }).getByRole('row')).toHaveCount(2);
});

test('UK: a broker creates accounts in UK words (Town/City, Postcode, address3, SIC Code)', async ({ page }) => {
  await signInOnOrigin(page, E2E_UK_ORIGIN, 'broker@brokerage.example');
  await page.goto(`${E2E_UK_ORIGIN}/agency/accounts`);
  let dialog = await openDialog(page);
  await expect(dialog.getByRole('combobox', { name: 'State' })).toHaveCount(0);
  await expect(dialog.getByRole('textbox', { name: 'Town/City', exact: true })).toBeDisabled();
  await nameBox(dialog).fill('Harbourside');
  await dialog.getByRole('option', { name: /Harbourside Dental Group Ltd/ }).click();
  await expect(dialog.getByRole('textbox', { name: 'Postcode', exact: true })).toHaveValue('BS1 4DJ');
  await expect(dialog.getByRole('textbox', { name: 'Town/City', exact: true })).toHaveValue('Bristol');
  await expect(dialog.getByRole('textbox', { name: 'Phone Number', exact: true })).toHaveValue('01174 960142');
  await choose(dialog, 'Team', 'City');
  await submitButton(dialog).click();
  await expect(page).toHaveURL(/\/agency\/submissions\?search=SUB-/);
  await expect(page.getByText('Account Created Successfully!', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Submissions' }).getByRole('row').nth(1)).toContainText('Harbourside Dental Group Ltd');
  await dismissToasts(page);

  await page.goto(`${E2E_UK_ORIGIN}/agency/accounts`);
  dialog = await openDialog(page);
  await nameBox(dialog).fill('Severn Valley Joinery Ltd');
  await expect(dialog.getByText('No matching account')).toBeVisible();
  await choose(dialog, 'Team', 'Default Team');
  await submitButton(dialog).click();
  await expect(page).toHaveURL(/\/agency\/manage\/account\/lookup\?accountName=Severn\+Valley\+Joinery\+Ltd&team=[0-9a-f-]{36}&region=GB$/);
  const lookup = page.getByTestId('account-lookup');
  await lookup.getByRole('textbox', { name: 'Address', exact: true }).fill('4 Mill Lane');
  await lookup.getByRole('textbox', { name: 'Address 3', exact: true }).fill('Coalbrookdale');
  await lookup.getByRole('textbox', { name: 'Town/City', exact: true }).fill('Telford1');
  await lookup.getByRole('textbox', { name: 'Postcode', exact: true }).fill('12345');
  await lookup.getByRole('textbox', { name: 'SIC Code', exact: true }).fill('16230');
  await lookup.getByRole('textbox', { name: 'Phone Number', exact: true }).fill('1952960123');
  await expect(lookup.getByRole('textbox', { name: 'Phone Number', exact: true })).toHaveValue('01952 960123');
  await expect(lookup.getByText('Invalid City/Town')).toBeVisible();
  await expect(lookup.getByText('Invalid Postcode')).toBeVisible();
  await lookup.getByRole('textbox', { name: 'Town/City', exact: true }).fill('Telford');
  await lookup.getByRole('textbox', { name: 'Postcode', exact: true }).fill('TF8 7DQ');
  await lookup.getByTestId('lookup-submit').click();
  await expect(page).toHaveURL(/\/agency\/submissions\?search=SUB-/);
  await expect(page.getByRole('table', { name: 'Submissions' }).getByRole('row').nth(1)).toContainText('Severn Valley Joinery Ltd');
});

test('US: a provider admin creates for an agency and agent, and may confirm an address the verifier cannot verify', async ({ page }) => {
  await signInOnOrigin(page, E2E_ORIGIN, 'admin@provider.example');
  await page.goto(`${E2E_ORIGIN}/admin/accounts`);
  const dialog = await openDialog(page);
  await nameBox(dialog).fill('Quarry Hill');
  await dialog.getByRole('option', { name: /Quarry Hill Construction/ }).click();
  await choose(dialog, 'Agency', 'Summit Risk Partners - Denver');
  await choose(dialog, 'Team', 'West Coast');
  await choose(dialog, 'Agent', 'Alex Agent');
  await submitButton(dialog).click();
  await expect(page).toHaveURL(/\/admin\/accounts\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('textbox', { name: 'Account Name', exact: true })).toHaveValue('Quarry Hill Construction');
  await dismissToasts(page);

  await page.goto(`${E2E_ORIGIN}/admin/manage/account/lookup?state=CA&accountName=Mismatch+Supply+Co&region=US`);
  const lookup = page.getByTestId('account-lookup');
  await choose(lookup, 'Agency', 'Summit Risk Partners - Denver');
  await choose(lookup, 'Team', 'Default Team');
  await choose(lookup, 'Agent', 'Alex Agent');
  await lookup.getByRole('textbox', { name: 'Address', exact: true }).fill('1 Main St');
  await lookup.getByRole('textbox', { name: 'City', exact: true }).fill('Fresno');
  await lookup.getByRole('textbox', { name: 'Zip Code', exact: true }).fill('10001');
  await lookup.getByTestId('lookup-submit').click();
  const check = lookup.getByTestId('address-unverified');
  await expect(check).toContainText('If the address entered is correct, please confirm by clicking below.');
  await check.getByRole('button', { name: 'Confirm Address' }).click();
  await expect(page).toHaveURL(/\/admin\/accounts\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('textbox', { name: 'Zip Code', exact: true })).toHaveValue('10001');
});

/** The underwriting application on the account page (spec 002 section 3), in each edition. */
const APPLICATION_CASES = [
  { edition: 'us', origin: E2E_ORIGIN, user: 'agent@agency.example', account: 'Acme Precision Manufacturing', extra: {} },
  { edition: 'uk', origin: E2E_UK_ORIGIN, user: 'broker@brokerage.example', account: 'Aberdeen Property plc', extra: { eol: true, edr: true, ngav: true } },
];

for (const edition of APPLICATION_CASES) {
  test(`${edition.edition}: the cyber application is refused incomplete, then loads its saved answers and saves a change`, async ({ page }) => {
    await signInOnOrigin(page, edition.origin, edition.user);
    const found = await callApi<{ content: Array<{ id: string; name: string }> }>(page, 'GET', `/api/account/v1/accounts?search=${encodeURIComponent(edition.account)}`);
    const accountId = found.data.content.find((account) => account.name === edition.account)!.id;
    const url = `/api/account/v1/${accountId}/questions/cyber`;
    // Nothing answered yet: the dialog refuses to save without the required answers.
    const sample = (JSON.parse(await readFile(new URL('../../definitions/forms/uw-application-cyber.json', import.meta.url), 'utf8')) as { sample: Record<string, unknown> }).sample;
    await page.goto(`${edition.origin}/agency/accounts/${accountId}`);
    await page.getByRole('button', { name: 'Cyber Application' }).click();
    const dialog = page.getByRole('dialog', { name: 'Underwriting Application (Cyber)' });
    await expect(dialog.getByRole('heading', { name: 'Multi-Factor Authentication' })).toBeVisible();
    // Nothing else in the run answers this account's application.
    expect((await callApi<Record<string, unknown>>(page, 'GET', url)).data).toEqual({});
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Security Awareness Training is a required field')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // Saved answers load into the dialog; a change is saved on the account.
    expect((await callApi(page, 'PUT', url, { ...edition.extra, ...sample, training: 'Yes' })).status).toBe(200);
    await page.getByRole('button', { name: 'Cyber Application' }).click();
    const training = dialog.getByRole('radiogroup', { name: 'Security Awareness Training' });
    await expect(training.getByRole('radio', { name: 'Yes' })).toBeChecked();
    await training.getByText('No', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Application saved', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    expect((await callApi<Record<string, unknown>>(page, 'GET', url)).data.training).toBe('No');
  });
}
