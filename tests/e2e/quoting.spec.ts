import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_ORIGIN, E2E_UK_ORIGIN } from './support/origin.ts';
import { expectAccessible } from './support/accessibility.ts';
import { openFromMenu, rowAction } from './support/page-navigation.ts';
import { dismissToasts, signInOnOrigin } from './support/sign-in.ts';

/**
 * The quote flow (spec 002 sections 2 to 9) in both editions: an agent opens Request Quote for a client,
 * is asked the security questions by Add to List (the dialog's button says Add to List), whose answers
 * unselect Contingent System Failure and say why; the premium, rated in the browser, changes with the
 * aggregate limit and a coverage; variations fill the cart up to its limit of five (the sixth is refused
 * with the spec's message); one is removed, the rest requested ('Quotes successfully sent'), and the agent
 * lands on the quotes list. A UK broker quotes Prime One in pounds with an Excess.
 */

// A whole flow through the editor, six quotes and the cart, on a shared, busy machine.
test.describe.configure({ timeout: 180_000 });

/** The id of a client account the signed-in user sees, asked from the page (a UK host resolves in the browser only). */
async function accountIdOf(page: Page, name: string): Promise<string> {
  return page.evaluate(async (search) => {
    const response = await fetch(`/api/account/v1/accounts?search=${encodeURIComponent(search)}`, {
      headers: { authorization: `Bearer ${sessionStorage.getItem('auth.accessToken')}` },
    });
    const body = (await response.json()) as { content: Array<{ id: string; name: string }> };
    const found = body.content.find((account) => account.name === search);
    if (!found) throw new Error(`no account ${search}`);
    return found.id;
  }, name);
}

/** Empties the signed-in user's cart (the demo world may have left variations of other clients in it: the limit counts them all). */
async function emptyCart(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const headers = { authorization: `Bearer ${sessionStorage.getItem('auth.accessToken')}` };
    const cart = (await (await fetch('/api/quote/v1/cart', { headers })).json()) as { content: Array<{ id: string }> };
    for (const quote of cart.content) await fetch(`/api/quote/v1/cart/${quote.id}`, { method: 'DELETE', headers });
  });
}

const total = (page: Page) => page.getByTestId('premium-total');

async function totalText(page: Page): Promise<string> {
  await expect(total(page)).toHaveText(/\d/);
  return (await total(page).textContent()) ?? '';
}

async function answer(dialog: Locator, question: string, choice: 'Yes' | 'No'): Promise<void> {
  await dialog.getByRole('radiogroup', { name: question }).getByText(choice, { exact: true }).click();
}

