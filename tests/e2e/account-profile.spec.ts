import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_ORIGIN, E2E_UK_ORIGIN } from './support/origin.ts';
import { apiToken, dismissToasts, signInOnOrigin } from './support/sign-in.ts';
import { choose } from './support/choose.ts';

/**
 * The account profile on the account page (spec 002 sections 3 to 8) in both editions: a new account lacks
 * what a quote needs, so Request Quote is disabled with the spec's text; the agent completes the profile in
 * its dialog (the domain checked as typed, Save disabled while one is refused, Cancel asking about unsaved
 * changes), Request Quote is enabled; with real quotes on the account, a change of rating details asks
 * 'Make Changes' first and then makes the P100 quote invalid and refers the P250 one. The risk factors show
 * as donut charts; the policy holder, additional insureds and notes are kept on the page. A UK broker sees
 * the same in UK words.
 */

test.describe.configure({ timeout: 180_000 });

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function api(request: APIRequestContext, origin: string, token: string, method: 'GET' | 'POST', path: string, data?: unknown): Promise<Json> {
  const response = await request.fetch(`${origin}${path}`, { method, headers: { authorization: `Bearer ${token}` }, ...(data === undefined ? {} : { data }) });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as Json;
}

/** A call made by the signed-in page itself (a .uk host resolves in the test browser, not in Node). */
async function pageApi(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<Json> {
  return page.evaluate(async ({ method, path, data }) => {
    const response = await fetch(path, {
      method,
      headers: { authorization: `Bearer ${sessionStorage.getItem('auth.accessToken')}`, ...(data === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(data === undefined ? {} : { body: JSON.stringify(data) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  }, { method, path, data });
}

/** A client account of its own for this run, made through the new-account API as the lookup page makes one. */
async function newAccount(page: Page, fields: Json, teamName: string): Promise<string> {
  const teams = await pageApi(page, 'GET', '/api/account/v1/account/teams');
  const team = teams.content.find((row: Json) => row.name === teamName);
  const created = await pageApi(page, 'POST', '/api/account/v1/account', { stage: 'lookup', team: team.id, ...fields });
  return created.account.id as string;
}

const textbox = (scope: Locator | Page, name: string) => scope.getByRole('textbox', { name, exact: true });

async function openProfileDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Edit Account Details' }).click();
  const dialog = page.getByRole('dialog', { name: 'Account Details' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function expectDonuts(page: Page): Promise<void> {
  const panel = page.getByTestId('risk-factors');
  await expect(panel.getByRole('heading', { name: 'Risk Factors' })).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByTestId('score-donut')).toHaveCount(11);
  for (const name of ['Company Aggregate', 'Industry Aggregate', 'Portfolio Aggregate', 'Network Security', 'Cloud Security', 'Endpoint Security',
    'Dark Intelligence', 'Funds Transfer', 'Cyber Extortion', 'Compliance', 'Supply Chain']) {
    await expect(panel.getByRole('img', { name: new RegExp(`^${name}: \\d{1,3} out of 100$`) })).toBeVisible();
  }
  // Drawn by the charting library (recharts), not by hand.
  await expect(panel.locator('.recharts-pie').first()).toBeVisible();
}

test('US: an agent completes a profile, sees the quote pre-check and the risk factors, and keeps contacts, insureds and notes', async ({ page, request }) => {
  const token = await apiToken(request, 'agent@agency.example');
  const name = `Northwind Dental Studio ${Date.now().toString(36)}`;
  await signInOnOrigin(page, E2E_ORIGIN, 'agent@agency.example');
  const accountId = await newAccount(page, {
    accountName: name, state: 'ME', street: '75 Market Street', city: 'Portland', zipCode: '04101', phone: '2075550182',
    domainName: 'northwind-dental.com', naicsCode: '621210',
  }, 'West Coast');
  await page.goto(`${E2E_ORIGIN}/agency/accounts/${accountId}`);
  const profile = page.getByTestId('block-detail-account-profile');
  // Industry, domain and address only: 3 of 6.
  await expect(profile.getByTestId('action-reason-requestQuote')).toHaveText('Account needs more information to enable Request Quote', { timeout: 15_000 });
  await expect(profile.getByRole('button', { name: 'Request Quote' })).toBeDisabled();
  await expectDonuts(page);

  // Complete the profile. Save waits for a change; a refused domain keeps it disabled.
  let dialog = await openProfileDialog(page);
  const save = dialog.getByTestId('dialog-submit');
  await expect(save).toBeDisabled();
  await textbox(dialog, 'Revenue').fill('4200000');
  await textbox(dialog, 'Number of Employees').fill('32');
  await textbox(dialog, 'Year Established').fill('2009');
  await choose(dialog, 'Ownership Type', 'Private');
  await choose(dialog, 'Entity Type', 'Independent');
  await textbox(dialog, 'Other Domains').fill('northwind-smiles.com, not a domain');
  const otherDomains = dialog.getByTestId('field-domains');
  await expect(otherDomains.getByTestId('field-error')).toContainText('Not a valid domain name');
  await expect(save).toBeDisabled();
  await textbox(dialog, 'Other Domains').fill('northwind-smiles.com, intranet.test');
  await expect(otherDomains.getByTestId('field-error')).toHaveText('Only valid domains are accepted.');
  await expect(save).toBeDisabled();
  await textbox(dialog, 'Other Domains').fill('northwind-smiles.com');
  await expect(otherDomains.getByTestId('field-info')).toHaveText('Valid domain found!');
  await expect(save).toBeEnabled();

  // Cancel with changes asks first; No keeps the dialog and what was typed.
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  const leave = page.getByRole('alertdialog');
  await expect(leave).toContainText('You have unsaved changes, are you sure you want to cancel?');
  await leave.getByRole('button', { name: 'No' }).click();
  await expect(leave).toBeHidden();
  await expect(textbox(dialog, 'Revenue')).toHaveValue('4,200,000.00');

  // No open quotes: the pre-check finds nothing to ask about, and the save goes through.
  await save.click();
  await expect(page.getByText('Account Details Updated Successfully.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await dismissToasts(page);
  await expect(profile.getByRole('button', { name: 'Request Quote' })).toBeEnabled();
  await expect(profile.getByTestId('action-reason-requestQuote')).toHaveCount(0);
  await expect(textbox(profile, 'Other Domains')).toHaveValue('northwind-smiles.com');

  // Real quotes on the account: a P100 and a P250.
  for (const product of ['P100', 'P250']) {
    await api(request, E2E_ORIGIN, token, 'POST', '/api/quote/v1/create', { accountId, product, effectiveDate: '2027-01-15', aggLimit: 1_000_000, deductible: 25_000 });
  }
  // A phone number is not what quotes are rated on: no question.
  dialog = await openProfileDialog(page);
  await textbox(dialog, 'Phone Number').fill('2075550199');
  await dialog.getByTestId('dialog-submit').click();
  await expect(page.getByText('Account Details Updated Successfully.')).toBeVisible();
  await dismissToasts(page);

  // The headcount is: the confirmation opens; Cancel there keeps the dialog open and saves nothing.
  dialog = await openProfileDialog(page);
  await textbox(dialog, 'Number of Employees').fill('40');
  await dialog.getByTestId('dialog-submit').click();
  let confirm = page.getByRole('alertdialog');
  await expect(confirm.getByRole('heading', { name: 'Invalidate Quotes' })).toBeVisible();
  await expect(confirm).toContainText("These changes will make this account's open Prime 100 quotes invalid and refer its open Prime 250 quotes to underwriting.");
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('dialog-submit').click();
  confirm = page.getByRole('alertdialog');
  await confirm.getByRole('button', { name: 'Make Changes' }).click();
  await expect(page.getByText('Account Details Updated Successfully.')).toBeVisible();
  await expect(page.getByText('Quotes made invalid: 1. Quotes referred to underwriting: 1.')).toBeVisible();
  await dismissToasts(page);
  const quotes = await api(request, E2E_ORIGIN, token, 'GET', `/api/quote/v1/search?accountId=${accountId}`);
  expect(Object.fromEntries(quotes.content.map((quote: Json) => [quote.product, quote.status]))).toEqual({ P100: 'INVALID', P250: 'REFERRED' });
  // The invalidated quote's review page says so over everything, with the reason and whom to ask for a new one.
  const invalidated = quotes.content.find((quote: Json) => quote.product === 'P100');
  const accountPage = page.url();
  await page.goto(`${E2E_ORIGIN}/agency/quotes/${invalidated.id}/review`);
  const overlay = page.getByTestId('blocking-overlay');
  await expect(overlay.getByRole('heading', { name: 'This quote is no longer valid' })).toBeVisible();
  await expect(overlay).toContainText('Account details changed');
  await expect(overlay).toContainText('For a new quote please contact');
  await expect(page.getByRole('button', { name: 'Request to Bind' })).toHaveCount(0);
  await page.goto(accountPage);

  // The policy holder: the spec's messages, then saved.
  await page.getByRole('button', { name: 'Update Policy Holder' }).click();
  const holder = page.getByRole('dialog', { name: 'Update Policy Holder' });
  await textbox(holder, 'Policy Holder First Name').fill('Maya');
  await textbox(holder, 'Policy Holder Email').fill('maya@');
  await holder.getByTestId('dialog-submit').click();
  await expect(holder.getByText('Please enter Policy Holder Last Name.')).toBeVisible();
  await expect(holder.getByText('Please enter a valid Email Address')).toBeVisible();
  await expect(holder.getByText('Please enter a valid Policy Holder Phone Number.')).toBeVisible();
  await textbox(holder, 'Policy Holder Last Name').fill('Lind');
  await textbox(holder, 'Policy Holder Email').fill('maya.lind@northwind-dental.com');
  await textbox(holder, 'Policy Holder Phone Number').fill('2075550183');
  await holder.getByTestId('dialog-submit').click();
  await expect(holder).toBeHidden();
  await expect(textbox(profile, 'Policy Holder Email')).toHaveValue('maya.lind@northwind-dental.com');

  // An additional insured and a note.
  const insureds = page.getByTestId('block-table-account-additional-insureds');
  await insureds.getByRole('button', { name: 'Add Additional Insured' }).click();
  const insured = page.getByRole('dialog', { name: 'Add Additional Insured Coverage' });
  await textbox(insured, 'Business Name').fill('Market Street Properties LLC');
  await textbox(insured, 'Address Line 1').fill('70 Market Street');
  await textbox(insured, 'City').fill('Portland');
  await choose(insured, 'State', 'Maine');
  await textbox(insured, 'Zip Code').fill('04101');
  await textbox(insured, 'NAICS Code').fill('531120');
  await insured.getByTestId('dialog-submit').click();
  await expect(page.getByText('Additional insured successfully updated')).toBeVisible();
  await expect(insureds.getByRole('row').filter({ hasText: 'Market Street Properties LLC' })).toBeVisible();

  const notes = page.getByTestId('block-table-account-notes');
  await notes.getByRole('button', { name: 'Add Note' }).click();
  const note = page.getByRole('dialog', { name: 'Add Note' });
  await note.getByRole('textbox', { name: 'Note' }).fill('Headcount confirmed with the practice manager: 40.');
  await note.getByTestId('dialog-submit').click();
  await expect(notes.getByRole('row').filter({ hasText: 'Headcount confirmed with the practice manager: 40.' })).toBeVisible();
  await expectDonuts(page);
});

test('UK: a broker edits a profile in UK words, with the Postcode rule and the risk factors', async ({ page }) => {
  const name = `Quayside Opticians ${Date.now().toString(36)} Ltd`;
  await signInOnOrigin(page, E2E_UK_ORIGIN, 'broker@brokerage.example');
  const accountId = await newAccount(page, {
    accountName: name, street: '4 Quayside', city: 'Newcastle upon Tyne', zipCode: 'NE1 3DX', phone: '01914960155', domainName: 'quayside-opticians.co.uk', sicCode: '86900',
  }, 'City');
  await page.goto(`${E2E_UK_ORIGIN}/agency/accounts/${accountId}`);
  const profile = page.getByTestId('block-detail-account-profile');
  await expect(profile.getByTestId('action-reason-requestQuote')).toHaveText('Account needs more information to enable Request Quote', { timeout: 15_000 });
  await expectDonuts(page);
  await expect(page.getByTestId('risk-aggregate-industry')).toContainText('Typical of health care');

  const dialog = await openProfileDialog(page);
  await expect(textbox(dialog, 'Organisation Name')).toHaveValue(name);
  await expect(dialog.getByRole('textbox', { name: 'SIC Code', exact: true })).toHaveValue('86900');
  await expect(dialog.getByText('State', { exact: true })).toHaveCount(0);
  await textbox(dialog, 'Turnover').fill('2100000');
  await textbox(dialog, 'Number of Employees').fill('18');
  await textbox(dialog, 'Year Established').fill('2012');
  await choose(dialog, 'Ownership Type', 'Private');
  await choose(dialog, 'Entity Type', 'Independent');
  await textbox(dialog, 'Postcode').fill('12345');
  await dialog.getByTestId('dialog-submit').click();
  await expect(dialog.getByTestId('field-zipCode').getByTestId('field-error')).toHaveText('Invalid Postcode');
  await textbox(dialog, 'Postcode').fill('ne1 3dx');
  await dialog.getByTestId('dialog-submit').click();
  await expect(page.getByText('Account Details Updated Successfully.')).toBeVisible();
  await expect(profile.getByRole('button', { name: 'Request Quote' })).toBeEnabled();
  await expect(textbox(profile, 'Postcode')).toHaveValue('NE1 3DX');
});
