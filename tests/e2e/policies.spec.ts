import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { callApi } from './support/call-api.ts';
import { choose } from './support/choose.ts';
import { issuedPolicyOf } from './support/issued-policy.ts';
import { E2E_ORIGIN, E2E_UK_ORIGIN } from './support/origin.ts';
import { expectAccessible } from './support/accessibility.ts';
import { acceptCookies, dismissToasts, lastMailId, latestMail, linkPath, signInOnOrigin } from './support/sign-in.ts';

/**
 * Binding and policies against the real server in Chromium: an agent (a broker in the UK) binds a Ready
 * quote from its page with the policy holder contact, issues the policy from the binder and lands on the
 * policy page, downloads the declarations (a real PDF naming the policy), marks the policy Check In Mail and
 * finds it on the Policies page; provider staff cancel it on a later day (Cancel Pending) with the pro-rata
 * return premium shown, and undo the cancellation.
 */
interface Case {
  edition: 'us' | 'uk';
  origin: string;
  agent: string;
  product: string;
  deductible: number;
  phone: string;
  money: RegExp;
}

const CASES: Case[] = [
  { edition: 'us', origin: E2E_ORIGIN, agent: 'agent@agency.example', product: 'P250', deductible: 25000, phone: '3035550164', money: /\$[\d,]+\.\d{2}/ },
  { edition: 'uk', origin: E2E_UK_ORIGIN, agent: 'broker@brokerage.example', product: 'P_ONE', deductible: 2500, phone: '02079460321', money: /£[\d,]+\.\d{2}/ },
];

