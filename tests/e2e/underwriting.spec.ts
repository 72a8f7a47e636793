import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { callApi } from './support/call-api.ts';
import { E2E_ORIGIN, E2E_UK_ORIGIN } from './support/origin.ts';
import { dismissToasts, signInOnOrigin } from './support/sign-in.ts';

/**
 * The underwriter's work on quotes, against the real server in Chromium: an agent's referred quote reaches
 * the inbox at /admin/inbox; the underwriter opens it, applies a risk modifier ('Invalid' outside its
 * bounds), releases it, and declines another with a fill-in reason; the agent downloads the proposal PDF.
 * In the UK a broker's quote lists in pounds and its proposal says Excess.
 */

interface Case {
  edition: 'us' | 'uk';
  origin: string;
  agent: string;
  product: string;
  currency: string;
  retention: string;
  /** Options the product offers (definitions/rater/products): mandatory coverages are rated when none are named. */
  deductible: number;
}

const CASES: Case[] = [
  { edition: 'us', origin: E2E_ORIGIN, agent: 'agent@agency.example', product: 'P250', currency: '$', retention: 'Retention', deductible: 25000 },
  { edition: 'uk', origin: E2E_UK_ORIGIN, agent: 'broker@brokerage.example', product: 'P_ONE', currency: '£', retention: 'Excess', deductible: 2500 },
];

/** A quote of the agent's first client that quoting can rate, made and (optionally) referred through the API. */
async function agentQuote(page: Page, { product, deductible }: Case, refer: boolean): Promise<{ id: string; quoteNumber: string; totalPremium: string; accountId: string }> {
  const accounts = await callApi<{ content: Array<{ id: string }> }>(page, 'GET', '/api/account/v1/accounts?size=100');
  const effectiveDate = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  for (const { id } of accounts.data.content) {
    const account = await callApi<{ canRequestQuote: boolean }>(page, 'GET', `/api/quote/v1/account/${id}`);
    if (!account.data.canRequestQuote) continue;
    const created = await callApi<{ id: string; quoteNumber: string; totalPremium: string; accountId: string }>(page, 'POST', '/api/quote/v1/create', {
      accountId: id, product, preset: 'POPULAR', effectiveDate, aggLimit: 1_000_000, deductible, waitingPeriod: 12, retroActivePeriod: -1, coverages: {},
    });
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    if (refer) expect((await callApi(page, 'PUT', `/api/quote/v1/request-review/${created.data.id}`, { reason: 'Client asks for a lower retention' })).status).toBe(200);
    return created.data;
  }
  throw new Error('No client account of the agent can be quoted');
}

async function openFromInbox(page: Page, origin: string, quoteNumber: string) {
  await page.goto(`${origin}/admin/inbox?search=${quoteNumber}`);
  const row = page.getByRole('table', { name: 'Underwriting Inbox' }).getByRole('row').filter({ hasText: quoteNumber });
  await row.getByRole('button', { name: 'Row actions' }).click();
  await page.getByRole('menuitem', { name: 'Open' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quote' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Quote Number' })).toHaveValue(quoteNumber);
  // Underwriters read how the premium was reached, step by step, from the rater's first table on.
  const trace = page.getByRole('table', { name: 'Premium Calculation' });
  await expect(trace.getByRole('row').nth(1)).toContainText('1');
  expect(await trace.getByRole('row').count()).toBeGreaterThan(4);
}

