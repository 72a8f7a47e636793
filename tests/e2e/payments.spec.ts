import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { callApi } from './support/call-api.ts';
import { choose } from './support/choose.ts';
import { issuedPolicyOf } from './support/issued-policy.ts';
import { E2E_ORIGIN, E2E_UK_ORIGIN } from './support/origin.ts';
import { openFromMenu, rowAction } from './support/page-navigation.ts';
import { acceptCookies, lastMailId, latestMail, linkPath, openMailedCodeLink, signInOnOrigin } from './support/sign-in.ts';

/**
 * Paying a policy in Chromium against the real server and its sandbox processor (spec 000
 * /policy/{id}/accountant-payment): the policyholder's card is declined in the processor's hosted form (the
 * failed view, Make Payment), then paid with a good card that is kept for later (processed, then thanked);
 * the payment is listed with its receipt, a real PDF. In the UK a broker sees the bank details of a transfer
 * with the sort code and pounds.
 */
/** The first policy of a search (as the signed-in user sees it) whose payment is Unpaid and payable online. */
/** The first policy of a search that is unpaid and payable; in `currency` when named (provider staff see both editions' books). */
async function unpaidPolicy(page: Page, search: string, currency?: 'USD' | 'GBP'): Promise<{ id: string; policyNumber: string }> {
  const policies = await callApi<{ content: Array<{ id: string; policyNumber: string; currency: string }> }>(page, 'GET', search);
  for (const policy of policies.data.content) {
    if (currency && policy.currency !== currency) continue;
    const record = await callApi<{ status: string; payable: boolean }>(page, 'GET', `/api/billing/v1/policy/${policy.id}/payment`);
    if (record.data.status === 'Unpaid' && record.data.payable) return policy;
  }
  throw new Error(`No unpaid policy in ${search}`);
}

// Each test walks a flow through several pages and sessions on a shared, busy machine.
test.describe.configure({ timeout: 120_000 });

test('the policyholder pays a policy through the hosted form: declined, then paid and thanked, with its receipt', async ({ page }) => {
  await signInOnOrigin(page, E2E_ORIGIN, 'policyholder@insured.example');
  const policy = await unpaidPolicy(page, '/api/policy/v1/search?status=ISSUED&status=ACTIVE');
  await page.goto(`/policy/${policy.id}/accountant-payment`);
  await expect(page).toHaveURL(new RegExp(`/customer/policies/${policy.id}/payment$`));
  const payment = page.getByTestId('policy-payment');
  await expect(payment).toHaveAttribute('data-status', 'Unpaid');
  await expect(payment.getByText('Welcome, Paula')).toBeVisible();
  await expect(payment.getByTestId('card-consent')).toContainText('you leave this platform');

  const payByCard = async (number: string, save: boolean) => {
    await payment.getByRole('button', { name: 'PAY BY CREDIT CARD' }).click();
    const form = page.frameLocator('iframe[title="Secure payment form"]');
    await form.getByLabel('Name on card').fill('Paula Holder');
    await form.getByLabel('Card number').fill(number);
    await form.getByLabel('Expiry (MM/YY)').fill('12/30');
    await form.getByLabel('Security code').fill('123');
    if (save) await form.getByLabel('Save this payment method for future payments').check();
    await form.getByRole('button', { name: /^Pay / }).click();
    // The dialog closes by itself once the console learned the outcome from the processor.
    await expect(page.getByTestId('payment-checkout-dialog')).toBeHidden({ timeout: 15_000 });
  };

  await payByCard('4000 0000 0000 0002', false);
  await expect(payment).toHaveAttribute('data-status', 'Failed');
  await expect(payment.getByTestId('payment-message')).toHaveText(`Your payment failed for Policy# ${policy.policyNumber}.`);
  await expect(payment.getByText('Your card was declined.')).toBeVisible();
  await payment.getByRole('button', { name: 'Make Payment' }).click();
  await expect(payment).toHaveAttribute('data-status', 'Unpaid');

  await payByCard('4242 4242 4242 4242', true);
  // Processing, then settled by the processor (2 s in the sandbox): the page turns to the thank-you by itself.
  await expect(payment.getByTestId('payment-message')).toHaveText(`Thank you for making payment for Policy# ${policy.policyNumber}.`, { timeout: 15_000 });
  await expect(page.getByLabel('Payment Status')).toHaveValue('Paid');
  await expect(page.getByRole('textbox', { name: 'Amount Due' })).toHaveValue('0.00');

  const rows = page.getByRole('table', { name: 'Payments' }).getByRole('row').filter({ hasText: 'Visa ending 4242' });
  await expect(rows.filter({ hasText: 'Paid' })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'Your card was declined.' })).toHaveCount(1);
  await rows.getByRole('button', { name: 'Row actions' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Receipt' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^Receipt_T-\d{4}-\d{6}\.pdf$/);
  const text = (await new PDFParse({ data: new Uint8Array(await readFile((await download.path())!)) }).getText()).text;
  expect(text).toContain('Payment Receipt');
  expect(text).toContain(policy.policyNumber);

  // The card was kept: the next payment can use it without the form.
  const record = await callApi<{ savedMethods: Array<{ label: string }> }>(page, 'GET', `/api/billing/v1/policy/${policy.id}/payment`);
  expect(record.data.savedMethods.map((method) => method.label)).toContain('Visa ending 4242');
});