test('US: an agent answers the security questions, edits coverages with the premium as it goes, fills the cart and requests it', async ({ page }) => {
  await signInOnOrigin(page, E2E_ORIGIN, 'agent@agency.example');
  const accountId = await accountIdOf(page, 'Cedar Grove Logistics Inc');
  await emptyCart(page);
  await page.goto(`${E2E_ORIGIN}/agency/requestQuote/P250/${accountId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Request Quote' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cedar Grove Logistics Inc' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Product' })).toHaveValue('P250');
  await expect(page.getByRole('combobox', { name: 'Preset' })).toHaveValue('2');
  await expect(page.getByRole('combobox', { name: 'Retention', exact: true })).toBeVisible();
  // Mandatory and locked coverages cannot be unselected.
  await expect(page.getByRole('checkbox', { name: 'Security Breach Liability' })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: 'Security Breach Liability' })).toBeChecked();
  await expect(page.getByText('TRIA rejection is attached with signed application')).toBeVisible();
  const start = await totalText(page);
  expect(start).toMatch(/^\$[\d,]+\.\d{2}$/);

  // The aggregate limit re-rates at once.
  await page.getByRole('combobox', { name: 'Aggregate Limit' }).selectOption({ label: '$2,000,000.00' });
  await expect(total(page)).not.toHaveText(start);
  const atTwoMillion = await totalText(page);
  // So does a coverage; a coverage changed by hand makes the preset custom.
  await page.getByRole('checkbox', { name: 'CCPA Fines and Penalties' }).check();
  await expect(total(page)).not.toHaveText(atTwoMillion);
  await expect(page.getByRole('combobox', { name: 'Preset' })).toHaveValue('-1');

  // Add to List with the questions unanswered asks them first; the dialog's button is the action's.
  await page.getByRole('button', { name: 'Add to List' }).click();
  const questions = page.getByRole('dialog', { name: 'Security Questions' });
  await expect(questions).toBeVisible();
  await expect(questions.getByRole('heading', { name: 'Contingent System Failure' })).toBeVisible();
  await expect(questions.getByRole('heading', { name: 'Cyber Crime Loss' })).toBeVisible();
  await expect(questions.getByRole('heading', { name: 'Full System Failure' })).toBeVisible();
  await expect(questions.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await answer(questions, 'DMZ Separation', 'Yes');
  await answer(questions, 'Third-Party Security Agreement', 'No');
  await answer(questions, 'Verifies Bank Accounts', 'Yes');
  await answer(questions, 'Authenticates Funds Transfer Requests', 'Yes');
  await answer(questions, 'Prevents Unauthorized Wire Transfers', 'Yes');
  await answer(questions, 'Tested Full Failover', 'Yes');
  await questions.getByRole('button', { name: 'Add to List' }).click();
  await expect(questions).toBeHidden();
  await expect(page.getByText('Quote added to the list')).toBeVisible();
  await expect(page.getByRole('button', { name: 'View List (1)' })).toBeVisible();
  // The answers decide: Contingent System Failure does not qualify and says why; Cyber Crime Loss does.
  await expect(page.getByTestId('security-coverage-23')).toContainText('Does not qualify');
  await expect(page.getByTestId('security-coverage-24')).toContainText('Qualifies');
  await expect(page.getByTestId('quote-why')).toContainText('Contingent System Failure is not selected');
  await expect(page.getByRole('checkbox', { name: 'Contingent System Failure' })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: 'Contingent System Failure' })).not.toBeChecked();
  await dismissToasts(page);

  // Four more variations fill the cart; the sixth is refused with the spec's message.
  for (const limit of ['$3,000,000.00', '$4,000,000.00', '$5,000,000.00', '$1,500,000.00']) {
    await page.getByRole('combobox', { name: 'Aggregate Limit' }).selectOption({ label: limit });
    await page.getByRole('button', { name: 'Add to List' }).click();
    await expect(page.getByText('Quote added to the list').first()).toBeVisible();
    await dismissToasts(page);
  }
  await expect(page.getByRole('button', { name: 'View List (5)' })).toBeVisible();
  await page.getByRole('button', { name: 'Add to List' }).click();
  await expect(page.getByText('You have reached 5 request limit, please delete one to add another variation!')).toBeVisible();
  await dismissToasts(page);

  // The cart: remove one, then request the rest.
  await page.getByRole('button', { name: 'View List (5)' }).click();
  const cart = page.getByRole('dialog', { name: 'List of Quotes to Request' });
  const rows = cart.getByRole('table', { name: 'List of Quotes to Request' }).getByRole('row');
  await expect(rows).toHaveCount(6);
  await expect(rows.nth(1)).toContainText('$2,000,000.00');
  await rows.nth(1).getByRole('button', { name: /^Remove / }).click();
  await expect(rows).toHaveCount(5);
  await cart.getByRole('button', { name: 'Request Above Quotes' }).click();
  await expect(page.getByText('Quotes successfully sent')).toBeVisible();
  await expect(cart).toBeHidden();
  await expect(page).toHaveURL(/\/agency\/quotes$/, { timeout: 10_000 });
});

test('US: Prime 100 asks the social engineering questions; a no lists why the endorsement is unavailable, all yes adds it', async ({ page }) => {
  await signInOnOrigin(page, E2E_ORIGIN, 'agent@agency.example');
  const accountId = await accountIdOf(page, 'Aspen Bakery');
  await page.goto(`${E2E_ORIGIN}/agency/requestQuote/P100/${accountId}`);
  await expect(page.getByRole('combobox', { name: 'Product' })).toHaveValue('P100');
  const section = page.getByRole('region', { name: 'Social Engineering' });
  // The demo book may have answered them already: the button then says Edit.
  await section.getByRole('button', { name: /^(Answer|Edit) Security Questions$/ }).click();
  const questions = page.getByRole('dialog', { name: 'Social Engineering' });
  await answer(questions, 'Verifies Bank Accounts', 'Yes');
  await answer(questions, 'Authenticates Funds Transfer Requests', 'No');
  await answer(questions, 'Prevents Unauthorized Wire Transfers', 'Yes');
  await questions.getByRole('button', { name: 'Submit' }).click();
  await expect(questions).toBeHidden();
  const unavailable = page.getByRole('alertdialog', { name: 'Social Engineering Unavailable' });
  await expect(unavailable).toContainText('Funds transfer requests are not authenticated by a method other than the one they came in on.');
  await expect(unavailable).not.toContainText('bank accounts are not verified');
  await unavailable.getByRole('button', { name: 'Close' }).click();
  await expect(unavailable).toBeHidden();
  // The saved answers decide Cyber Crime Loss at once.
  await expect(page.getByTestId('security-coverage-24')).toContainText('Does not qualify');
  await expect(page.getByRole('checkbox', { name: 'Cyber Crime Loss' })).toBeDisabled();

  await section.getByRole('button', { name: 'Edit Security Questions' }).click();
  await answer(questions, 'Authenticates Funds Transfer Requests', 'Yes');
  await questions.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Social Engineering Endorsement Added')).toBeVisible();
  await expect(page.getByTestId('security-coverage-24')).toContainText('Qualifies');
  await expect(page.getByRole('checkbox', { name: 'Cyber Crime Loss' })).toBeEnabled();
});

/** The state-license step as each quoting persona sees it (spec 002 section 2), on accounts of the demo agency. */
const STATE_LICENSE_CASES = [
  { who: 'agent@agency.example', area: 'agency', account: 'Aspen Bakery', licensed: 'false', text: 'You hold no license in PA. You may quote, but a license in PA is needed to bind.' },
  { who: 'agent@agency.example', area: 'agency', account: 'Acme Precision Manufacturing', licensed: 'true', text: /^You hold license \S+ CO in CO, valid until \d{2}\/\d{2}\/\d{4}\.$/ },
  { who: 'admin@provider.example', area: 'admin', account: 'Acme Precision Manufacturing', licensed: 'true', text: /Agents of the agency licensed in CO:\s*Alex Agent, license \S+ CO, valid until/ },
];

for (const step of STATE_LICENSE_CASES) {
  test(`US: the state-license step for ${step.who} on ${step.account}`, async ({ page }) => {
    await signInOnOrigin(page, E2E_ORIGIN, step.who);
    const accountId = await accountIdOf(page, step.account);
    await page.goto(`${E2E_ORIGIN}/${step.area}/requestQuote/P250/${accountId}`);
    const license = page.getByRole('region', { name: 'State License' }).getByTestId('state-license');
    await expect(license).toHaveAttribute('data-licensed', step.licensed);
    await expect(license).toContainText(step.text);
    if (step.licensed === 'false') await expect(license.getByRole('link', { name: 'Add a license' })).toHaveAttribute('href', '/agency/manage/licenses');
  });
}

/** Provider staff start a quote from /admin/requestQuote (spec 002 section 2): the client account first, then the agency's own flow. */
const ADMIN_REQUEST_CASES = [
  { edition: 'US', origin: E2E_ORIGIN, account: 'Acme Precision Manufacturing', search: 'Acme Precision', agency: 'Summit Risk Partners' },
  { edition: 'UK', origin: E2E_UK_ORIGIN, account: 'Aberdeen Chartered Accountants Limited', search: 'Aberdeen Chartered', agency: 'Thames Cyber Brokers' },
];

for (const step of ADMIN_REQUEST_CASES) {
  test(`${step.edition}: provider staff choose a client account on Request Quote and go on to its quote flow`, async ({ page }) => {
    await signInOnOrigin(page, step.origin, 'admin@provider.example');
    await page.goto(`${step.origin}/admin`);
    await openFromMenu(page, 'Request Quote', 'Request Quote');
    const accounts = page.getByRole('table', { name: 'Client Accounts' });
    await page.getByRole('searchbox').first().fill(step.search);
    // The search has narrowed the list (a redraw while the row menu opens would close it).
    await expect(accounts.getByRole('row')).toHaveCount(2);
    await expect(accounts.getByRole('row').nth(1)).toContainText(step.account);
    await expect(accounts.getByRole('row').nth(1)).toContainText(step.agency);
    await rowAction(page, 'Client Accounts', step.account, 'Request Quote');
    const accountId = await accountIdOf(page, step.account);
    await expect(page).toHaveURL(`${step.origin}/admin/requestQuote/P250/${accountId}`);
    await expect(total(page)).toHaveText(/\d/, { timeout: 15_000 });
  });
}

/** The additional-info step: each product's underwriting application, answered from the quote flow (spec 002 section 2). */
const APPLICATION_STEP_CASES = [
  { origin: E2E_ORIGIN, who: 'agent@agency.example', account: 'Blue Ridge Contractors', product: 'P250', title: 'Underwriting Application (Cyber)' },
  { origin: E2E_ORIGIN, who: 'agent@agency.example', account: 'Blue Ridge Contractors', product: 'PRIME_TECH', title: 'Underwriting Application (Tech E&O)' },
  { origin: E2E_UK_ORIGIN, who: 'broker@brokerage.example', account: 'Albion Logistics Limited', product: 'P_ONE', title: 'Underwriting Application (Cyber)' },
];

for (const step of APPLICATION_STEP_CASES) {
  test(`the additional-info step of ${step.product} opens ${step.title} and refuses it incomplete`, async ({ page }) => {
    await signInOnOrigin(page, step.origin, step.who);
    const accountId = await accountIdOf(page, step.account);
    await page.goto(`${step.origin}/agency/requestQuote/${step.product}/${accountId}`);
    const section = page.getByRole('region', { name: step.title });
    await expect(section.getByTestId('quote-application')).toContainText('Not answered');
    await section.getByRole('button', { name: 'Answer Application' }).click();
    const dialog = page.getByRole('dialog', { name: step.title });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText(/is a required field/).first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
}

test('US: the coverage editor is worked with the keyboard alone, re-rating as it goes, with no serious accessibility violation', async ({ page }) => {
  await signInOnOrigin(page, E2E_ORIGIN, 'agent@agency.example');
  const accountId = await accountIdOf(page, 'Cedar Grove Logistics Inc');
  await page.goto(`${E2E_ORIGIN}/agency/requestQuote/P250/${accountId}`);
  const preset = page.getByRole('combobox', { name: 'Preset' });
  await expect(preset).toHaveValue('2');
  const start = await totalText(page);
  await expectAccessible(page, 'US: the P250 coverage editor');

  // A coverage reached by focus and ticked with Space re-rates, and the preset turns custom.
  const ccpa = page.getByRole('checkbox', { name: 'CCPA Fines and Penalties' });
  await ccpa.focus();
  await page.keyboard.press('Space');
  await expect(ccpa).toBeChecked();
  await expect(total(page)).not.toHaveText(start);
  await expect(preset).toHaveValue('-1');
  // The aggregate limit chosen with the arrow keys re-rates too.
  const ticked = await totalText(page);
  const limit = page.getByRole('combobox', { name: 'Aggregate Limit' });
  const chosen = await limit.inputValue();
  await limit.focus();
  await page.keyboard.press('ArrowDown');
  await expect(limit).not.toHaveValue(chosen);
  await expect(total(page)).not.toHaveText(ticked);
});

test('UK: a broker quotes Prime One in pounds with an Excess and lands on the new quote', async ({ page }) => {
  await signInOnOrigin(page, E2E_UK_ORIGIN, 'broker@brokerage.example');
  const accountId = await accountIdOf(page, 'Thameside Freight Ltd');
  // The account page links Request Quote to P250; the UK edition quotes its own products.
  await page.goto(`${E2E_UK_ORIGIN}/agency/requestQuote/P250/${accountId}`);
  await expect(page.getByRole('heading', { name: 'Thameside Freight Ltd' })).toBeVisible();
  const product = page.getByRole('combobox', { name: 'Product' });
  await expect(product).toHaveValue('P_ONE');
  await expect(product.getByRole('option')).toHaveText(['Prime One', 'Prime One Plus', 'Prime One Tech', 'Prime One Tech Plus']);
  await expect(page.getByRole('combobox', { name: 'Excess', exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Excess' }).first()).toBeVisible();
  await expect(page.getByText('Retention')).toHaveCount(0);
  await expect(page.getByText('Turnover')).toBeVisible();
  const start = await totalText(page);
  expect(start).toMatch(/^£[\d,]+\.\d{2}$/);
  await expectAccessible(page, 'UK: the Prime One coverage editor');
  await page.getByRole('combobox', { name: 'Excess', exact: true }).selectOption({ label: '£10,000.00' });
  await expect(total(page)).not.toHaveText(start);
  await expect(total(page)).toHaveText(/^£/);

  await page.getByRole('button', { name: 'Quote Now' }).click();
  await expect(page).toHaveURL(/\/agency\/quotes\/[0-9a-f-]{36}$/, { timeout: 10_000 });
});

test('US host: provider staff quote a Scottish account in its own edition: Prime One in pounds, its nation and SIC Code, no state licence', async ({ page }) => {
  await signInOnOrigin(page, E2E_ORIGIN, 'admin@provider.example');
  const accountId = await accountIdOf(page, 'Aberdeen Chartered Accountants Limited');
  // The account page links Request Quote to P250; the account's edition quotes its own products.
  await page.goto(`${E2E_ORIGIN}/admin/requestQuote/P250/${accountId}`);
  const product = page.getByRole('combobox', { name: 'Product' });
  await expect(product).toHaveValue('P_ONE');
  await expect(product.getByRole('option')).toHaveText(['Prime One', 'Prime One Plus', 'Prime One Tech', 'Prime One Tech Plus']);
  const account = page.getByTestId('quote-account');
  await expect(account).toContainText('Nation');
  await expect(account).toContainText('SCT');
  await expect(account).toContainText('SIC Code');
  await expect(account).not.toContainText('NAICS Code');
  await expect(page.getByRole('region', { name: 'State License' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Excess', exact: true })).toBeVisible();
  expect(await totalText(page)).toMatch(/^£[\d,]+\.\d{2}$/);
  await expect(page.getByText(/has no rates for/)).toHaveCount(0);
});
