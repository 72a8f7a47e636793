import { expect, test, type Page } from '@playwright/test';
import { callApi } from './support/call-api.ts';
import { E2E_ORIGIN, E2E_UK_ORIGIN } from './support/origin.ts';
import { signInOnOrigin } from './support/sign-in.ts';

/**
 * Issue 35, the request to bind as a hand-over, against the real server in Chromium: the agent asks to bind a
 * Ready quote from its review page; the quote page says it is with underwriting and the agency's inbox has it;
 * the underwriter finds it in the underwriting inbox and binds it, the Bind dialog starting from the policy
 * holder the agent named.
 */
const CASES = [
  { edition: 'us', origin: E2E_ORIGIN, agent: 'agent@agency.example', product: 'P250', deductible: 25000, phone: '3035550166' },
  { edition: 'uk', origin: E2E_UK_ORIGIN, agent: 'broker@brokerage.example', product: 'P_ONE', deductible: 2500, phone: '2079460166' },
];

/** A Ready quote of one of the agent's clients, made through the API; a quote the rater refers is passed over. */
async function readyQuote(page: Page, product: string, deductible: number): Promise<{ id: string; quoteNumber: string; companyName: string }> {
  const accounts = await callApi<{ content: Array<{ id: string }> }>(page, 'GET', '/api/account/v1/accounts?size=100');
  const effectiveDate = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  for (const { id } of accounts.data.content) {
    const account = await callApi<{ canRequestQuote: boolean }>(page, 'GET', `/api/quote/v1/account/${id}`);
    if (!account.data.canRequestQuote) continue;
    const created = await callApi<{ id: string; quoteNumber: string; companyName: string; status: string }>(page, 'POST', '/api/quote/v1/create', {
      accountId: id, product, preset: 'POPULAR', effectiveDate, aggLimit: 1_000_000, deductible, waitingPeriod: 12, retroActivePeriod: -1, coverages: {},
    });
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    if (created.data.status === 'READY') return created.data;
  }
  throw new Error('No client account of the agent gives a Ready quote');
}

for (const edition of CASES) {
  test.describe.configure({ timeout: 150_000 });

  test(`${edition.edition}: a request to bind reaches underwriting, who binds it with the policy holder the agent named`, async ({ page, browser }) => {
    const { origin } = edition;
    await signInOnOrigin(page, origin, edition.agent);
    const quote = await readyQuote(page, edition.product, edition.deductible);
    await page.goto(`${origin}/agency/quotes/${quote.id}/review`);
    await expect(page.getByTestId('detail-heading')).toHaveText(`Quote ${quote.quoteNumber} for ${quote.companyName}`);
    await expect(page.getByRole('button', { name: 'Request to Bind' })).toBeVisible();
    // The account may have been verified by an earlier run: verified once, it stays so until its details change.
    const verify = page.getByRole('button', { name: 'Verify Account' });
    if (await verify.isVisible()) {
      await verify.click();
      await page.getByRole('alertdialog', { name: 'Verify Account' }).getByRole('button', { name: 'Verify' }).click();
    }
    await expect(page.getByRole('button', { name: 'Request to Bind' })).toBeEnabled();
    await page.getByRole('button', { name: 'Request to Bind' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request to Bind' });
    await dialog.getByRole('textbox', { name: 'Policy Holder First Name' }).fill('Imogen');
    await dialog.getByRole('textbox', { name: 'Policy Holder Last Name' }).fill('Hale');
    await dialog.getByRole('textbox', { name: 'Policy Holder Email' }).fill(`imogen.hale.${edition.edition}@client.example`);
    await dialog.getByRole('textbox', { name: 'Policy Holder Phone Number' }).fill(edition.phone);
    await dialog.getByTestId('dialog-submit').click();
    await expect(page.getByText('Request to bind successfully sent', { exact: true })).toBeVisible();
    await expect(page.getByTestId('detail-heading')).toHaveText(`A request to bind quote ${quote.quoteNumber} for ${quote.companyName} has been sent`);

    // The agent's quote page says where the quote is; the agency's inbox has it.
    await page.goto(`${origin}/agency/quotes/${quote.id}`);
    await expect(page.getByTestId('detail-notice').filter({ hasText: 'Request to bind sent: the quote is with underwriting to bind.' })).toBeVisible();
    await page.goto(`${origin}/agency/inbox?search=${encodeURIComponent(quote.quoteNumber)}`);
    await expect(page.getByRole('table', { name: 'Inbox' }).getByRole('row').filter({ hasText: quote.quoteNumber })).toBeVisible();

    // The underwriter, in a browser of their own, finds it waiting and binds it.
    const desk = await (await browser.newContext()).newPage();
    // The provider's super admin underwrites too; the demo underwriter's password is changed by the password-reset journey on the shared server.
    await signInOnOrigin(desk, origin, 'admin@provider.example');
    await desk.goto(`${origin}/admin/inbox?search=${encodeURIComponent(quote.quoteNumber)}`);
    const row = desk.getByRole('table', { name: 'Underwriting Inbox' }).getByRole('row').filter({ hasText: quote.quoteNumber });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Requested');
    await desk.goto(`${origin}/admin/quotes/${quote.id}`);
    await desk.getByRole('button', { name: 'Bind Quote' }).click();
    const bind = desk.getByRole('dialog', { name: 'Bind Quote' });
    await expect(bind.getByRole('textbox', { name: 'Policy Holder First Name' })).toHaveValue('Imogen');
    await expect(bind.getByRole('textbox', { name: 'Policy Holder Email' })).toHaveValue(`imogen.hale.${edition.edition}@client.example`);
    await bind.getByTestId('dialog-submit').click();
    await expect(desk.getByText('Quote bound. The binder is ready.', { exact: true })).toBeVisible();
    await desk.context().close();
  });
}