test('UK: a broker sees what is due and the bank details of a transfer, in pounds with the sort code', async ({ page }) => {
  await signInOnOrigin(page, E2E_UK_ORIGIN, 'broker@brokerage.example');
  const target = await unpaidPolicy(page, '/api/policy/v1/search?status=ACTIVE&size=50');
  await page.goto(`${E2E_UK_ORIGIN}/agency/policies/${target.id}/payment`);
  const payment = page.getByTestId('policy-payment');
  await expect(payment).toHaveAttribute('data-status', 'Unpaid');
  await expect(payment.getByTestId('pay-in-full')).toContainText('£');
  await expect(payment.getByRole('button', { name: 'PAY BY CREDIT CARD' })).toHaveCount(0);
  await payment.getByRole('button', { name: 'ACH/WIRE TRANSFER' }).click();
  const dialog = page.getByTestId('bank-transfer-dialog');
  await expect(dialog.getByRole('heading')).toContainText(/^Pay £[\d,]+\.\d{2} with ACH or Wire Transfer$/);
  await expect(dialog).toContainText('Sort Code');
  await expect(dialog).toContainText('40-00-00');
  await expect(dialog).toContainText(target.policyNumber);
});

test('billing applies a check to an unpaid policy from its payment page, which then shows it as partly paid', async ({ page }) => {
  await signInOnOrigin(page, E2E_ORIGIN, 'admin@provider.example');
  const target = await unpaidPolicy(page, '/api/policy/v1/search?status=ACTIVE&size=50&sort=policyNumber,desc');
  await page.goto(`/admin/policies/${target.id}/payment`);
  await page.getByRole('button', { name: 'Apply External Payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply External Payment' });
  await dialog.getByLabel('Amount Paid').fill('1000000000001');
  await dialog.getByRole('button', { name: 'Apply Payment' }).click();
  await expect(dialog.getByText('Amount Paid must be less than or equal to 1,000,000,000,000')).toBeVisible();
  await dialog.getByLabel('Amount Paid').fill('500');
  await choose(dialog, 'Payment Method', 'Check');
  await dialog.getByLabel('Payment Date').fill(new Date().toISOString().slice(0, 10));
  await dialog.getByLabel('Check or Wire Reference').fill(`CHK-E2E-${target.policyNumber}`);
  await dialog.getByRole('button', { name: 'Apply Payment' }).click();
  await expect(page.getByText('Payment Applied Successfully.')).toBeVisible();
  await expect(page.getByTestId('policy-payment')).toHaveAttribute('data-status', 'Partially Paid');
  await expect(page.getByLabel('Amount Paid', { exact: true })).toHaveValue('500.00');
  await expect(page.getByRole('table', { name: 'Payments' }).getByRole('row').filter({ hasText: `CHK-E2E-${target.policyNumber}` })).toContainText('Check');
});

