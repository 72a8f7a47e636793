import { expect, test, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { callApi } from './support/call-api.ts';
import { choose } from './support/choose.ts';
import { E2E_ORIGIN, E2E_PORT, E2E_UK_ORIGIN, UK_HOST } from './support/origin.ts';
import { dismissToasts, lastMailId, openMailedCodeLink, signInOnOrigin } from './support/sign-in.ts';

/**
 * The review page and the insured's side of a quote, against the real server in Chromium: the agent opens
 * a Ready quote's review, verifies the account (Request to Bind stays disabled until then) and sends the
 * quote to its policyholder; the policyholder opens the e-mailed link with a one-time code, accepts the
 * attestation (OK only once ticked), signs, and the agent sees the request to bind. In the UK a broker's
 * review speaks of an Excess and insurance premium tax, has no state, and sends the same way.
 */

interface Case {
  edition: 'us' | 'uk';
  origin: string;
  agent: string;
  product: string;
  deductible: number;
  /** The edition's word for the quote's agent, as the review page's welcome says it. */
  agentTerm: string;
  /** A product of the edition that asks the social engineering questions (none in the UK). */
  socialEngineering?: Pick<Case, 'product' | 'deductible'>;
  /** Words of the edition the review page must show, and ones it must not. */
  shows: string[];
  hides: string[];
}

const CASES: Case[] = [
  { edition: 'us', origin: E2E_ORIGIN, agent: 'agent@agency.example', product: 'P250', deductible: 25000, agentTerm: 'agent', socialEngineering: { product: 'P100', deductible: 2500 }, shows: ['Retention', 'State'], hides: ['Insurance Premium Tax'] },
  { edition: 'uk', origin: E2E_UK_ORIGIN, agent: 'broker@brokerage.example', product: 'P_ONE', deductible: 2500, agentTerm: 'broker', shows: ['Excess', 'Insurance Premium Tax', 'Postcode'], hides: ['State', 'Surplus Lines Tax'] },
];

/**
 * A Ready quote of one of the agent's clients whose account is not verified yet (so the verification step is
 * always shown), made through the API; a quote the rater refers is passed over.
 */
async function readyQuote(
  page: Page,
  { product, deductible }: Pick<Case, 'product' | 'deductible'>,
  avoid: string[] = [],
): Promise<{ id: string; quoteNumber: string; companyName: string; agencyName: string; agentName: string | null }> {
  const accounts = await callApi<{ content: Array<{ id: string }> }>(page, 'GET', '/api/account/v1/accounts?size=100');
  const effectiveDate = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  for (const { id } of accounts.data.content) {
    const account = await callApi<{ canRequestQuote: boolean }>(page, 'GET', `/api/quote/v1/account/${id}`);
    if (!account.data.canRequestQuote) continue;
    const profile = await callApi<{ isVerifiedByAgent: boolean }>(page, 'GET', `/api/account/v1/account/${id}/profile`);
    if (profile.data.isVerifiedByAgent) continue;
    const created = await callApi<{ id: string; quoteNumber: string; companyName: string; agencyName: string; agentName: string | null; status: string }>(page, 'POST', '/api/quote/v1/create', {
      accountId: id, product, preset: 'POPULAR', effectiveDate, aggLimit: 1_000_000, deductible, waitingPeriod: 12, retroActivePeriod: -1, coverages: {},
    });
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    if (created.data.status === 'READY' && !avoid.includes(created.data.companyName)) return created.data;
  }
  throw new Error('No client account of the agent gives a Ready quote');
}

async function sendToPolicyholder(page: Page, contact: { first: string; last: string; email: string; phone: string }) {
  await page.getByRole('button', { name: 'Send to Policyholder' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Quote to Policyholder' });
  await dialog.getByRole('textbox', { name: 'First Name' }).fill('M4ria');
  await dialog.getByRole('textbox', { name: 'Last Name' }).fill(contact.last);
  await dialog.getByRole('textbox', { name: 'Email' }).fill(contact.email);
  await dialog.getByRole('textbox', { name: 'Phone Number' }).fill(contact.phone);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Please enter only alphabets')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'First Name' }).fill(contact.first);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Quote was successfully sent', { exact: true })).toBeVisible();
  await expect(page.getByTestId('detail-notice').filter({ hasText: `Sent to the policyholder, ${contact.first} ${contact.last}` })).toBeVisible();
}

for (const edition of CASES) {
  test.describe.configure({ timeout: 150_000 });

  test(`${edition.edition}: account details edited on the review page patch the quote: 'Updating Quote...' until the quote shows it, and the verification is reset`, async ({ page }) => {
    const { origin, agent } = edition;
    await signInOnOrigin(page, origin, agent);
    const quote = await readyQuote(page, edition);
    await page.goto(`${origin}/agency/quotes/${quote.id}/review`);
    await page.getByRole('button', { name: 'Verify Account' }).click();
    await page.getByRole('alertdialog', { name: 'Verify Account' }).getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('button', { name: 'Request to Bind' })).toBeEnabled();
    await dismissToasts(page);

    await page.getByRole('button', { name: 'Edit Account Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Account Details' });
    const employees = dialog.getByRole('textbox', { name: 'Number of Employees', exact: true });
    await expect(employees).toBeVisible();
    const count = Number(await employees.inputValue()) || 10;
    await employees.fill(String(count + 7));
    await dialog.getByRole('button', { name: 'Save' }).click();
    // The page waits for the patched quote (polled every 3 s), covered meanwhile.
    await expect(page.getByTestId('busy-overlay')).toHaveText('Updating Quote...');
    await expect(page.getByText('Quote succesfully updated. Please review coverages.', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('busy-overlay')).toHaveCount(0);
    // Saving account details resets the verification: Request to Bind waits for it again.
    await expect(page.getByRole('button', { name: 'Verify Account' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Request to Bind' })).toBeDisabled();
    const review = await callApi<{ lastPatched: string | null }>(page, 'GET', `/api/quote/v1/${quote.id}/review`);
    expect(review.data.lastPatched).not.toBeNull();
  });

  test(`${edition.edition}: the review page welcomes the viewer to the quote's ${edition.edition === 'us' ? 'agency' : 'brokerage'}, downloads the application, gives a link to the quote documents that opens without signing in, and asks the social engineering questions only of a product that asks them`, async ({ page, request }) => {
    const { origin, agent } = edition;
    await signInOnOrigin(page, origin, agent);
    // The quote flow's own social engineering case answers them on Aspen Bakery: this case keeps off it.
    const quote = await readyQuote(page, edition.socialEngineering ?? edition, ['Aspen Bakery']);
    await page.goto(`${origin}/agency/quotes/${quote.id}/review`);
    await expect(page.getByTestId('detail-caption')).toHaveText(`Welcome to ${quote.agencyName}. Your ${edition.agentTerm} is ${quote.agentName} (${agent}).`);
    // The application the quote was made on downloads as a PDF named from the client and the quote.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Application' }).click();
    expect((await download).suggestedFilename()).toBe(`${quote.companyName.replace(/[^A-Za-z0-9]+/g, '_')}_${quote.quoteNumber}_Application.pdf`);
    await expect(page.getByText('Application downloaded', { exact: true })).toBeVisible();
    // A link to the quote documents, to send to the insured: it opens the proposal with no session at all.
    await page.getByRole('button', { name: 'Quote Documents Link' }).click();
    const revealed = page.getByTestId('reveal-dialog');
    await expect(revealed.getByRole('heading', { name: 'Quote Documents' })).toBeVisible();
    const link = (await revealed.getByTestId('revealed-value').innerText()).trim();
    expect(link).toMatch(new RegExp(`/api/quote/v1/documents/${quote.id}\\.`));
    // The link names the quote's edition's public address (a UK host for a UK quote); the test's own server
    // answers it under that host name.
    const address = new URL(link);
    expect(address.hostname.endsWith('.uk')).toBe(edition.edition === 'uk');
    const opened = await request.get(`${E2E_ORIGIN}${address.pathname}${address.search}`, { headers: { host: edition.edition === 'uk' ? `${UK_HOST}:${E2E_PORT}` : `127.0.0.1:${E2E_PORT}` } });
    expect(opened.status()).toBe(200);
    expect(opened.headers()['content-type']).toBe('application/pdf');
    expect((await new PDFParse({ data: new Uint8Array(await opened.body()) }).getText()).text).toContain(quote.quoteNumber);
    await revealed.getByRole('button', { name: 'Done' }).click();
    await expect(revealed).toBeHidden();
    const ask = page.getByRole('button', { name: 'Social Engineering' });
    if (!edition.socialEngineering) {
      await expect(page.getByRole('button', { name: 'Request to Bind' })).toBeVisible();
      await expect(ask).toHaveCount(0);
      return;
    }
    // One answer that rules the endorsement out: it is saved, and the 'unavailable' dialog says why instead of a success.
    await ask.click();
    const questions = page.getByRole('dialog', { name: 'Social Engineering' });
    await questions.getByRole('radiogroup', { name: 'Verifies Bank Accounts' }).getByText('No', { exact: true }).click();
    await questions.getByRole('radiogroup', { name: 'Authenticates Funds Transfer Requests' }).getByText('Yes', { exact: true }).click();
    await questions.getByRole('radiogroup', { name: 'Prevents Unauthorized Wire Transfers' }).getByText('Yes', { exact: true }).click();
    await questions.getByRole('button', { name: 'Submit' }).click();
    const unavailable = page.getByRole('alertdialog', { name: 'Social Engineering Unavailable' });
    await expect(unavailable).toContainText('The social engineering endorsement cannot be added for this account:');
    await expect(unavailable.getByRole('listitem')).toHaveText(['Vendor and supplier bank accounts are not verified before they are added to payment systems.']);
    await expect(page.getByText('Social Engineering Endorsement Added')).toHaveCount(0);
    await unavailable.getByRole('button', { name: 'Close' }).click();
    await expect(unavailable).toBeHidden();
    const saved = await callApi<{ security: Record<string, unknown> }>(page, 'GET', `/api/quote/v1/${quote.id}/review`);
    expect(saved.data.security.isVerifyingBankAccounts).toBe(false);

    // Opened again it shows the saved answers; all yes adds the endorsement.
    await ask.click();
    await expect(questions.getByRole('radiogroup', { name: 'Verifies Bank Accounts' }).getByRole('radio', { name: 'No' })).toBeChecked();
    await questions.getByRole('radiogroup', { name: 'Verifies Bank Accounts' }).getByText('Yes', { exact: true }).click();
    await questions.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Social Engineering Endorsement Added', { exact: true })).toBeVisible();
    await expect(unavailable).toHaveCount(0);
  });

  test(`${edition.edition}: on the review page the agent updates the policy holder and adds an additional insured to the account`, async ({ page }) => {
    const { origin, agent } = edition;
    await signInOnOrigin(page, origin, agent);
    const quote = await readyQuote(page, edition);
    await page.goto(`${origin}/agency/quotes/${quote.id}/review`);
    await page.getByRole('button', { name: 'Update Policy Holder' }).click();
    const holder = page.getByRole('dialog', { name: 'Update Policy Holder' });
    await holder.getByRole('textbox', { name: 'Policy Holder First Name' }).fill('Rosa');
    await holder.getByRole('textbox', { name: 'Policy Holder Last Name' }).fill('Marquez');
    await holder.getByRole('textbox', { name: 'Policy Holder Email' }).fill(`rosa.marquez.${edition.edition}@client.example`);
    await holder.getByRole('textbox', { name: 'Policy Holder Phone Number' }).fill(edition.edition === 'us' ? '3035550142' : '02079460142');
    await holder.getByTestId('dialog-submit').click();
    await expect(page.getByText('Policy holder contact updated', { exact: true })).toBeVisible();
    await expect(holder).toBeHidden();
    // The request to bind goes to the new contact.
    await expect(page.getByRole('region', { name: 'Request to Bind' }).getByRole('textbox', { name: 'First Name', exact: true })).toHaveValue('Rosa');

    const insureds = page.getByTestId('block-table-account-additional-insureds');
    await insureds.getByRole('button', { name: 'Add Additional Insured' }).click();
    const insured = page.getByRole('dialog', { name: 'Add Additional Insured Coverage' });
    const business = `Harbour Lane Properties ${edition.edition.toUpperCase()} ${Date.now()}`;
    await insured.getByRole('textbox', { name: 'Business Name', exact: true }).fill(business);
    await insured.getByRole('textbox', { name: 'Address Line 1', exact: true }).fill('70 Harbour Lane');
    await insured.getByRole('textbox', { name: edition.edition === 'us' ? 'City' : 'Town/City', exact: true }).fill(edition.edition === 'us' ? 'Portland' : 'Bristol');
    if (edition.edition === 'us') {
      await choose(insured, 'State', 'Maine');
      await insured.getByRole('textbox', { name: 'Zip Code', exact: true }).fill('04101');
      await insured.getByRole('textbox', { name: 'NAICS Code', exact: true }).fill('531120');
    } else {
      await insured.getByRole('textbox', { name: 'Postcode', exact: true }).fill('BS1 4DJ');
      await insured.getByRole('textbox', { name: 'SIC Code', exact: true }).fill('68209');
    }
    await insured.getByTestId('dialog-submit').click();
    await expect(page.getByText('Additional insured successfully updated')).toBeVisible();
    await expect(insureds.getByRole('row').filter({ hasText: business })).toBeVisible();
  });

  test(`${edition.edition}: an agent verifies the account, sends a quote to its policyholder, who opens it with the code, attests and signs`, async ({ page, browser, request }) => {
    const { origin, agent } = edition;
    await signInOnOrigin(page, origin, agent);
    const quote = await readyQuote(page, edition);
    await page.goto(`${origin}/agency/quotes/${quote.id}/review`);
    await expect(page.getByTestId('detail-heading')).toHaveText(`Quote ${quote.quoteNumber} for ${quote.companyName}`);
    await expect(page.getByRole('table', { name: 'Coverages' }).getByRole('row').nth(1)).toBeVisible();
    for (const word of edition.shows) await expect(page.getByText(word, { exact: true }).first()).toBeVisible();
    for (const word of edition.hides) await expect(page.getByText(word, { exact: true })).toHaveCount(0);

    // Request to Bind waits for the agent's verification of the account.
    await expect(page.getByRole('button', { name: 'Request to Bind' })).toBeDisabled();
    await expect(page.getByTestId('action-reason-requestToBind')).toHaveText('Verify the account details first');
    await page.getByRole('button', { name: 'Verify Account' }).click();
    await page.getByRole('alertdialog', { name: 'Verify Account' }).getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Account verified', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Verify Account' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Request to Bind' })).toBeEnabled();
    await expect(page.getByRole('checkbox', { name: /Account details verified by the/ })).toBeChecked();
    await dismissToasts(page);

    const email = `holder.${edition.edition}.${Date.now()}@client.example`;
    const before = await lastMailId(request, email);
    await sendToPolicyholder(page, { first: 'Maria', last: 'Delgado', email, phone: edition.edition === 'us' ? '3035550188' : '2079460958' });

    // The policyholder, in a browser of their own, opens the link from the e-mail.
    const holder = await openMailedCodeLink(browser, request, origin, email, before);
    await expect(holder).toHaveURL(new RegExp(`/customer/quotes/${quote.id}/review$`), { timeout: 15_000 });
    await expect(holder.getByTestId('detail-heading')).toHaveText(`Quote ${quote.quoteNumber} for ${quote.companyName}`);
    // The insured reviews; the agent's tools are not theirs.
    await expect(holder.getByRole('button', { name: 'Send to Policyholder' })).toHaveCount(0);
    await expect(holder.getByRole('button', { name: 'Verify Account' })).toHaveCount(0);
    await expect(holder.getByRole('button', { name: 'Edit Account Details' })).toHaveCount(0);
    // They read the account's additional insureds, and change none.
    const insureds = holder.getByTestId('block-table-account-additional-insureds');
    await expect(insureds.getByRole('table')).toBeVisible();
    await expect(insureds.getByTestId('table-error')).toHaveCount(0);
    await expect(insureds.getByRole('button', { name: 'Add Additional Insured' })).toHaveCount(0);

    await holder.getByRole('button', { name: 'Accept and Sign' }).click();
    const attestation = holder.getByRole('dialog', { name: 'Named Insured Attestation' });
    await expect(attestation).toContainText('policy documents will be delivered to me electronically');
    await expect(attestation.getByRole('button', { name: 'OK' })).toBeDisabled();
    // The label is what a user clicks (Chakra draws the box over the native input).
    await attestation.getByText('I have read and accept these terms').click();
    await expect(attestation.getByRole('checkbox', { name: 'I have read and accept these terms' })).toBeChecked();
    await attestation.getByRole('button', { name: 'OK' }).click();
    await expect(holder).toHaveURL(new RegExp(`/customer/quotes/${quote.id}/sign/${edition.product}$`));
    await expect(holder.getByTestId('detail-heading')).toHaveText(`Sign the application for quote ${quote.quoteNumber}`);

    await holder.getByRole('button', { name: 'Sign Application' }).click();
    const signature = holder.getByRole('dialog', { name: 'Sign Application' });
    await signature.getByRole('textbox', { name: 'Full Name' }).fill('Maria Delgado');
    await expect(signature.getByRole('button', { name: 'Sign' })).toBeDisabled();
    await signature.getByText(/typing my name here is my electronic signature/).click();
    await signature.getByRole('button', { name: 'Sign' }).click();
    await expect(holder).toHaveURL(/\/application-signed$/);
    await expect(holder.getByText('The application has been signed')).toBeVisible();
    await holder.context().close();

    // The agent sees the request to bind the insured's signature sent.
    await page.reload();
    await expect(page.getByTestId('detail-heading')).toHaveText(`A request to bind quote ${quote.quoteNumber} for ${quote.companyName} has been sent`);
    await expect(page.getByTestId('detail-notice').filter({ hasText: 'Signed by Maria Delgado. The request to bind has been sent.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send to Policyholder' })).toHaveCount(0);
  });
}

/** Each edition's words for the wholesale agency a provider underwriter sends a quote to. */
const WHOLESALE_CASES = [
  { edition: 'us', origin: E2E_ORIGIN, action: 'Send to Agency', dialog: 'Send Quote to Agency', agentWord: 'Agent', phone: '3035550142' },
  { edition: 'uk', origin: E2E_UK_ORIGIN, action: 'Send to Brokerage', dialog: 'Send Quote to Brokerage', agentWord: 'Broker', phone: '02079460123' },
] as const;

for (const edition of WHOLESALE_CASES) {
  test(`${edition.edition}: provider staff send a Ready quote to a new agent of its agency, who opens its review page with the code`, async ({ page, browser, request }) => {
    const { origin, agentWord } = edition;
    await signInOnOrigin(page, origin, 'admin@provider.example');
    const found = await callApi<{ content: Array<{ id: string; status: string; agencyStatus: string; edition?: string; currency?: string }> }>(
      page, 'GET', '/api/quote/v1/search?size=100&status=READY',
    );
    const currency = edition.edition === 'us' ? 'USD' : 'GBP';
    const quote = found.data.content.find((row) => row.status === 'READY' && row.agencyStatus === 'ACTIVE' && (row.currency ?? currency) === currency);
    expect(quote, 'a Ready quote of the edition').toBeTruthy();
    await page.goto(`${origin}/admin/quotes/${quote!.id}`);
    await page.getByRole('button', { name: edition.action }).click();
    const dialog = page.getByRole('dialog', { name: edition.dialog });
    await expect(dialog.getByRole('textbox', { name: /Name$/ }).first()).not.toHaveValue('');
    const email = `wholesale.${edition.edition}.${Date.now()}@agency-partner.example`;
    await dialog.getByRole('textbox', { name: `${agentWord} First Name` }).fill('Priya');
    await dialog.getByRole('textbox', { name: `${agentWord} Last Name` }).fill('Raman');
    await dialog.getByRole('textbox', { name: `${agentWord} Email` }).fill(email);
    await dialog.getByRole('textbox', { name: `${agentWord} Phone` }).fill('12345');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByText('not a valid phone number')).toBeVisible();
    const before = await lastMailId(request, email);
    await dialog.getByRole('textbox', { name: `${agentWord} Phone` }).fill(edition.phone);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Quote request(s) sent successfully!', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();

    // The agent, in a browser of their own, opens the link and lands on the quote's review page.
    const agent = await openMailedCodeLink(browser, request, origin, email, before);
    await expect(agent).toHaveURL(new RegExp(`/agency/quotes/${quote!.id}/review(\\?.*)?$`), { timeout: 15_000 });
    await expect(agent.getByTestId('detail-heading')).toContainText('Quote ');
    await expect(agent.getByRole('button', { name: 'Request to Bind' })).toBeVisible();
    await agent.context().close();
  });
}
