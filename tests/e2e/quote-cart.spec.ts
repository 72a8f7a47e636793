import { expect, test, type Page } from '@playwright/test';
import { callApi } from './support/call-api.ts';
import { E2E_ORIGIN, E2E_UK_ORIGIN } from './support/origin.ts';
import { dismissToasts, signInOnOrigin } from './support/sign-in.ts';

/**
 * The quote cart's refusal (spec 002 sections 2 and 8) in both editions: two variations are added to the
 * list from the editor; while the cart is open, another session of the same user removes one of them, so
 * Request Above Quotes is refused. The cart names the quote the server could not request under 'Failed to
 * send quotes' and 'The quotes could not be requested for the following reason(s):'; nothing was sent, so
 * the other variation is still in the cart, which now shows only it; requesting it says 'Quotes
 * successfully sent'. Products without security questions (Prime Tech, Prime One) go straight to the list.
 */

const CART_CASES = [
  { edition: 'US', origin: E2E_ORIGIN, user: 'agent@agency.example', account: 'Cedar Grove Logistics Inc', product: 'PRIME_TECH' },
  { edition: 'UK', origin: E2E_UK_ORIGIN, user: 'broker@brokerage.example', account: 'Thameside Freight Ltd', product: 'P_ONE' },
];

interface CartQuote {
  id: string;
  quoteNumber: string;
  status: string;
}

/** The signed-in user's cart for one account, as the server holds it. */
async function cartOf(page: Page, accountId: string): Promise<CartQuote[]> {
  const answer = await callApi<{ content: CartQuote[] }>(page, 'GET', `/api/quote/v1/cart?accountId=${accountId}`);
  expect(answer.status).toBe(200);
  return answer.data.content;
}

for (const step of CART_CASES) {
  test(`${step.edition}: the quote cart names the quote it could not request, keeps the rest and then requests them`, async ({ page }) => {
    test.setTimeout(90_000);
    await signInOnOrigin(page, step.origin, step.user);
    const accounts = await callApi<{ content: Array<{ id: string; name: string }> }>(page, 'GET', `/api/account/v1/accounts?search=${encodeURIComponent(step.account)}`);
    const accountId = accounts.data.content.find((account) => account.name === step.account)?.id;
    if (!accountId) throw new Error(`no account ${step.account}`);
    // The demo world or an earlier run may have left variations of this client in the cart.
    for (const quote of await cartOf(page, accountId)) await callApi(page, 'DELETE', `/api/quote/v1/cart/${quote.id}`);

    await page.goto(`${step.origin}/agency/requestQuote/${step.product}/${accountId}`);
    await expect(page.getByTestId('premium-total')).toHaveText(/\d/, { timeout: 15_000 });
    for (const count of [1, 2]) {
      await page.getByRole('button', { name: 'Add to List' }).click();
      await expect(page.getByRole('button', { name: `View List (${count})` })).toBeVisible();
      await dismissToasts(page);
    }
    await page.getByRole('button', { name: 'View List (2)' }).click();
    const cart = page.getByRole('dialog', { name: 'List of Quotes to Request' });
    const rows = cart.getByRole('table', { name: 'List of Quotes to Request' }).getByRole('row');
    await expect(rows).toHaveCount(3);
    // What the limit of 5 counts: this client's variations, the list it shows.
    await expect(cart.getByTestId('cart-count')).toHaveText('2 of 5 variations for this client');
    const [gone, kept] = await cartOf(page, accountId);
    if (!gone || !kept) throw new Error('two variations expected in the cart');

    // Another session of the same user takes one variation out of the cart while this one shows it.
    expect((await callApi(page, 'DELETE', `/api/quote/v1/cart/${gone.id}`)).status).toBe(200);
    await cart.getByRole('button', { name: 'Request Above Quotes' }).click();
    const refusal = cart.getByTestId('cart-refusal');
    await expect(refusal).toContainText('Failed to send quotes');
    await expect(refusal).toContainText('The quotes could not be requested for the following reason(s):');
    await expect(refusal.getByRole('listitem')).toHaveText([`${gone.quoteNumber}: Quote not found.`]);
    await expect(page.getByText('Quotes successfully sent')).toHaveCount(0);
    // Nothing was sent: the other variation is still in the cart, which shows what it holds now.
    expect((await cartOf(page, accountId)).map((quote) => quote.id)).toEqual([kept.id]);
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(kept.quoteNumber);
    await expect(cart.getByTestId('cart-count')).toHaveText('1 of 5 variations for this client');

    await cart.getByRole('button', { name: 'Request Above Quotes' }).click();
    await expect(page.getByText('Quotes successfully sent')).toBeVisible();
    await expect(cart).toBeHidden();
    expect(await cartOf(page, accountId)).toEqual([]);
    const requested = await callApi<CartQuote>(page, 'GET', `/api/quote/v1/${kept.id}`);
    expect(requested.data.status).not.toBe('DRAFT');
    await expect(page).toHaveURL(/\/agency\/quotes$/, { timeout: 10_000 });
  });
}