for (const { edition, origin, currency, method, symbol, pick } of [
  { edition: 'US', origin: E2E_ORIGIN, currency: 'USD', method: 'Check', symbol: '$', pick: 0 },
  { edition: 'UK', origin: E2E_UK_ORIGIN, currency: 'GBP', method: 'Wire', symbol: '£', pick: 0 },
  // Provider staff see both books from either host: a UK binder's amount is still written in pounds.
  { edition: 'US host, UK binder', origin: E2E_ORIGIN, currency: 'GBP', method: 'Wire', symbol: '£', pick: 1 },
] as const) {
  test(`${edition}: billing applies a ${method.toLowerCase()} to an unpaid binder, which then shows as paid and is found by the Payment filter`, async ({ page }) => {
    await signInOnOrigin(page, origin, 'admin@provider.example');
    // From the end of the book's unpaid bound binders (other cases take the first ones), one per case.
    const binders = await callApi<{ content: Array<{ id: string; binderNumber: string; currency: string; totalPremium: string }> }>(
      page, 'GET', '/api/quote/v1/binders?status=BOUND&paymentStatus=Unpaid&size=100&sort=binderNumber,desc');
    const binder = binders.data.content.filter((row) => row.currency === currency)[pick];
    if (!binder) throw new Error(`No unpaid ${currency} binder in the demo book`);

    await page.goto(`${origin}/admin/policies?tab=BINDERS`);
    const table = page.getByRole('table', { name: 'Binders' });
    await page.getByPlaceholder('Search by client or binder number').fill(binder.binderNumber);
    const row = table.getByRole('row').filter({ hasText: binder.binderNumber });
    // The search has answered (a header and the one binder) before its row's menu is opened, so no redraw closes it.
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(row).toContainText('Unpaid');
    await row.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Apply Payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply External Payment' });
    await expect(dialog.getByLabel('For')).toHaveValue(new RegExp(`^Binder ${binder.binderNumber} - `));
    // Opened from a row menu, the first field keeps its focus and is not marked unanswered before anything is typed.
    await expect(dialog.getByLabel('Amount Paid')).toBeFocused();
    await expect(dialog.getByText(symbol, { exact: true })).toBeVisible();
    await expect(dialog.getByText('Amount Paid is a required field')).toHaveCount(0);
    await dialog.getByLabel('Amount Paid').fill(binder.totalPremium);
    await choose(dialog, 'Payment Method', method);
    await dialog.getByLabel('Payment Date').fill(new Date().toISOString().slice(0, 10));
    await dialog.getByRole('button', { name: 'Apply Payment' }).click();
    await expect(page.getByText('Payment Applied Successfully.')).toBeVisible();
    await expect(row).toContainText('Paid');
    await expect(row).not.toContainText('Unpaid');

    const paymentFilter = page.getByRole('combobox', { name: 'Payment', exact: true });
    await paymentFilter.selectOption({ label: 'Paid' });
    await expect(row).toBeVisible();
    await paymentFilter.selectOption({ label: 'Unpaid' });
    await expect(table.getByRole('row').filter({ hasText: binder.binderNumber })).toHaveCount(0);

    // Billing's transactions list has the payment under the binder's number, and opens the binder from it.
    await page.goto(`${origin}/admin/billing`);
    const transactions = page.getByRole('table', { name: 'Transactions' });
    await page.getByPlaceholder(/^Search by transaction, invoice or policy number/).fill(binder.binderNumber);
    const paid = transactions.getByRole('row').filter({ hasText: binder.binderNumber });
    await expect(transactions.getByRole('row')).toHaveCount(2);
    await expect(paid).toContainText(method);
    await paid.getByRole('button', { name: 'Row actions' }).click();
    await expect(page.getByRole('menuitem', { name: 'Open Payment' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Open Binder' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/quotes/${binder.id}$`));
  });
}

test('billing offers an installment plan; the policyholder accepts it with their full name and then owes the down payment', async ({ page }) => {
  await signInOnOrigin(page, E2E_ORIGIN, 'agent@agency.example');
  const acme = await callApi<{ content: Array<{ accountId: string }> }>(page, 'GET', '/api/policy/v1/search?search=Acme%20Precision');
  const policy = await issuedPolicyOf(page, acme.data.content[0]!.accountId,
    { customerFirstName: 'Paula', customerLastName: 'Holder', customerEmail: 'policyholder@insured.example', customerPhone: '3035550175' });

  await signInOnOrigin(page, E2E_ORIGIN, 'admin@provider.example');
  await page.goto(`/admin/policies/${policy.id}/payment`);
  await page.getByRole('button', { name: 'Add Premium Financer' }).click();
  const offer = page.getByRole('dialog', { name: 'Add Premium Financer' });
  await expect(offer.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
  await offer.getByLabel('Financer').fill('Imperial PFS');
  await offer.getByLabel('APR (%)').fill('9.5');
  // The installment is asked of the server a second after the inputs settle; Add waits for it.
  await expect(offer.getByLabel('Installment Amount')).toHaveValue(/^\d+\.\d{2}$/, { timeout: 10_000 });
  await offer.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Premium Financer added Successfully!')).toBeVisible();

  await signInOnOrigin(page, E2E_ORIGIN, 'policyholder@insured.example');
  await page.goto(`/policy/${policy.id}/accountant-payment`);
  const payment = page.getByTestId('policy-payment');
  await expect(payment.getByTestId('installment-plan')).toContainText('Down Payment');
  await payment.getByRole('button', { name: 'View Installment Plan' }).click();
  const plan = page.getByTestId('installment-plan-dialog');
  await expect(plan.getByRole('heading', { name: `INSTALLMENT PLAN for Policy# ${policy.policyNumber}` })).toBeVisible();
  await expect(plan.getByTestId('finance-quote')).toContainText('Imperial PFS');
  // The agreement names the producing agency and its contact (the demo agency's profile).
  await expect(plan.getByTestId('finance-quote')).toContainText('Summit Risk Partners (Alex Agent, ');
  await plan.getByRole('button', { name: 'Accept Installment Plan' }).click();
  await expect(plan.getByText('Please enter full name.')).toBeVisible();
  await plan.getByLabel('Full Name').fill('Paula Holder');
  await plan.getByRole('button', { name: 'Accept Installment Plan' }).click();
  await expect(page.getByText('Installment plan accepted. Thank you.')).toBeVisible();
  await expect(payment.getByTestId('down-payment-due')).toBeVisible();
  await expect(payment.getByTestId('pay-in-full')).toHaveCount(0);
  await expect(payment.getByTestId('installment-plan')).toHaveCount(0);
});

test("billing sends the invoice to the payer's accounting contact, who opens the mailed link with a one-time code and lands on the payment page", async ({ page, browser, request }) => {
  await signInOnOrigin(page, E2E_ORIGIN, 'admin@provider.example');
  const target = await unpaidPolicy(page, '/api/policy/v1/search?status=ACTIVE&size=50&sort=policyNumber,asc');
  await page.goto(`/admin/policies/${target.id}/payment`);
  await page.getByRole('button', { name: 'Send Invoice to Accounting' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Invoice to Accounting' });
  await expect(dialog.getByRole('textbox', { name: 'Policy Number' })).toHaveValue(target.policyNumber);
  // The dialog starts in the first field one types into, and says nothing before a try.
  await expect(dialog.getByRole('textbox', { name: 'First Name' })).toBeFocused();
  await expect(dialog.getByText('First Name is required')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Send Invoice' }).click();
  await expect(dialog.getByText('First Name is required')).toBeVisible();
  const email = `accounts.${Date.now()}@client.example`;
  await dialog.getByRole('textbox', { name: 'First Name' }).fill('Dana');
  await dialog.getByRole('textbox', { name: 'Last Name' }).fill('Ledger');
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await dialog.getByRole('textbox', { name: 'Phone Number' }).fill('3035550142');
  const before = await lastMailId(request, email);
  await dialog.getByRole('button', { name: 'Send Invoice' }).click();
  await expect(page.getByText(`Invoice sent to ${email}.`)).toBeVisible();

  const mail = await latestMail(request, email, /\/validate\//, before);
  expect(mail.body).toContain(`policy ${target.policyNumber}`);
  const context = await browser.newContext();
  await acceptCookies(context, E2E_ORIGIN);
  const accountant = await context.newPage();
  await accountant.goto(`${E2E_ORIGIN}${linkPath(mail.body, 'validate')}`);
  const codeBefore = await lastMailId(request, email);
  await accountant.getByRole('button', { name: /Send the code by email/ }).click();
  const codeMail = await latestMail(request, email, /\b\d{6}\b/, codeBefore);
  await accountant.getByRole('textbox', { name: 'Access Code' }).fill(/\b(\d{6})\b/.exec(codeMail.body)![1]!);
  await accountant.getByRole('button', { name: 'Continue' }).click();
  await expect(accountant).toHaveURL(new RegExp(`/customer/policies/${target.id}/payment$`), { timeout: 15_000 });
  await expect(accountant.getByTestId('policy-payment')).toHaveAttribute('data-status', /^(Unpaid|Partially Paid)$/);
  await expect(accountant.getByTestId('policy-payment').getByText('Welcome, Dana')).toBeVisible();
  // The accounting contact pays there with the sandbox processor's card and is thanked.
  await accountant.getByTestId('policy-payment').getByRole('button', { name: 'PAY BY CREDIT CARD' }).click();
  const form = accountant.frameLocator('iframe[title="Secure payment form"]');
  await form.getByLabel('Name on card').fill('Dana Ledger');
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiry (MM/YY)').fill('12/30');
  await form.getByLabel('Security code').fill('123');
  await form.getByRole('button', { name: /^Pay / }).click();
  await expect(accountant.getByTestId('payment-checkout-dialog')).toBeHidden({ timeout: 15_000 });
  await expect(accountant.getByTestId('payment-message')).toHaveText(`Thank you for making payment for Policy# ${target.policyNumber}.`, { timeout: 15_000 });
  await context.close();
});

// Payment reminder (spec 002 section 2; spec 000 /validate E_PAY and /policy/{id}/accountant-payment): provider
// staff remind an unpaid policy's contact from its payment page, reached from Billing's outstanding balances;
// the mailed link, opened in a browser of the contact's own with a one-time code, leads to that policy's
// payment page (not a dashboard) with the amount the mail said is due, in the edition's money.
for (const { edition, origin, currency, money } of [
  { edition: 'US', origin: E2E_ORIGIN, currency: 'USD', money: /\$[\d,]+\.\d{2}/ },
  { edition: 'UK', origin: E2E_UK_ORIGIN, currency: 'GBP', money: /£[\d,]+\.\d{2}/ },
] as const) {
  test(`${edition}: billing sends a payment reminder; the policy contact opens the mailed link with a one-time code and lands on that policy's payment page with the amount due`, async ({ page, browser, request }) => {
    await signInOnOrigin(page, origin, 'admin@provider.example');
    const target = await unpaidPolicy(page, '/api/policy/v1/search?status=ACTIVE&size=50&sort=policyNumber,asc', currency);
    const policy = (await callApi<{ contactFirstName: string; contactEmail: string }>(page, 'GET', `/api/policy/v1/${target.id}`)).data;
    const email = policy.contactEmail.toLowerCase();

    await page.goto(`${origin}/admin/dashboard`);
    await openFromMenu(page, 'Billing', 'Billing');
    const balances = page.getByRole('table', { name: 'Outstanding Balances' });
    await page.getByPlaceholder(/^Search by policy number/).fill(target.policyNumber);
    // The search answered (a header and the one invoice) before the row's menu is opened, so no redraw closes it.
    await expect(balances.getByRole('row')).toHaveCount(2, { timeout: 15_000 });
    await rowAction(page, 'Outstanding Balances', target.policyNumber, 'Open Payment');
    await expect(page).toHaveURL(new RegExp(`/admin/policies/${target.id}/payment$`));

    const before = await lastMailId(request, email);
    await page.getByRole('button', { name: 'Send Payment Reminder' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('E-mail the policy contact a reminder of the amount due');
    await confirm.getByRole('button', { name: 'Send Reminder' }).click();
    await expect(page.getByText(`Payment reminder sent to ${email}.`)).toBeVisible();

    const mail = await latestMail(request, email, /\/validate\//, before);
    expect(mail.subject).toBe(`Payment reminder: policy ${target.policyNumber}`);
    const due = new RegExp(`(${money.source}) is due on policy ${target.policyNumber}`).exec(mail.body)?.[1];
    expect(due, mail.body).toBeDefined();

    const holder = await openMailedCodeLink(browser, request, origin, email, before, 'Access your payment page');
    // The link's one-time code leads to the policy's payer route, which shows the customer area's payment page.
    await expect(holder).toHaveURL(new RegExp(`/customer/policies/${target.id}/payment$`), { timeout: 15_000 });
    const signIn = (await holder.requests()).find((sent) => sent.method() === 'POST' && sent.url().endsWith('/api/auth/v1/wf/token'));
    expect((await (await signIn!.response())!.json()).redirectURL).toBe(`/policy/${target.id}/accountant-payment`);
    const payment = holder.getByTestId('policy-payment');
    // The payment record is asked of the server (and of its processor) once the page is up: give a busy machine time.
    await expect(payment).toHaveAttribute('data-status', /^(Unpaid|Partially Paid)$/, { timeout: 15_000 });
    // The contact, made a user of the client account by the reminder, is welcomed by name.
    await expect(payment.getByText(`Welcome, ${policy.contactFirstName}`)).toBeVisible();
    await expect(payment).toContainText(target.policyNumber);
    await expect(payment.getByTestId(/^(pay-in-full|down-payment-due)$/)).toContainText(due!);
    await expect(holder.getByRole('heading', { name: 'Dashboard' })).toHaveCount(0);
    await holder.context().close();
  });
}

test('billing closes the rest of a payment with a comment: the policy is paid, the credit listed', async ({ page, browser }) => {
  await signInOnOrigin(page, E2E_ORIGIN, 'agent@agency.example');
  const acme = await callApi<{ content: Array<{ accountId: string }> }>(page, 'GET', '/api/policy/v1/search?search=Acme%20Precision');
  const policy = await issuedPolicyOf(page, acme.data.content[0]!.accountId,
    { customerFirstName: 'Carla', customerLastName: 'Close', customerEmail: 'carla.close@insured.example', customerPhone: '3035550196' });

  const admin = await (await browser.newContext({ baseURL: E2E_ORIGIN })).newPage();
  await signInOnOrigin(admin, E2E_ORIGIN, 'admin@provider.example');
  await admin.goto(`/admin/policies/${policy.id}/payment`);
  await expect(admin.getByLabel('Payment Status')).toHaveValue('Unpaid');
  await admin.getByRole('button', { name: 'Close Payment' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Close Payment' });
  await dialog.getByRole('button', { name: 'Close Payment' }).click();
  await expect(dialog.getByText('Comment is a required field')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Comment', exact: true }).fill('Balance written off: premium agreed with the insured');
  await dialog.getByRole('button', { name: 'Close Payment' }).click();
  await expect(admin.getByText('Transaction Closed Successfully!')).toBeVisible();
  await expect(admin.getByLabel('Payment Status')).toHaveValue('Paid');
  await expect(admin.getByRole('textbox', { name: 'Amount Due' })).toHaveValue('0.00');
  await expect(admin.getByRole('table', { name: 'Payments' }).getByRole('row').filter({ hasText: 'Refund/Credit' })).toHaveCount(1);
  await expect(admin.getByRole('button', { name: 'Close Payment' })).toHaveCount(0);
});

test("billing turns a policy's invoice reminders off from its page, and back on", async ({ page }) => {
  await signInOnOrigin(page, E2E_ORIGIN, 'admin@provider.example');
  const target = await unpaidPolicy(page, '/api/policy/v1/search?status=ACTIVE&size=50&sort=policyNumber,asc');
  await page.goto(`/admin/policies/${target.id}`);
  await page.getByRole('button', { name: 'Turn Off Invoice Reminders' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Turn Off' }).click();
  await expect(page.getByText(`Invoice reminders turned off for policy ${target.policyNumber}`)).toBeVisible();
  expect((await callApi<{ remindersOn: boolean }>(page, 'GET', `/api/billing/v1/invoiceReminder/${target.id}`)).data.remindersOn).toBe(false);
  await page.getByRole('button', { name: 'Turn On Invoice Reminders' }).click();
  await expect(page.getByText(`Invoice reminders turned on for policy ${target.policyNumber}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn Off Invoice Reminders' })).toBeVisible();
});

test('the payment page lists the invoice reminders sent for the policy, newest first', async ({ page }) => {
  await signInOnOrigin(page, E2E_ORIGIN, 'admin@provider.example');
  // The seeded reminders sit in the middle of the unpaid book, wherever today's date puts it: every page is read.
  let target: { id: string; sent: Array<{ recipient: string; kind: string }> } | undefined;
  for (let pageNumber = 0; !target; pageNumber += 1) {
    const policies = await callApi<{ content: Array<{ id: string }>; totalElements: number }>(page, 'GET', `/api/policy/v1/search?size=100&page=${pageNumber}&sort=policyNumber,asc`);
    for (const policy of policies.data.content) {
      const reminders = await callApi<{ content: Array<{ recipient: string; kind: string }> }>(page, 'GET', `/api/billing/v1/invoiceReminder/${policy.id}?sort=sentAt,desc`);
      if (reminders.data.content.length > 1) {
        target = { id: policy.id, sent: reminders.data.content };
        break;
      }
    }
    if ((pageNumber + 1) * 100 >= policies.data.totalElements) break;
  }
  expect(target, 'a demo policy with invoice reminders sent').toBeDefined();
  await page.goto(`/admin/policies/${target!.id}/payment`);
  const table = page.getByRole('table', { name: 'Invoice Reminders Sent' });
  await expect(table.getByRole('row')).toHaveCount(target!.sent.length + 1);
  const labels: Record<string, string> = { BEFORE_DUE: 'Before due date', DUE: 'On due date', OVERDUE: 'Overdue' };
  await expect(table.getByRole('row').nth(1)).toContainText(labels[target!.sent[0]!.kind]!);
  await expect(table.getByRole('row').nth(1)).toContainText(target!.sent[0]!.recipient);
});

for (const { edition, origin, email, persona, symbol, currency, bankLine } of [
  { edition: 'US', origin: E2E_ORIGIN, email: 'admin@provider.example', persona: 'admin', symbol: '$', currency: 'USD', bankLine: 'Routing Number 110000000' },
  { edition: 'UK', origin: E2E_UK_ORIGIN, email: 'broker@brokerage.example', persona: 'agency', symbol: '£', currency: 'GBP', bankLine: 'Sort Code 40-00-00' },
] as const) {
  test(`${edition}: billing lists an unpaid policy among the outstanding balances and downloads its invoice, a PDF with the balance and how to pay`, async ({ page }) => {
    await signInOnOrigin(page, origin, email);
    const target = await unpaidPolicy(page, '/api/policy/v1/search?status=ACTIVE&size=50&sort=policyNumber,desc', currency);
    await page.goto(`${origin}/${persona}/billing`);
    const balances = page.getByRole('table', { name: 'Outstanding Balances' });
    await page.getByPlaceholder(/^Search by policy number/).fill(target.policyNumber);
    const row = balances.getByRole('row').filter({ hasText: target.policyNumber });
    // The search answered: only the policy's invoice is left (the first page may list it too, before the answer
    // re-renders the rows and would close a menu opened on the old ones).
    await expect(balances.getByRole('row')).toHaveCount(2, { timeout: 15_000 });
    await expect(row).toContainText(`INV-${target.policyNumber}`);
    await expect(row).toContainText('Unpaid');
    await expect(row).toContainText(symbol);
    await row.getByRole('button', { name: 'Row actions' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download Invoice' }).click()]);
    expect(download.suggestedFilename()).toBe(`INV-${target.policyNumber}.pdf`);
    const text = (await new PDFParse({ data: new Uint8Array(await readFile((await download.path())!)) }).getText()).text;
    expect(text).toContain(`Invoice INV-${target.policyNumber}`);
    expect(text).toMatch(new RegExp(`Balance Due \\${symbol}[\\d,]+\\.\\d{2}`));
    expect(text).toContain(bankLine);
  });
}