/** A Ready quote of one of the agent's clients, made through the API (a quote the rater refers is passed over). */
async function readyQuote(page: Page, { product, deductible }: Case): Promise<{ id: string; quoteNumber: string; companyName: string }> {
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

async function pdfTextOf(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent('download');
  await click();
  const file = await download;
  const data = await readFile((await file.path())!);
  return { name: file.suggestedFilename(), text: (await new PDFParse({ data: new Uint8Array(data) }).getText()).text };
}

for (const edition of CASES) {
  test.describe.configure({ timeout: 150_000 });

  test(`${edition.edition}: an agent binds a Ready quote, issues the policy, downloads it, marks it Check In Mail; provider staff cancel and undo`, async ({ page, browser }) => {
    const { origin, agent } = edition;
    await signInOnOrigin(page, origin, agent);
    const quote = await readyQuote(page, edition);
    await page.goto(`${origin}/agency/quotes/${quote.id}`);

    // Bind: the policy holder contact is checked in the dialog before anything is sent.
    await page.getByRole('button', { name: 'Bind Quote' }).click();
    const bind = page.getByRole('dialog', { name: 'Bind Quote' });
    await bind.getByRole('textbox', { name: 'Policy Holder First Name' }).fill('Priya');
    await bind.getByRole('textbox', { name: 'Policy Holder Last Name' }).fill('Raman');
    await bind.getByRole('textbox', { name: 'Policy Holder Email' }).fill('priya@');
    await bind.getByRole('textbox', { name: 'Policy Holder Phone Number' }).fill(edition.phone);
    await bind.getByRole('button', { name: 'Bind Quote' }).click();
    await expect(bind.getByText('Please enter a valid Email Address')).toBeVisible();
    await bind.getByRole('textbox', { name: 'Policy Holder Email' }).fill('priya.raman@client.example');
    await bind.getByRole('button', { name: 'Bind Quote' }).click();
    await expect(page.getByText('Quote bound. The binder is ready.', { exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Binder Number' })).toHaveValue(/^B-\d{4}-\d{6}$/);
    await dismissToasts(page);

    // Issue: a confirmation, then the policy page.
    await page.getByRole('button', { name: 'Issue Policy' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Issue Policy' }).click();
    await expect(page).toHaveURL(/\/agency\/policies\/[0-9a-f-]{36}$/);
    const heading = page.getByTestId('detail-heading');
    await expect(heading).toHaveText(new RegExp(`^Policy P-\\d{4}-\\d{6} - ${quote.companyName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    const policyNumber = (await heading.textContent())!.match(/P-\d{4}-\d{6}/)![0];
    await expect(page.getByText(`Policy ${policyNumber} issued`, { exact: true })).toBeVisible();
    await dismissToasts(page);
    const policyUrl = page.url();

    const pdf = await pdfTextOf(page, () => page.getByRole('button', { name: 'Download Policy' }).click());
    expect(pdf.name).toBe(`${quote.companyName.replace(/[^A-Za-z0-9]+/g, '_')}_${policyNumber}_Policy.pdf`);
    expect(pdf.text).toContain('Policy Declarations');
    expect(pdf.text).toContain(policyNumber);
    expect(pdf.text).toMatch(edition.money);

    // A certificate naming a holder: the holder form's message, the confirmation, then its PDF from the list.
    await page.getByRole('button', { name: 'Certificate Holder' }).click();
    const holder = page.getByRole('dialog', { name: 'Certificate Holder' });
    await holder.getByRole('textbox', { name: 'Address', exact: true }).fill('200 Lake Street');
    await holder.getByRole('button', { name: 'Email Certificate' }).click();
    await expect(holder.getByText('Please enter a Orginization.')).toBeVisible();
    await holder.getByRole('textbox', { name: /Name$/ }).fill('Lakeview Property Management LLC');
    await holder.getByRole('textbox', { name: edition.edition === 'us' ? 'City' : 'Town/City' }).fill(edition.edition === 'us' ? 'Denver' : 'Manchester');
    if (edition.edition === 'us') {
      await holder.getByRole('combobox', { name: 'State', exact: true }).fill('Colorado');
      await page.keyboard.press('Enter');
    }
    await holder.getByRole('textbox', { name: edition.edition === 'us' ? 'Zip Code' : 'Postcode', exact: true }).fill(edition.edition === 'us' ? '80202' : 'M1 4BT');
    await holder.getByRole('button', { name: 'Email Certificate' }).click();
    await expect(page.getByText('Policy certificate successfully generated', { exact: true })).toBeVisible();
    const certificates = page.getByRole('table', { name: 'Certificates' });
    await certificates.getByRole('row').filter({ hasText: 'Lakeview Property Management LLC' }).getByRole('button', { name: 'Row actions' }).click();
    const certificate = await pdfTextOf(page, () => page.getByRole('menuitem', { name: 'Download' }).click());
    expect(certificate.text).toContain('Certificate of Insurance');
    expect(certificate.text).toContain('Lakeview Property Management LLC');
    await dismissToasts(page);

    // A certificate naming one of the account's additional insureds, chosen from the account's list.
    const policyId = policyUrl.split('/').at(-1)!;
    const { data: detail } = await callApi<{ accountId: string }>(page, 'GET', `/api/policy/v1/${policyId}`);
    const insured = edition.edition === 'us'
      ? { businessName: 'Union Station Properties LLC', address1: '1701 Wynkoop Street', city: 'Denver', state: 'CO', zipCode: '80202', naicsCode: 531120 }
      : { businessName: 'Whiteladies Estates Ltd', address1: '12 Whiteladies Road', city: 'Bristol', zipCode: 'BS8 2LG', sicCode: 68209 };
    const added = await callApi(page, 'POST', `/api/account/v1/account/${detail.accountId}/additional-insureds`, insured);
    expect(added.status).toBeLessThan(300);
    await page.getByRole('button', { name: 'Additional Insured Certificate' }).click();
    const additional = page.getByRole('dialog', { name: 'Additional Insured Certificate' });
    await additional.getByRole('button', { name: 'Email Certificate' }).click();
    await expect(additional.getByText('Please select an additional insured.')).toBeVisible();
    await choose(additional, 'Additional Insured', `${insured.businessName} (${insured.city}, ${'state' in insured ? `${insured.state} ` : ''}${insured.zipCode})`);
    await additional.getByRole('button', { name: 'Email Certificate' }).click();
    await expect(page.getByText('Policy certificate successfully generated', { exact: true })).toBeVisible();
    const named = certificates.getByRole('row').filter({ hasText: insured.businessName });
    await expect(named).toContainText('Additional Insured');
    await named.getByRole('button', { name: 'Row actions' }).click();
    const insuredCertificate = await pdfTextOf(page, () => page.getByRole('menuitem', { name: 'Download' }).click());
    expect(insuredCertificate.text).toContain('Additional Insured');
    expect(insuredCertificate.text).toContain(insured.businessName);
    await dismissToasts(page);

    await page.getByRole('button', { name: 'Check In Mail' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Mark' }).click();
    await expect(page.getByText(`Policy ${policyNumber} was marked as Check In Mail`, { exact: true })).toBeVisible();
    // The agent may ask for a cancellation, not make one.
    await expect(page.getByRole('button', { name: 'Request Cancellation' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel Policy' })).toHaveCount(0);

    await page.goto(`${origin}/agency/policies`);
    await page.getByRole('searchbox').fill(policyNumber);
    await expect(page.getByRole('row').filter({ hasText: policyNumber })).toBeVisible();

    // Provider staff cancel on a later day: Cancel Pending with the return premium; then undo.
    const staff = await browser.newPage();
    await signInOnOrigin(staff, origin, 'admin@provider.example');
    await staff.goto(policyUrl.replace('/agency/', '/admin/'));
    await staff.getByRole('button', { name: 'Cancel Policy' }).click();
    const cancel = staff.getByRole('dialog', { name: 'Cancel Policy' });
    const day = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    await cancel.getByLabel('Cancellation Date').fill(day);
    await cancel.getByRole('textbox', { name: 'Reason' }).fill('Business sold');
    await cancel.getByRole('button', { name: 'Cancel Policy' }).click();
    await expect(staff.getByText(new RegExp(`^Policy ${policyNumber} will be cancelled on `))).toBeVisible();
    await expect(staff.getByText('Return Premium')).toBeVisible();
    await expect(staff.getByText('Cancel Pending').first()).toBeVisible();
    await dismissToasts(staff);
    await staff.getByRole('button', { name: 'Undo Cancellation' }).click();
    await staff.getByRole('alertdialog').getByRole('button', { name: 'Undo Cancellation' }).click();
    await expect(staff.getByText(`Cancellation of policy ${policyNumber} undone`, { exact: true })).toBeVisible();
    await expect(staff.getByText('Return Premium')).toHaveCount(0);
    await staff.close();
  });
}

/** A Ready surplus lines quote of one of the agency's New Orleans clients (the demo book has some): Louisiana's notice applies. */
async function louisianaSurplusQuote(page: Page): Promise<{ id: string; quoteNumber: string; companyName: string }> {
  // A client of the agency in New Orleans (the demo book has some), quoted as surplus lines.
  const accounts = await callApi<{ content: Array<{ id: string }> }>(page, 'GET', '/api/account/v1/accounts?size=100&search=New%20Orleans');
  const effectiveDate = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  let quote: { id: string; quoteNumber: string; companyName: string } | undefined;
  for (const { id } of accounts.data.content) {
    const account = await callApi<{ canRequestQuote: boolean }>(page, 'GET', `/api/quote/v1/account/${id}`);
    if (!account.data.canRequestQuote) continue;
    const created = await callApi<{ id: string; quoteNumber: string; companyName: string; status: string }>(page, 'POST', '/api/quote/v1/create', {
      accountId: id, product: 'P250', preset: 'POPULAR', effectiveDate, aggLimit: 1_000_000, deductible: 25000, waitingPeriod: 12, retroActivePeriod: -1, coverages: {}, isSurplus: true,
    });
    if (created.status === 201 && created.data.status === 'READY') {
      quote = created.data;
      break;
    }
  }
  expect(quote, 'a Ready surplus quote for a New Orleans client').toBeDefined();
  const notice = await callApi<{ noticeState: string | null }>(page, 'GET', `/api/quote/v1/${quote!.id}/surplus-notice`);
  expect(notice.data.noticeState).toBe('LA');
  return quote!;
}

test('us: a surplus lines broker attests the Louisiana notice; then the quote binds', async ({ page }) => {
  test.setTimeout(120_000);
  await signInOnOrigin(page, E2E_ORIGIN, 'agent@agency.example');
  const quote = await louisianaSurplusQuote(page);

  // The spec's route leads to the page of the agency area.
  await page.goto(`${E2E_ORIGIN}/quote/${quote.id}/attest-surplus-notice`);
  await expect(page).toHaveURL(new RegExp(`/agency/quotes/${quote.id}/surplus-notice$`));
  await expect(page.getByTestId('detail-heading')).toHaveText(`Quote ${quote.quoteNumber} for ${quote.companyName}`);
  await expect(page.getByTestId('detail-notice').filter({ hasText: 'LOUISIANA SURPLUS LINES NOTICE' })).toBeVisible();
  await expect(page.getByText('Surplus Compliance By')).toBeVisible();
  // Binding waits for the attestation.
  const early = await callApi<{ message: string }>(page, 'PUT', `/api/quote/v1/${quote.id}/bind`, {
    customerFirstName: 'Remy', customerLastName: 'Broussard', customerEmail: 'remy@client.example', customerPhone: '5045550142',
  });
  expect(early.status).toBe(409);
  expect(early.data.message).toBe('The Louisiana surplus lines notice must be attested before this quote is bound.');
  // The notice as a document: the same words the page shows, waiting for the attestation.
  const notice = await pdfTextOf(page, () => page.getByRole('button', { name: 'Download Notice' }).click());
  expect(notice.name).toBe(`${quote.quoteNumber}_Surplus_Notice.pdf`);
  expect(notice.text).toContain('LOUISIANA SURPLUS LINES NOTICE');
  expect(notice.text).toContain('Not yet attested');

  await page.getByRole('button', { name: 'Attest Notice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Surplus Lines Notice' });
  await expect(dialog.getByRole('button', { name: 'Attest' })).toBeDisabled();
  await dialog.getByText(/^I attest that the surplus lines notice above/).click();
  await dialog.getByRole('button', { name: 'Attest' }).click();
  await expect(page.getByTestId('blocking-overlay')).toContainText('You can now log in to the console and bind the quote.');

  const bound = await callApi<{ quote: { status: string } }>(page, 'PUT', `/api/quote/v1/${quote.id}/bind`, {
    customerFirstName: 'Remy', customerLastName: 'Broussard', customerEmail: 'remy@client.example', customerPhone: '5045550142',
  });
  expect(bound.status).toBe(200);
  expect(bound.data.quote.status).toBe('BOUND');
});

test("us: the agent sends the notice for 'Review & Sign'; the broker opens the mailed link, enters the code and attests; the agent binds", async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  await signInOnOrigin(page, E2E_ORIGIN, 'agent@agency.example');
  const quote = await louisianaSurplusQuote(page);
  // The agency's Louisiana surplus lines licence names the broker (the demo world holds one).
  const notice = await callApi<{ surplusLicense: { brokerEmail: string; brokerName: string } | null }>(page, 'GET', `/api/quote/v1/${quote.id}/surplus-notice`);
  const broker = notice.data.surplusLicense!;
  expect(broker, 'a Louisiana surplus lines licence of the agency').not.toBeNull();

  await page.goto(`${E2E_ORIGIN}/agency/quotes/${quote.id}`);
  await page.getByRole('button', { name: 'Surplus Lines Notice' }).click();
  await expect(page).toHaveURL(new RegExp(`/agency/quotes/${quote.id}/surplus-notice\\?flow=bind$`));
  const before = await lastMailId(request, broker.brokerEmail);
  await page.getByRole('button', { name: 'Send for Review & Sign' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText("They receive a 'Review & Sign' link by e-mail.");
  await confirm.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(`Surplus lines notice sent to ${broker.brokerEmail} for review and signature.`, { exact: true })).toBeVisible();
  await expect(page.getByTestId('detail-notice').filter({ hasText: `The notice was sent to ${broker.brokerEmail} for review and signature.` })).toBeVisible();
  await dismissToasts(page);

  // The broker, in a browser of their own, follows the link: the code by e-mail, then the notice.
  const mail = await latestMail(request, broker.brokerEmail, /\/validate\//, before);
  expect(mail.subject).toBe(`Review & Sign: surplus lines notice for quote ${quote.quoteNumber}`);
  const context = await browser.newContext();
  await acceptCookies(context, E2E_ORIGIN);
  const signer = await context.newPage();
  await signer.goto(`${E2E_ORIGIN}${linkPath(mail.body, 'validate')}`);
  await expect(signer.getByRole('heading', { name: 'Review and sign the surplus lines notice' })).toBeVisible();
  const codeBefore = await lastMailId(request, broker.brokerEmail);
  await signer.getByRole('button', { name: /Send the code by email/ }).click();
  const codeMail = await latestMail(request, broker.brokerEmail, /\b\d{6}\b/, codeBefore);
  await signer.getByRole('textbox', { name: 'Access Code' }).fill(/\b(\d{6})\b/.exec(codeMail.body)![1]!);
  await signer.getByRole('button', { name: 'Continue' }).click();
  await expect(signer).toHaveURL(new RegExp(`/agency/quotes/${quote.id}/surplus-notice`), { timeout: 15_000 });
  await expect(signer.getByTestId('detail-heading')).toHaveText(`Quote ${quote.quoteNumber} for ${quote.companyName}`);
  await expect(signer.getByTestId('detail-notice').filter({ hasText: 'LOUISIANA SURPLUS LINES NOTICE' })).toBeVisible();
  // The broker signs; there is nothing for them to send.
  await expect(signer.getByRole('button', { name: 'Send for Review & Sign' })).toHaveCount(0);
  await signer.getByRole('button', { name: 'Attest Notice' }).click();
  const dialog = signer.getByRole('dialog', { name: 'Surplus Lines Notice' });
  await dialog.getByText(/^I attest that the surplus lines notice above/).click();
  await dialog.getByRole('button', { name: 'Attest' }).click();
  await expect(signer.getByTestId('blocking-overlay')).toContainText('You can now log in to the console and bind the quote.');
  await context.close();

  // Back with the agent: the notice is attested by the broker, and the quote binds from its page.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Send for Review & Sign' })).toHaveCount(0);
  const attested = await callApi<{ surplusNoticeAttested: boolean; attestedEmail: string }>(page, 'GET', `/api/quote/v1/${quote.id}/surplus-notice`);
  expect(attested.data).toMatchObject({ surplusNoticeAttested: true, attestedEmail: broker.brokerEmail });
  await page.goto(`${E2E_ORIGIN}/agency/quotes/${quote.id}`);
  await page.getByRole('button', { name: 'Bind Quote' }).click();
  const bind = page.getByRole('dialog', { name: 'Bind Quote' });
  await bind.getByRole('textbox', { name: 'Policy Holder First Name', exact: true }).fill('Remy');
  await bind.getByRole('textbox', { name: 'Policy Holder Last Name', exact: true }).fill('Broussard');
  await bind.getByRole('textbox', { name: 'Policy Holder Email', exact: true }).fill('remy@client.example');
  await bind.getByRole('textbox', { name: 'Policy Holder Phone Number', exact: true }).fill('5045550142');
  await bind.getByRole('button', { name: 'Bind Quote' }).click();
  await expect(page.getByText('Quote bound. The binder is ready.', { exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Binder Number' })).toHaveValue(/^B-\d{4}-\d{6}$/);
});

test('us: the surplus notice page says when the quote cannot be read, and covers the page when the link no longer lets the user see it', async ({ page }) => {
  await signInOnOrigin(page, E2E_ORIGIN, 'agent@agency.example');
  // A quote that does not exist (or not for this agency): the page's text, the server's reason below it.
  await page.goto(`${E2E_ORIGIN}/agency/quotes/00000000-0000-4000-8000-000000000000/surplus-notice`);
  const failure = page.getByTestId('block-detail-error');
  await expect(failure).toContainText('There was an error while retrieving the quote');
  await expect(failure).toContainText('Quote not found');

  // The access the e-mailed link gave has ended: the server answers 401 for the quote (simulated for this one
  // request, as a lapsed one-time-code session would), and the page is covered with no way to act on it.
  const quote = await louisianaSurplusQuote(page);
  await page.route(`**/api/quote/v1/${quote.id}/surplus-notice`, (route) => route.fulfill({ status: 401, contentType: 'application/json', body: '{"message":"Unauthorized"}' }));
  await page.goto(`${E2E_ORIGIN}/agency/quotes/${quote.id}/surplus-notice`);
  const overlay = page.getByTestId('blocking-overlay');
  await expect(overlay).toContainText('You are not allowed to view this quote');
  await expect(overlay).toContainText("Please click the 'Review & Sign' link in the email again to view it.");
  await expect(page.getByRole('button', { name: 'Attest Notice' })).toHaveCount(0);
});

/**
 * The demo policyholder's account (Acme Precision Manufacturing), which has what the rater needs to quote it:
 * other tests add client accounts with incomplete profiles, so 'the first account' may not be quotable.
 */
async function quotableAccountId(page: Page): Promise<string> {
  const acme = await callApi<{ content: Array<{ accountId: string }> }>(page, 'GET', '/api/policy/v1/search?search=Acme%20Precision');
  return acme.data.content[0]!.accountId;
}

test('us: an admin gives a policy notice of cancellation for non-payment, downloads the notice and stops it', async ({ page, browser }) => {
  await signInOnOrigin(page, E2E_ORIGIN, 'agent@agency.example');
  const policy = await issuedPolicyOf(page, await quotableAccountId(page), {
    customerFirstName: 'Nora', customerLastName: 'Notice', customerEmail: 'nora.notice@insured.example', customerPhone: '3035550188',
  });

  const admin = await (await browser.newContext({ baseURL: E2E_ORIGIN })).newPage();
  await signInOnOrigin(admin, E2E_ORIGIN, 'admin@provider.example');
  await admin.goto(`${E2E_ORIGIN}/admin/policies/${policy.id}`);
  await admin.getByRole('button', { name: 'Notice of Cancellation' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Notice of Cancellation' });
  await choose(dialog, 'Reason', 'Non-payment of premium');
  await dialog.getByRole('button', { name: 'Send Notice' }).click();
  await expect(admin.getByText(new RegExp(`^Notice of cancellation sent: policy ${policy.policyNumber} will be cancelled on `))).toBeVisible();

  const [file] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: 'Download Notice' }).click()]);
  expect(file.suggestedFilename()).toMatch(new RegExp(`_${policy.policyNumber}_Notice_of_Cancellation\\.pdf$`));
  const text = (await new PDFParse({ data: new Uint8Array(await readFile((await file.path())!)) }).getText()).text;
  expect(text).toContain('Non-payment of premium');

  await admin.getByRole('button', { name: 'Stop Notice of Cancellation' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Stop Notice' }).click();
  await expect(admin.getByText(`Notice of cancellation stopped: policy ${policy.policyNumber} stays in force`)).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Stop Notice of Cancellation' })).toHaveCount(0);
});

test('us: an agent chooses policies in the list and opts them out of renewal at once', async ({ page }) => {
  await signInOnOrigin(page, E2E_ORIGIN, 'agent@agency.example');
  const contact = { customerFirstName: 'Rene', customerLastName: 'Renewal', customerEmail: 'rene.renewal@insured.example', customerPhone: '3035550189' };
  const policy = await issuedPolicyOf(page, await quotableAccountId(page), contact);
  await page.goto(`${E2E_ORIGIN}/agency/policies`);
  const block = page.getByTestId('block-table-agency-policies');
  const optOut = block.getByTestId('bulk-actions').getByRole('button', { name: 'Opt Out of Renewal' });
  await expect(optOut).toBeDisabled();
  await block.getByRole('searchbox').fill(policy.policyNumber);
  await expect(block.getByText('1–1 of 1')).toBeVisible();
  await block.getByRole('row').filter({ hasText: policy.policyNumber }).getByRole('checkbox').check({ force: true });
  await expect(block.getByText('1 selected')).toBeVisible();
  await optOut.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Opt Out' }).click();
  await expect(page.getByText('1 policy opted out of renewal', { exact: true })).toBeVisible();
  const after = await callApi<{ renewalOptedOut: boolean }>(page, 'GET', `/api/policy/v1/${policy.id}`);
  expect(after.data.renewalOptedOut).toBe(true);
});

test('us: an agent endorses a policy to a higher limit and sees the revision; an admin reverts it', async ({ page, browser }) => {
  await signInOnOrigin(page, E2E_ORIGIN, 'agent@agency.example');
  const policy = await issuedPolicyOf(page, await quotableAccountId(page), {
    customerFirstName: 'Enzo', customerLastName: 'Endorse', customerEmail: 'enzo.endorse@insured.example', customerPhone: '3035550190',
  });
  const before = await callApi<{ effectiveDate: string; premium: string }>(page, 'GET', `/api/policy/v1/${policy.id}`);
  await page.goto(`${E2E_ORIGIN}/agency/policies/${policy.id}`);
  await page.getByRole('button', { name: 'Endorse', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Endorse Policy' });
  // A day past the window is refused with the range.
  await dialog.getByLabel('Endorsement Date').fill(new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10));
  await choose(dialog, 'Aggregate Limit', '$2,000,000.00');
  await dialog.getByRole('button', { name: 'Endorse' }).click();
  await expect(dialog.getByText(/^The endorsement date must be between /)).toBeVisible();
  // The policy's first day is in the window: the premium change is previewed before it is made.
  await dialog.getByLabel('Endorsement Date').fill(before.data.effectiveDate);
  await dialog.getByLabel('Reason for the Change').fill('New contract needs a higher limit');
  await expect(dialog.getByRole('textbox', { name: 'Premium Change (pro rata)' })).toHaveValue(/\d/);
  await dialog.getByRole('button', { name: 'Endorse' }).click();
  await expect(page.getByText(new RegExp(`^Policy ${policy.policyNumber} endorsed from `))).toBeVisible();
  const revisions = page.getByRole('table', { name: 'Revisions' });
  await expect(revisions.getByRole('row').filter({ hasText: 'Endorsement 1' })).toContainText('$2,000,000');
  await expect(revisions.getByRole('row').filter({ hasText: 'Endorsement 1' })).toContainText('New contract needs a higher limit');
  const after = await callApi<{ premium: string; aggLimit: string }>(page, 'GET', `/api/policy/v1/${policy.id}`);
  expect(Number(after.data.aggLimit)).toBe(2_000_000);
  expect(Number(after.data.premium)).toBeGreaterThan(Number(before.data.premium));

  const admin = await (await browser.newContext({ baseURL: E2E_ORIGIN })).newPage();
  await signInOnOrigin(admin, E2E_ORIGIN, 'admin@provider.example');
  await admin.goto(`${E2E_ORIGIN}/admin/policies/${policy.id}`);
  const row = admin.getByRole('table', { name: 'Revisions' }).getByRole('row').filter({ hasText: 'Endorsement 1' });
  await row.getByRole('button', { name: 'Row actions' }).click();
  await admin.getByRole('menuitem', { name: 'Revert' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Revert' }).click();
  await expect(admin.getByText(`Endorsement 1 of policy ${policy.policyNumber} was reverted.`)).toBeVisible();
  await expect(admin.getByRole('table', { name: 'Revisions' }).getByRole('row').filter({ hasText: 'Reverts endorsement 1' })).toBeVisible();
  const reverted = await callApi<{ premium: string; aggLimit: string }>(admin, 'GET', `/api/policy/v1/${policy.id}`);
  expect(reverted.data.premium).toBe(before.data.premium);
  expect(Number(reverted.data.aggLimit)).toBe(1_000_000);

  // A non-premium endorsement: a new named insured and mailing address, the premium as it was.
  await admin.getByRole('button', { name: 'Named Insured / Address' }).click();
  const insured = admin.getByRole('dialog', { name: 'Named Insured and Mailing Address' });
  await insured.getByRole('textbox', { name: 'Named Insured', exact: true }).fill('Acme Precision Holdings LLC');
  await insured.getByRole('textbox', { name: 'Mailing Address', exact: true }).fill('PO Box 4410');
  await insured.getByRole('button', { name: 'Save' }).click();
  await expect(insured.getByText('City is a required field')).toBeVisible();
  await insured.getByRole('textbox', { name: 'City', exact: true }).fill('Denver');
  await insured.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText(`Policy ${policy.policyNumber} was updated. The premium does not change.`)).toBeVisible();
  await expect(admin.getByRole('heading', { name: `Policy ${policy.policyNumber} - Acme Precision Holdings LLC` })).toBeVisible();
  await expect(admin.getByRole('table', { name: 'Revisions' }).getByRole('row').filter({ hasText: 'Non-premium endorsement 3' })).toBeVisible();
  expect((await callApi<{ premium: string }>(admin, 'GET', `/api/policy/v1/${policy.id}`)).data.premium).toBe(before.data.premium);
});

/**
 * A quotable client of the agent from the end of its alphabetical list: the broker-of-record test moves the
 * client to another agency for good, so it must not be the demo policyholder's account other tests quote.
 */
async function spareQuotableAccountId(page: Page): Promise<string> {
  const accounts = await callApi<{ content: Array<{ id: string; name: string }> }>(page, 'GET', '/api/account/v1/accounts?size=100&sort=name,desc');
  for (const { id, name } of accounts.data.content) {
    if (name.startsWith('Acme Precision')) continue;
    const account = await callApi<{ canRequestQuote: boolean }>(page, 'GET', `/api/quote/v1/account/${id}`);
    if (account.data.canRequestQuote) return id;
  }
  throw new Error('No spare quotable client account of the agent');
}

test('us: an admin moves a policy to another agency as broker of record; once cancelled, an extended reporting period is bought', async ({ page, browser }) => {
  await signInOnOrigin(page, E2E_ORIGIN, 'agent@agency.example');
  const policy = await issuedPolicyOf(page, await spareQuotableAccountId(page), {
    customerFirstName: 'Bea', customerLastName: 'Broker', customerEmail: 'bea.broker@insured.example', customerPhone: '3035550191',
  }, -3);
  const { data: record } = await callApi<{ effectiveDate: string; premium: string }>(page, 'GET', `/api/policy/v1/${policy.id}`);

  const admin = await (await browser.newContext({ baseURL: E2E_ORIGIN })).newPage();
  await signInOnOrigin(admin, E2E_ORIGIN, 'admin@provider.example');
  await admin.goto(`${E2E_ORIGIN}/admin/policies/${policy.id}`);
  await admin.getByRole('button', { name: 'Broker of Record' }).click();
  const bor = admin.getByRole('dialog', { name: 'Broker of Record' });
  await choose(bor, 'New Agency', 'Harbor Insurance Group');
  await bor.getByLabel('Effective Date').fill(record.effectiveDate);
  await bor.getByLabel('Letter Signed On').fill(new Date().toISOString().slice(0, 10));
  await bor.getByRole('button', { name: 'Change Broker of Record' }).click();
  await expect(admin.getByText(new RegExp(`^Policy ${policy.policyNumber} moved to Harbor Insurance Group as broker of record from `))).toBeVisible();
  // The agency that wrote it no longer reaches the policy; the change is listed for it.
  expect((await callApi(page, 'GET', `/api/policy/v1/${policy.id}`)).status).toBe(404);
  await page.goto(`${E2E_ORIGIN}/agency/policies?tab=BROKER_OF_RECORD`);
  await expect(page.getByRole('table', { name: 'Broker of Record Changes' }).getByRole('row').filter({ hasText: policy.policyNumber })).toContainText('Harbor Insurance Group');

  // The admin sets the change's reason right from the changes list (the letter said more than was typed).
  await admin.goto(`${E2E_ORIGIN}/admin/policies?tab=BROKER_OF_RECORD`);
  const changes = admin.getByTestId('block-table-broker-of-record-changes');
  await changes.getByRole('searchbox').fill(policy.policyNumber);
  await expect(changes.getByText('1–1 of 1')).toBeVisible();
  // The rows may be drawn again as the search settles, closing a menu just opened: open it until the item is chosen.
  await expect(async () => {
    await changes.getByRole('row').filter({ hasText: policy.policyNumber }).getByRole('button', { name: 'Row actions' }).click();
    await admin.getByRole('menuitem', { name: 'Correct', exact: true }).click({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  const correction = admin.getByRole('dialog', { name: 'Correct Broker of Record Change' });
  await correction.getByRole('textbox', { name: 'Reason', exact: true }).fill('Letter received by post from the insured');
  await correction.getByRole('button', { name: 'Save Correction' }).click();
  await expect(admin.getByText(new RegExp(`^The broker of record change of policy ${policy.policyNumber} to Harbor Insurance Group now takes effect from `))).toBeVisible();
  await admin.goto(`${E2E_ORIGIN}/admin/policies/${policy.id}`);
  await expect(admin.getByTestId('block-table-policy-events')).toContainText('Broker of record change corrected');

  // Cancelled today (it started three days ago), the policy may have its extended reporting period.
  const cancelled = await callApi(admin, 'PUT', `/api/policy/v1/cancel/${policy.id}`, { cancellationDate: new Date().toISOString().slice(0, 10), reason: 'Insured closed the business' });
  expect(cancelled.status).toBe(200);
  await admin.reload();
  await admin.getByRole('button', { name: 'Extended Reporting Period' }).click();
  const erp = admin.getByRole('dialog', { name: 'Extended Reporting Period' });
  await erp.getByRole('combobox', { name: 'Extended Reporting Period', exact: true }).click();
  await admin.getByRole('option', { name: /^24 months - \$/ }).click();
  await erp.getByRole('button', { name: 'Buy' }).click();
  await expect(admin.getByText(new RegExp(`^Extended reporting period of 24 months bought for policy ${policy.policyNumber}`))).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Extended Reporting Period' })).toBeVisible();
});

test('us: an agent chooses a quote in the list and deletes it', async ({ page }) => {
  await signInOnOrigin(page, E2E_ORIGIN, 'agent@agency.example');
  const accountId = await quotableAccountId(page);
  const effectiveDate = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const created = await callApi<{ id: string; quoteNumber: string }>(page, 'POST', '/api/quote/v1/create', {
    accountId, product: 'P250', preset: 'POPULAR', effectiveDate, aggLimit: 1_000_000, deductible: 25000, waitingPeriod: 12, retroActivePeriod: -1, coverages: {},
  });
  expect(created.status).toBe(201);
  await page.goto(`${E2E_ORIGIN}/agency/quotes`);
  const block = page.getByTestId('block-table-agency-quotes');
  const remove = block.getByTestId('bulk-actions').getByRole('button', { name: 'Delete' });
  await expect(remove).toBeDisabled();
  await block.getByRole('searchbox').fill(created.data.quoteNumber);
  await expect(block.getByText('1–1 of 1')).toBeVisible();
  await block.getByRole('row').filter({ hasText: created.data.quoteNumber }).getByRole('checkbox').check({ force: true });
  await expect(block.getByText('1 selected')).toBeVisible();
  await remove.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Quote Deleted Successfully!', { exact: true })).toBeVisible();
  // A deleted quote is gone from every list and answers like a missing one.
  expect((await callApi(page, 'GET', `/api/quote/v1/${created.data.id}`)).status).toBe(404);
  await expect(block.getByText('0–0 of 0')).toBeVisible();
});

test('us: in the bind flow the Louisiana notice is step 3 of 3: attested, its button binds the quote', async ({ page }) => {
  test.setTimeout(120_000);
  await signInOnOrigin(page, E2E_ORIGIN, 'agent@agency.example');
  const quote = await louisianaSurplusQuote(page);
  await page.goto(`${E2E_ORIGIN}/agency/quotes/${quote.id}`);
  await page.getByRole('button', { name: 'Surplus Lines Notice' }).click();
  await expect(page).toHaveURL(new RegExp(`/agency/quotes/${quote.id}/surplus-notice\\?flow=bind$`));
  await expect(page.getByTestId('detail-notice').filter({ hasText: 'Step 3 of 3' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bind Quote' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Attest Notice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Surplus Lines Notice' });
  await dialog.getByText(/^I attest that the surplus lines notice above/).click();
  await dialog.getByRole('button', { name: 'Attest' }).click();
  // In the flow there is no thank-you overlay: the next step is binding.
  await expect(page.getByTestId('blocking-overlay')).toHaveCount(0);
  await page.getByRole('button', { name: 'Bind Quote' }).click();
  const bind = page.getByRole('dialog', { name: 'Bind Quote' });
  await bind.getByRole('textbox', { name: 'Policy Holder First Name', exact: true }).fill('Remy');
  await bind.getByRole('textbox', { name: 'Policy Holder Last Name', exact: true }).fill('Broussard');
  await bind.getByRole('textbox', { name: 'Policy Holder Email', exact: true }).fill('remy@client.example');
  await bind.getByRole('textbox', { name: 'Policy Holder Phone Number', exact: true }).fill('5045550142');
  await bind.getByRole('button', { name: 'Bind Quote' }).click();
  await expect(page).toHaveURL(new RegExp(`/agency/quotes/${quote.id}$`));
  expect((await callApi<{ status: string }>(page, 'GET', `/api/quote/v1/${quote.id}`)).data.status).toBe('BOUND');

  // Previous goes back to step 2, the review page.
  await page.goto(`${E2E_ORIGIN}/agency/quotes/${quote.id}/surplus-notice?flow=bind`);
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page).toHaveURL(new RegExp(`/agency/quotes/${quote.id}/review$`));
});

test('us: an admin issues an excess layer above a Prime 250 policy, priced as the limit is chosen, and rescinds it', async ({ page, browser }) => {
  await signInOnOrigin(page, E2E_ORIGIN, 'agent@agency.example');
  const policy = await issuedPolicyOf(page, await quotableAccountId(page), {
    customerFirstName: 'Xavi', customerLastName: 'Excess', customerEmail: 'xavi.excess@insured.example', customerPhone: '3035550192',
  });
  const admin = await (await browser.newContext({ baseURL: E2E_ORIGIN })).newPage();
  await signInOnOrigin(admin, E2E_ORIGIN, 'admin@provider.example');
  await admin.goto(`${E2E_ORIGIN}/admin/policies/${policy.id}`);
  await admin.getByRole('button', { name: 'Issue Excess Layer' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Issue Excess Layer' });
  await choose(dialog, 'Excess Limit', '$5,000,000.00');
  await expect(dialog.getByRole('textbox', { name: 'Layer Premium' })).toHaveValue(/\d/);
  await dialog.getByRole('button', { name: 'Issue Layer' }).click();
  await expect(admin.getByText(new RegExp(`^Excess layer X-\\d{4}-\\d{6} issued above policy ${policy.policyNumber}\\.$`))).toBeVisible();
  const row = admin.getByRole('table', { name: 'Excess Layers' }).getByRole('row').filter({ hasText: '$5,000,000' });
  await expect(row).toContainText('$1,000,000');
  await row.getByRole('button', { name: 'Row actions' }).click();
  await admin.getByRole('menuitem', { name: 'Rescind' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Rescind' }).click();
  await expect(admin.getByText(/was rescinded; its premium is given back in full\.$/)).toBeVisible();
  await expect(admin.getByRole('table', { name: 'Excess Layers' }).getByRole('row').filter({ hasText: '$5,000,000' })).toContainText('Rescinded');
});

test('us: an admin moves a policy bound for the wrong day to start on another; the premium stays', async ({ page, browser }) => {
  await signInOnOrigin(page, E2E_ORIGIN, 'agent@agency.example');
  const policy = await issuedPolicyOf(page, await spareQuotableAccountId(page), {
    customerFirstName: 'Dora', customerLastName: 'Dates', customerEmail: 'dora.dates@insured.example', customerPhone: '3035550193',
  }, 7);
  const { data: before } = await callApi<{ effectiveDate: string; premium: string }>(page, 'GET', `/api/policy/v1/${policy.id}`);
  // Agents do not move a policy's dates: the action is the provider's.
  await page.goto(`${E2E_ORIGIN}/agency/policies/${policy.id}`);
  await expect(page.getByRole('heading', { name: new RegExp(`^Policy ${policy.policyNumber}`) })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Policy Dates' })).toHaveCount(0);

  const admin = await (await browser.newContext({ baseURL: E2E_ORIGIN })).newPage();
  await signInOnOrigin(admin, E2E_ORIGIN, 'admin@provider.example');
  await admin.goto(`${E2E_ORIGIN}/admin/policies/${policy.id}`);
  await admin.getByRole('button', { name: 'Policy Dates' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Policy Dates' });
  const field = dialog.getByLabel('New Effective Date');
  await expect(field).toHaveValue(before.effectiveDate);
  const later = new Date(Date.parse(`${before.effectiveDate}T00:00:00Z`) + 10 * 86_400_000).toISOString().slice(0, 10);
  await field.fill(later);
  await dialog.getByRole('button', { name: 'Move Policy Dates' }).click();
  await expect(admin.getByText(new RegExp(`^Policy ${policy.policyNumber} now runs from .+ The premium does not change\\.$`))).toBeVisible();
  const { data: after } = await callApi<{ effectiveDate: string; premium: string }>(page, 'GET', `/api/policy/v1/${policy.id}`);
  expect(after).toMatchObject({ effectiveDate: later, premium: before.premium });
  await expect(admin.getByTestId('block-table-policy-events')).toContainText('Policy dates moved');
});

test('us host: provider staff read a UK policy in UK words, and a US policy in US words', async ({ page }) => {
  await signInOnOrigin(page, E2E_ORIGIN, 'admin@provider.example');
  const { data } = await callApi<{ content: Array<{ id: string; currency: string; product: string }> }>(page, 'GET', '/api/policy/v1/search?size=100&status=ACTIVE');
  const cases = [
    { policy: data.content.find((row) => row.currency === 'GBP')!, words: ['Excess', 'Insurance Premium Tax'], not: 'Retention' },
    { policy: data.content.find((row) => row.currency === 'USD')!, words: ['Retention'], not: 'Insurance Premium Tax' },
  ];
  for (const { policy, words, not } of cases) {
    await page.goto(`${E2E_ORIGIN}/admin/policies/${policy.id}`);
    const record = page.getByTestId('block-detail-policy-summary');
    for (const word of words) await expect(record.getByText(word, { exact: true }).first(), `${policy.currency}: ${word}`).toBeVisible();
    await expect(record.getByText(not, { exact: true })).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Revisions' }).getByRole('columnheader', { name: words[0], exact: true })).toBeVisible();
  }
});

// Renewing (spec 002 section 2 renewal steps verify, summary and custom-quote): Renew on the policy leads to
// the renewal page, which shows the expiring term beside the renewal priced now and the account's details to
// verify. Create Renewal Quote there makes the quote at that price; Change Cover opens the coverage editor on
// the expiring cover, and the quote is made on the cover chosen there. Either way the page then leads to it.
for (const edition of CASES) {
  for (const path of ['summary', 'cover'] as const) {
    test(`${edition.edition}: an agent renews a policy from its renewal page (${path === 'summary' ? 'as it is' : 'with a changed cover'}), then finds the renewal quote from it`, async ({ page }) => {
      const { origin, agent } = edition;
      await signInOnOrigin(page, origin, agent);
      const quote = await readyQuote(page, edition);
      const contact = { customerFirstName: 'Rhea', customerLastName: 'Renew', customerEmail: `rhea.renew.${edition.edition}@insured.example`, customerPhone: edition.phone };
      expect((await callApi(page, 'PUT', `/api/quote/v1/${quote.id}/bind`, contact)).status).toBe(200);
      const policy = (await callApi<{ policy: { id: string; policyNumber: string; accountId: string } }>(page, 'POST', `/api/policy/v1/generate/${quote.id}`)).data.policy;

      await page.goto(`${origin}/agency/policies/${policy.id}`);
      await page.getByRole('button', { name: 'Renew', exact: true }).click();
      const renewalPage = new RegExp(`/agency/policies/${policy.id}/account/${policy.accountId}/${edition.product}/verify$`);
      await expect(page).toHaveURL(renewalPage);
      await expect(page.getByRole('heading', { level: 1, name: 'Renew Policy' })).toBeVisible();
      await expect(page.getByRole('heading', { name: `Renewal of Policy ${policy.policyNumber} - ${quote.companyName}` })).toBeVisible();
      const summary = (await callApi<{ totalPremium: string; expiringPremium: string; aggLimit: string }>(page, 'GET', `/api/policy/v1/renewal/${policy.id}`)).data;
      // Money fields show the amount beside the edition's currency sign.
      const amount = new Intl.NumberFormat(edition.edition === 'us' ? 'en-US' : 'en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      const renewal = page.getByTestId('block-detail-policy-renewal');
      await expect(renewal.getByLabel('Renewal Premium (Indicative)')).toHaveValue(amount.format(Number(summary.totalPremium)));
      await expect(renewal.getByLabel('Total Premium')).toHaveValue(amount.format(Number(summary.expiringPremium)));
      await expect(renewal).toContainText(edition.edition === 'us' ? '$' : '£');
      await expect(renewal).not.toContainText(edition.edition === 'us' ? '£' : '$');
      await expect(page.getByText('The renewal keeps this policy\'s cover unless you change it. Check the account details below first: the renewal quote is rated on them.')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Verify Account Details' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Edit Account Details' })).toBeVisible();
      await expectAccessible(page, `${edition.edition}: policy-renewal-page`);

      let limit = Number(summary.aggLimit);
      if (path === 'summary') {
        await page.getByRole('button', { name: 'Create Renewal Quote' }).click();
        await page.getByRole('alertdialog').getByRole('button', { name: 'Create Renewal Quote' }).click();
      } else {
        await page.getByRole('button', { name: 'Change Cover' }).click();
        await expect(page).toHaveURL(new RegExp(`/agency/policies/${policy.id}/account/${policy.accountId}/${edition.product}/custom-quote$`));
        await expect(page.getByTestId('quote-terms-of')).toContainText(`Renewal of Policy ${policy.policyNumber}`);
        const total = page.getByTestId('premium-total');
        const money = new Intl.NumberFormat(edition.edition === 'us' ? 'en-US' : 'en-GB', { style: 'currency', currency: edition.edition === 'us' ? 'USD' : 'GBP' });
        // The editor starts on the expiring cover, priced as the summary priced it; the period is the renewal's.
        await expect(total).toContainText(money.format(Number(summary.totalPremium)));
        await expect(page.getByLabel('Effective Date')).toHaveAttribute('readonly', '');
        await expect(page.getByText('A renewal starts the day the policy ends, for a year.')).toHaveCount(2);
        const limitBox = page.getByRole('combobox', { name: 'Aggregate Limit' });
        const options = await limitBox.locator('option').evaluateAll((items) => items.map((item) => (item as HTMLOptionElement).value).filter(Boolean));
        const higher = options.find((value) => Number(value) > limit);
        expect(higher, `a limit above ${limit} among ${options.join(', ')}`).toBeDefined();
        await limitBox.selectOption(higher!);
        limit = Number(higher);
        await expect(total).not.toContainText(money.format(Number(summary.totalPremium)));
        await expectAccessible(page, `${edition.edition}: policy-renewal-cover-page`);
        // The browser's Back with the change not sent asks first; GO BACK keeps it.
        await page.evaluate(() => window.history.back());
        const ask = page.getByRole('alertdialog', { name: 'You have unsaved changes' });
        await ask.getByRole('button', { name: 'GO BACK' }).click();
        await expect(page).toHaveURL(/\/custom-quote$/);
        // So does Cancel.
        await page.getByTestId('quote-actions').getByRole('button', { name: 'Cancel', exact: true }).click();
        await ask.getByRole('button', { name: 'GO BACK' }).click();
        await expect(ask).toBeHidden();
        await expect(page).toHaveURL(/\/custom-quote$/);
        await page.getByRole('button', { name: 'Create Renewal Quote' }).click();
      }
      await expect(page.getByText(/^Renewal quote \S+ created$/)).toBeVisible();
      await expect(page).toHaveURL(/\/agency\/quotes\/[0-9a-f-]{36}$/);
      const renewalQuoteId = new URL(page.url()).pathname.split('/').at(-1)!;
      const made = (await callApi<{ totalPremium: string; quoteNumber: string; businessType: string; aggLimit: string }>(page, 'GET', `/api/quote/v1/${renewalQuoteId}`)).data;
      expect(made.businessType).toBe('Renewal');
      expect(Number(made.aggLimit)).toBe(limit);
      if (path === 'summary') expect(made.totalPremium).toBe(summary.totalPremium);
      else expect(Number(made.totalPremium)).toBeGreaterThan(Number(summary.totalPremium));

      // Back on the renewal page: it says a renewal is in progress and leads to it.
      await page.goto(`${origin}/agency/policies/${policy.id}/account/${policy.accountId}/${edition.product}/verify`);
      await expect(page.getByTestId('action-reason-renew')).toHaveText(`This policy already has a renewal quote in progress: ${made.quoteNumber}.`);
      await expect(page.getByRole('button', { name: 'Create Renewal Quote' })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Change Cover' })).toBeDisabled();
      await page.getByRole('button', { name: 'Open Renewal Quote' }).click();
      await expect(page).toHaveURL(new RegExp(`/agency/quotes/${renewalQuoteId}$`));
    });
  }
}

// The renewal's other addresses (spec 002 section 2): the account-details link names the policy and product in
// its query and opens that policy's renewal page (without a policy it offers the account's policies to renew);
// the quotes' renew-quote verify step shows the account's details and its policies of the product.
for (const edition of CASES) {
  test(`${edition.edition}: an agent mutes a policy's renewal reminders and turns them on again; the policy page says which`, async ({ page }) => {
    await signInOnOrigin(page, edition.origin, edition.agent);
    const active = await callApi<{ content: Array<{ id: string }> }>(page, 'GET', '/api/policy/v1/search?status=ACTIVE&size=20');
    let policyId: string | undefined;
    for (const { id } of active.data.content) {
      const policy = await callApi<{ renewalReminders: string }>(page, 'GET', `/api/policy/v1/${id}`);
      if (policy.data.renewalReminders === 'ON') {
        policyId = id;
        break;
      }
    }
    expect(policyId, 'an active policy whose renewal reminders are on').toBeDefined();
    await page.goto(`${edition.origin}/agency/policies/${policyId}`);
    const renewal = page.getByRole('region', { name: 'Renewal' });
    await expect(renewal).toContainText(`On: the ${edition.edition === 'uk' ? 'broker' : 'agent'} is e-mailed before the end date`);
    await page.getByRole('button', { name: 'Mute Renewal Reminders' }).click();
    await expect(renewal).toContainText('Muted');
    await expect(renewal).not.toContainText('On: the');
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Unmute Renewal Reminders' }).click();
    await expect(renewal).toContainText('On: the');
    await expect(page.getByRole('button', { name: 'Mute Renewal Reminders' })).toBeVisible();
  });
}

for (const edition of CASES) {
  test(`${edition.edition}: the renewal's account-details and renew-quote addresses lead to the policy's renewal page`, async ({ page }) => {
    const { origin, agent, product } = edition;
    await signInOnOrigin(page, origin, agent);
    const quote = await readyQuote(page, edition);
    const contact = { customerFirstName: 'Ria', customerLastName: 'Return', customerEmail: `ria.return.${edition.edition}@insured.example`, customerPhone: edition.phone };
    expect((await callApi(page, 'PUT', `/api/quote/v1/${quote.id}/bind`, contact)).status).toBe(200);
    const policy = (await callApi<{ policy: { id: string; policyNumber: string; accountId: string } }>(page, 'POST', `/api/policy/v1/generate/${quote.id}`)).data.policy;
    const renewalPage = new RegExp(`/agency/policies/${policy.id}/account/${policy.accountId}/${product}/verify$`);

    await page.goto(`${origin}/agency/accounts/${policy.accountId}/renew/accountDetails?product=${product}&policyId=${policy.id}`);
    await expect(page).toHaveURL(renewalPage);
    await expect(page.getByRole('heading', { name: `Renewal of Policy ${policy.policyNumber} - ${quote.companyName}` })).toBeVisible();

    await page.goto(`${origin}/agency/accounts/${policy.accountId}/renew/accountDetails?product=${product}`);
    await expect(page.getByText('This renewal link does not say which policy to renew.', { exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Policies' }).getByRole('row').filter({ hasText: policy.policyNumber })).toBeVisible();

    await page.goto(`${origin}/agency/quotes/${product}/${policy.accountId}/renew-quote/verify`);
    await expect(page.getByRole('heading', { level: 1, name: 'Renew Quote' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Verify Account Details' })).toBeVisible();
    const row = page.getByRole('table', { name: 'Policies' }).getByRole('row').filter({ hasText: policy.policyNumber });
    await expect(row).toBeVisible();
    await expectAccessible(page, `${edition.edition}: quote-renewal-page`);
    // Renew is offered in the list from 90 days before the end (RENEWAL_WINDOW_DAYS); this policy has just
    // started, so its row opens the policy, whose own Renew leads to the same renewal page.
    await row.getByRole('button', { name: 'Row actions' }).click();
    await expect(page.getByRole('menuitem', { name: 'Renew', exact: true })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Open', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/agency/policies/${policy.id}$`));
    await page.getByRole('button', { name: 'Renew', exact: true }).click();
    await expect(page).toHaveURL(renewalPage);

    // A policy within 90 days of its end (the demo book has some in each edition) is renewed from its row there.
    const due = (await callApi<{ content: Array<{ id: string; accountId: string; policyNumber: string }> }>(page, 'GET', `/api/policy/v1/search?isOpenForRenewal=true&product=${product}&size=1`)).data.content[0]!;
    await page.goto(`${origin}/agency/quotes/${product}/${due.accountId}/renew-quote/verify`);
    await page.getByRole('table', { name: 'Policies' }).getByRole('row').filter({ hasText: due.policyNumber }).getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Renew', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/agency/policies/${due.id}/account/${due.accountId}/${product}/verify$`));
  });
}