for (const edition of CASES) {
  const { origin, agent, currency, retention } = edition;
  // One journey across two users and four pages.
  test.describe.configure({ timeout: 120_000 });
  test(`${edition.edition.toUpperCase()}: an underwriter applies a risk modifier and releases a referred quote, and declines another`, async ({ browser }) => {
    const agentPage = await (await browser.newContext()).newPage();
    await signInOnOrigin(agentPage, origin, agent);
    const referred = await agentQuote(agentPage, edition, true);
    const another = await agentQuote(agentPage, edition, true);

    const page = await (await browser.newContext()).newPage();
    // The provider's super admin underwrites too; the demo underwriter's password is changed by the password-reset journey on the shared server.
    await signInOnOrigin(page, E2E_ORIGIN, 'admin@provider.example');
    await openFromInbox(page, E2E_ORIGIN, referred.quoteNumber);

    // The risk modifier: a value outside its bounds is refused with 'Invalid' under the field; a good one re-rates the quote.
    await page.getByRole('button', { name: 'Risk Modifier' }).click();
    const dialog = page.getByRole('dialog', { name: 'Risk Modifier' });
    // Each characteristic's range shows before anything is typed (the irpm-bounds tables: -15% to 15%).
    await expect(dialog.getByText('From -15% to 15%')).toHaveCount(7);
    await dialog.getByRole('spinbutton', { name: 'Company Stability (%)' }).or(dialog.getByRole('textbox', { name: 'Company Stability (%)' })).fill('90');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog.getByText('Invalid').first()).toBeVisible();
    await dialog.getByRole('spinbutton', { name: 'Company Stability (%)' }).or(dialog.getByRole('textbox', { name: 'Company Stability (%)' })).fill('-10');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();
    await dismissToasts(page);
    const modified = await callApi<{ totalPremium: string; irpm: { irpmModifier: string } }>(page, 'GET', `/api/quote/v1/${referred.id}`);
    expect(modified.data.irpm.irpmModifier).toBe('0.9000000000');
    expect(Number(modified.data.totalPremium)).toBeLessThan(Number(referred.totalPremium));

    // Release: the quote becomes Ready and leaves the inbox.
    await page.getByRole('button', { name: 'Release Quote' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Release' }).click();
    await expect(page.getByText('Quote released', { exact: true })).toBeVisible();
    expect((await callApi<{ status: string }>(page, 'GET', `/api/quote/v1/${referred.id}`)).data.status).toBe('READY');

    // The MGA fee is the provider's: it joins the payer's total.
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Edit MGA Fee' }).click();
    const mga = page.getByRole('dialog', { name: 'Edit MGA Fee' });
    await mga.getByRole('textbox', { name: 'MGA Fee', exact: true }).fill('75');
    await mga.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('MGA Fee updated Successfully!', { exact: true })).toBeVisible();
    const withMga = await callApi<{ totalPremium: string; mgaFee: string }>(page, 'GET', `/api/quote/v1/${referred.id}`);
    expect(withMga.data.mgaFee).toBe('75.00');
    expect(Number(withMga.data.totalPremium)).toBeCloseTo(Number(modified.data.totalPremium) + 75, 2);

    // Reassess the risk: rated again on the account as it is now; the page reads the quote again after 5 seconds.
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Reassess Risk' }).click();
    await page.getByRole('alertdialog').or(page.getByRole('dialog')).getByRole('button', { name: 'Reassess' }).click();
    await expect(page.getByText('Risk reassessed!', { exact: true })).toBeVisible();
    await expect(page.getByText('The quote reloads in a few seconds.')).toBeVisible();
    const reassessed = await callApi<{ totalPremium: string }>(page, 'GET', `/api/quote/v1/${referred.id}`);
    expect(reassessed.data.totalPremium).toBe(withMga.data.totalPremium);

    // Decline another with a fill-in reason.
    await openFromInbox(page, E2E_ORIGIN, another.quoteNumber);
    await page.getByRole('button', { name: 'Decline Quote' }).click();
    const decline = page.getByRole('dialog', { name: 'Reason to Decline' });
    await decline.getByRole('combobox', { name: 'Declaration Reason' }).click();
    await page.getByRole('option', { name: 'Fill-in option' }).click();
    await decline.getByRole('textbox', { name: 'Reason Description' }).fill('Repeated ransomware incidents in the last year');
    await decline.getByRole('textbox', { name: 'Fill-In text' }).fill('Loss history');
    await decline.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByText('Quote declined', { exact: true })).toBeVisible();
    const declined = await callApi<{ status: string; decision: { reasonSummary: string } }>(page, 'GET', `/api/quote/v1/${another.id}`);
    expect(declined.data).toMatchObject({ status: 'DECLINED', decision: { reasonSummary: 'Loss history' } });

    // The dashboard's Quotes tab narrowed to one client (?prefilterAccountId=) counts that client's quotes only.
    const ofClient = await callApi<{ totalElements: number }>(agentPage, 'GET', `/api/quote/v1/search?accountId=${referred.accountId}&size=1`);
    const all = await callApi<{ totalElements: number }>(agentPage, 'GET', '/api/quote/v1/search?size=1');
    expect(all.data.totalElements).toBeGreaterThan(ofClient.data.totalElements);
    await agentPage.goto(`${origin}/agency/dashboard?tab=QUOTES&prefilterAccountId=${referred.accountId}`);
    await expect(agentPage.getByText(new RegExp(`of ${ofClient.data.totalElements} ·`))).toBeVisible();

    // The agent sees the released quote in the edition's currency and downloads its proposal.
    await agentPage.goto(`${origin}/agency/quotes?search=${referred.quoteNumber}`);
    const row = agentPage.getByRole('table', { name: 'Quotes' }).getByRole('row').filter({ hasText: referred.quoteNumber });
    await expect(row).toContainText('Ready');
    await row.getByRole('button', { name: 'Row actions' }).click();
    await agentPage.getByRole('menuitem', { name: 'Open' }).click();
    await expect(agentPage.getByRole('button', { name: 'Release Quote' })).toHaveCount(0);
    await expect(agentPage.getByRole('button', { name: 'Edit MGA Fee' })).toHaveCount(0);
    // The rater's factors are the provider's pricing: the agent's page has no calculation.
    await expect(agentPage.getByRole('table', { name: 'Premium Calculation' })).toHaveCount(0);

    // The agency's broker fees: the additional fee is held to 10,000 in the edition's currency, with the spec's text.
    await agentPage.getByRole('button', { name: 'Edit Broker Fee' }).click();
    const fees = agentPage.getByRole('dialog', { name: 'Edit Broker Fee' });
    await fees.getByRole('textbox', { name: 'Broker Fee', exact: true }).fill('150');
    await fees.getByRole('textbox', { name: 'Additional Broker Fee', exact: true }).fill('20000');
    await fees.getByRole('button', { name: 'Save' }).click();
    await expect(fees.getByText(`Additional Broker fee must be less than or equal to ${currency}10,000`)).toBeVisible();
    await fees.getByRole('textbox', { name: 'Additional Broker Fee', exact: true }).fill('25');
    await fees.getByRole('button', { name: 'Save' }).click();
    await expect(agentPage.getByText('Broker Fee updated Successfully!', { exact: true })).toBeVisible();
    // The page's premium lines (the quote's schedule) name each fee with its amount.
    const charges = agentPage.getByTestId('block-table-schedule-charges');
    await expect(charges.getByRole('row').filter({ has: agentPage.getByRole('cell', { name: 'Broker Fee', exact: true }) })).toContainText(`${currency}150.00`);
    await expect(charges.getByRole('row').filter({ has: agentPage.getByRole('cell', { name: 'Additional Broker Fee', exact: true }) })).toContainText(`${currency}25.00`);
    const withFees = await callApi<{ totalPremium: string }>(agentPage, 'GET', `/api/quote/v1/${referred.id}`);
    expect(Number(withFees.data.totalPremium)).toBeCloseTo(Number(withMga.data.totalPremium) + 175, 2);
    const [download] = await Promise.all([agentPage.waitForEvent('download'), agentPage.getByRole('button', { name: 'Download Proposal' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`${referred.quoteNumber}_Proposal\\.pdf$`));
    const { text } = await new PDFParse({ data: new Uint8Array(readFileSync((await download.path())!)) }).getText();
    expect(text).toContain(referred.quoteNumber);
    expect(text).toContain(retention);
    expect(text).toContain(currency);
  });
}

// Surplus lines are a US matter: a US underwriter may write an admitted quote as surplus (and back), losing
// the edits; a UK quote offers no such switch.
for (const edition of CASES) {
  test(`${edition.edition.toUpperCase()}: the surplus switch ${edition.edition === 'us' ? 'recalculates a quote as surplus lines, edits lost, after a confirmation' : 'is not offered on a UK quote'}`, async ({ browser }) => {
    const agentPage = await (await browser.newContext()).newPage();
    await signInOnOrigin(agentPage, edition.origin, edition.agent);
    const quote = await agentQuote(agentPage, edition, true);
    const page = await (await browser.newContext()).newPage();
    await signInOnOrigin(page, edition.origin, 'admin@provider.example');
    await page.goto(`${edition.origin}/admin/quotes/${quote.id}`);
    await expect(page.getByRole('textbox', { name: 'Quote Number' })).toHaveValue(quote.quoteNumber);
    await expect(page.getByRole('button', { name: 'Reset Quote' })).toBeVisible();
    if (edition.edition === 'uk') {
      await expect(page.getByRole('button', { name: /^Switch to (Surplus|Admitted)$/ })).toHaveCount(0);
      return;
    }
    await page.getByRole('button', { name: 'Switch to Surplus' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('all your edits to the quote are lost');
    await confirm.getByRole('button', { name: 'Switch' }).click();
    await expect(page.getByText('Quote recalculated', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Switch to Admitted' })).toBeVisible();
    const surplus = await callApi<{ isSurplus: boolean; surplusLineTax: string }>(page, 'GET', `/api/quote/v1/${quote.id}`);
    expect(surplus.data.isSurplus).toBe(true);
    expect(Number(surplus.data.surplusLineTax)).toBeGreaterThan(0);
  });
}

// An underwriter changes a quote's terms in the coverage editor: the premium there starts at the quote's own,
// leaving the Terms tab with changes, or going Back in the browser, asks (GO BACK keeps them, SWITCH drops them), and Update Quote re-rates on
// the server, keeping the status.
for (const edition of CASES) {
  test(`${edition.edition.toUpperCase()}: an underwriter edits a quote's terms; switching tabs with changes asks SWITCH or GO BACK`, async ({ browser }) => {
    const agentPage = await (await browser.newContext()).newPage();
    await signInOnOrigin(agentPage, edition.origin, edition.agent);
    const quote = await agentQuote(agentPage, edition, false);
    const page = await (await browser.newContext()).newPage();
    await signInOnOrigin(page, edition.origin, 'admin@provider.example');
    await page.goto(`${edition.origin}/admin/quotes/${quote.id}`);
    await page.getByRole('button', { name: 'Edit Terms' }).click();
    await expect(page.getByTestId('quote-terms-of')).toContainText(`Quote ${quote.quoteNumber}`);
    const total = page.getByTestId('premium-total');
    const money = new Intl.NumberFormat(edition.edition === 'us' ? 'en-US' : 'en-GB', { style: 'currency', currency: edition.edition === 'us' ? 'USD' : 'GBP' });
    await expect(total).toContainText(money.format(Number(quote.totalPremium)));

    // A change, then the Notes tab: GO BACK stays on the terms with the change kept.
    const limit = page.getByRole('combobox', { name: 'Aggregate Limit' });
    await limit.selectOption({ label: money.format(2_000_000) });
    await expect(total).not.toContainText(money.format(Number(quote.totalPremium)));
    const changedTotal = (await total.textContent())!;
    await page.getByRole('tab', { name: 'Notes' }).click();
    const ask = page.getByRole('alertdialog', { name: 'You have unsaved changes' });
    await ask.getByRole('button', { name: 'GO BACK' }).click();
    await expect(ask).toBeHidden();
    await expect(page.getByRole('tab', { name: 'Terms' })).toHaveAttribute('aria-selected', 'true');
    await expect(total).toHaveText(changedTotal);
    // The browser's Back asks the same (the page before was the quote's summary); GO BACK keeps the change.
    await page.evaluate(() => window.history.back());
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'GO BACK' }).click();
    await expect(ask).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/admin/quotes/${quote.id}/terms$`));
    await expect(total).toHaveText(changedTotal);

    // Update Quote: re-rated by the server to the premium the editor showed, the status kept.
    await page.getByRole('button', { name: 'Update Quote' }).click();
    await expect(page.getByText('Quote updated', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/quotes/${quote.id}$`));
    const updated = await callApi<{ status: string; aggLimit: string; totalPremium: string }>(page, 'GET', `/api/quote/v1/${quote.id}`);
    expect(updated.data.status).toBe('READY');
    expect(Number(updated.data.aggLimit)).toBe(2_000_000);
    expect(changedTotal).toContain(money.format(Number(updated.data.totalPremium)));

    // Back on the terms: a change dropped with SWITCH leaves the quote as it was.
    await page.goto(`${edition.origin}/admin/quotes/${quote.id}/terms`);
    await expect(limit).toHaveValue(/.+/);
    await limit.selectOption({ label: money.format(1_000_000) });
    await page.getByRole('tab', { name: 'Notes' }).click();
    await page.getByRole('alertdialog', { name: 'You have unsaved changes' }).getByRole('button', { name: 'SWITCH' }).click();
    await expect(page.getByRole('table', { name: 'Notes' })).toBeVisible();
    expect(Number((await callApi<{ aggLimit: string }>(page, 'GET', `/api/quote/v1/${quote.id}`)).data.aggLimit)).toBe(2_000_000);
  });
}

// Subjectivities: the underwriter makes a quote subject to a condition from its page and marks it received;
// the agency reads them on the same page, without the underwriter's actions.
for (const edition of CASES) {
  test(`${edition.edition.toUpperCase()}: an underwriter sets a subjectivity and marks it received; the agency reads it`, async ({ browser }) => {
    const agentPage = await (await browser.newContext()).newPage();
    await signInOnOrigin(agentPage, edition.origin, edition.agent);
    const quote = await agentQuote(agentPage, edition, true);
    const page = await (await browser.newContext()).newPage();
    await signInOnOrigin(page, edition.origin, 'admin@provider.example');
    await page.goto(`${edition.origin}/admin/quotes/${quote.id}`);
    await page.getByRole('button', { name: 'Add Subjectivity' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Subjectivity' });
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog.getByText('Subjectivity is a required field')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Subject to' }).fill('Evidence of offline, tested backups');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText('Subjectivity added', { exact: true })).toBeVisible();
    const table = page.getByRole('table', { name: 'Subjectivities' });
    const row = table.getByRole('row').filter({ hasText: 'Evidence of offline, tested backups' });
    await expect(row).toContainText('Open');
    await dismissToasts(page);
    await row.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Mark Received' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Mark Received' }).click();
    await expect(page.getByText('Subjectivity marked received', { exact: true })).toBeVisible();
    await expect(row).toContainText('Received');

    await agentPage.goto(`${edition.origin}/agency/quotes/${quote.id}`);
    const seen = agentPage.getByRole('table', { name: 'Subjectivities' }).getByRole('row').filter({ hasText: 'Evidence of offline, tested backups' });
    await expect(seen).toContainText('Received');
    await expect(agentPage.getByRole('button', { name: 'Add Subjectivity' })).toHaveCount(0);
    await expect(seen.getByRole('button', { name: 'Row actions' })).toHaveCount(0);
  });
}
