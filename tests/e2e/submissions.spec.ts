import { expect, test, type Page } from '@playwright/test';
import { callApi } from './support/call-api.ts';
import { E2E_ORIGIN, E2E_UK_ORIGIN } from './support/origin.ts';
import { rowAction } from './support/page-navigation.ts';
import { dismissToasts, signInOnOrigin } from './support/sign-in.ts';

/**
 * The underwriting desk's work on submissions, in Chromium against the real server, in both editions (spec
 * 002 section 4 'Submissions can be assigned, declined, certified, marked non-viable or complete'): the
 * agency certifies a requested submission with the attestation; the underwriter assigns it to themselves
 * (it goes In Review), then declines it with a fill-in reason, or marks another non-viable. The agency reads
 * the outcome in its own list.
 */

interface Case {
  edition: 'us' | 'uk';
  origin: string;
  agent: string;
  /** A demo client with a Requested submission nobody works on yet (server/seed/demo-accounts.ts). */
  client: string;
  outcome: 'decline' | 'nonViable';
}

const CASES: Case[] = [
  { edition: 'us', origin: E2E_ORIGIN, agent: 'agent@agency.example', client: 'Union Square Bistro Group', outcome: 'decline' },
  { edition: 'uk', origin: E2E_UK_ORIGIN, agent: 'broker@brokerage.example', client: 'Pennine Dental Practice Ltd', outcome: 'nonViable' },
];

function submissionRow(page: Page, client: string) {
  return page.getByRole('table', { name: 'Submissions' }).getByRole('row').filter({ hasText: client });
}

for (const c of CASES) {
  test(`an agency certifies a submission and the desk works it (${c.edition})`, async ({ browser }) => {
    const agentContext = await browser.newContext();
    const agentPage = await agentContext.newPage();
    await signInOnOrigin(agentPage, c.origin, c.agent);
    await agentPage.goto(`${c.origin}/agency/submissions?search=${encodeURIComponent(c.client)}`);
    await expect(submissionRow(agentPage, c.client)).toContainText('Requested');
    // An agency does not see the desk's actions.
    await submissionRow(agentPage, c.client).getByRole('button', { name: 'Row actions' }).click();
    await expect(agentPage.getByRole('menuitem', { name: 'Certify' })).toBeVisible();
    await expect(agentPage.getByRole('menuitem', { name: 'Assign' })).toHaveCount(0);
    await agentPage.keyboard.press('Escape');

    await rowAction(agentPage, 'Submissions', c.client, 'Certify');
    const attest = agentPage.getByRole('alertdialog').or(agentPage.getByRole('dialog'));
    await expect(attest).toContainText('I certify that the information in this submission is complete and accurate');
    await attest.getByRole('button', { name: 'Certify' }).click();
    await expect(agentPage.getByText('Submission certified', { exact: true })).toBeVisible();
    await expect(submissionRow(agentPage, c.client)).toContainText('Certified');

    const deskContext = await browser.newContext();
    const page = await deskContext.newPage();
    // The provider's super admin works the desk: the demo underwriter's password is changed by the password-reset
    // journey (auth.spec.ts) on the shared server, which runs first.
    await signInOnOrigin(page, c.origin, 'admin@provider.example');
    await page.goto(`${c.origin}/admin/submissions?search=${encodeURIComponent(c.client)}`);
    await rowAction(page, 'Submissions', c.client, 'Assign');
    const assign = page.getByRole('dialog', { name: 'Assign Submission' });
    await expect(assign.getByRole('textbox', { name: 'Submission #' })).toHaveValue(/^SUB-\d{4}-\d{5}$/);
    await assign.getByRole('combobox', { name: 'Underwriter' }).click();
    await page.getByRole('option', { name: 'Uma Underwood' }).click();
    await assign.getByRole('button', { name: 'Assign' }).click();
    await expect(page.getByText('Submission assigned', { exact: true })).toBeVisible();
    await expect(submissionRow(page, c.client)).toContainText('In Review');
    await expect(submissionRow(page, c.client)).toContainText('Uma Underwood');
    await dismissToasts(page);

    if (c.outcome === 'decline') {
      await rowAction(page, 'Submissions', c.client, 'Decline');
      const decline = page.getByRole('dialog', { name: 'Decline Submission' });
      await decline.getByRole('button', { name: 'Decline' }).click();
      await expect(decline.getByText('Declaration Reason is required')).toBeVisible();
      await decline.getByRole('combobox', { name: 'Declaration Reason' }).click();
      await page.getByRole('option', { name: 'Fill-in option' }).click();
      await decline.getByRole('textbox', { name: 'Reason Description' }).fill('Patient records on an unpatched server');
      await decline.getByRole('textbox', { name: 'Fill-In text' }).fill('Unpatched systems');
      await decline.getByRole('button', { name: 'Decline' }).click();
      await expect(page.getByText('Submission declined', { exact: true })).toBeVisible();
      await expect(submissionRow(page, c.client)).toContainText('Declined');
    } else {
      await rowAction(page, 'Submissions', c.client, 'Mark Non-Viable');
      await page.getByRole('alertdialog').or(page.getByRole('dialog')).getByRole('button', { name: 'Mark Non-Viable' }).click();
      await expect(page.getByText('Submission marked non-viable', { exact: true })).toBeVisible();
      await expect(submissionRow(page, c.client)).toContainText('Non-Viable');
    }

    // The agency's list shows the outcome; a settled submission offers no more work.
    const found = await callApi<{ content: Array<{ status: string; operationalStatus: string; declination: { summary: string } | null }> }>(
      agentPage, 'GET', `/api/submission/v1/search?search=${encodeURIComponent(c.client)}`);
    expect(found.data.content[0]).toMatchObject(c.outcome === 'decline'
      ? { status: 'DECLINED', operationalStatus: 'CERTIFIED', declination: { summary: 'Unpatched systems' } }
      : { status: 'IN_REVIEW', operationalStatus: 'NON_VIABLE' });
    await agentPage.reload();
    await submissionRow(agentPage, c.client).getByRole('button', { name: 'Row actions' }).click();
    await expect(agentPage.getByRole('menuitem', { name: 'Certify' })).toHaveCount(0);
    await agentContext.close();
    await deskContext.close();
  });
}

// The submissions variant of the quote flow: Quote on a submission still being worked opens the quote flow of
// its account for that submission, whose verify-submission step shows the submission (and certifies an open
// one), and the quote made there is the submission's. The demo's Juniper submission is certified already,
// Clydeside's is open.
const QUOTED: Array<{ edition: 'us' | 'uk'; origin: string; agent: string; client: string; certifies: boolean }> = [
  { edition: 'us', origin: E2E_ORIGIN, agent: 'agent@agency.example', client: 'Juniper Legal Services', certifies: false },
  { edition: 'uk', origin: E2E_UK_ORIGIN, agent: 'broker@brokerage.example', client: 'Clydeside Engineering Ltd', certifies: true },
];

/** The verify-submission step's field, by its label. */
function submissionField(page: Page, label: string) {
  return page.getByTestId('block-detail-submission-verify').getByLabel(label, { exact: true });
}
for (const c of QUOTED) {
  test(`an agency quotes for a submission from its row, and the quote is the submission's (${c.edition})`, async ({ page }) => {
    await signInOnOrigin(page, c.origin, c.agent);
    await page.goto(`${c.origin}/agency/submissions?search=${encodeURIComponent(c.client)}`);
    const submissions = await callApi<{ content: Array<{ id: string; accountId: string; submissionNumber: string }> }>(page, 'GET', `/api/submission/v1/search?search=${encodeURIComponent(c.client)}`);
    const submission = submissions.data.content[0]!;
    const before = (await callApi<{ quoteCount: number }>(page, 'GET', `/api/submission/v1/${submission.id}`)).data.quoteCount;
    await rowAction(page, 'Submissions', c.client, 'Quote');
    const flowUrl = new RegExp(`/agency/requestQuote/P250/${submission.accountId}\\?submissionId=${submission.id}$`);
    await expect(page).toHaveURL(flowUrl);
    await expect(page.getByRole('heading', { name: c.client })).toBeVisible();

    // verify-submission: the submission the quotes are made for, certified here while it is open.
    await expect(page.getByRole('heading', { name: `Verify Submission ${submission.submissionNumber}` })).toBeVisible();
    await expect(submissionField(page, 'Client')).toHaveValue(c.client);
    await expect(submissionField(page, 'Quotes Made')).toHaveValue(String(before));
    const certify = page.getByRole('button', { name: 'Certify', exact: true });
    if (c.certifies) {
      await expect(page.getByText('Certify it once its information is complete and accurate.')).toBeVisible();
      await certify.click();
      await page.getByRole('alertdialog').or(page.getByRole('dialog')).getByRole('button', { name: 'Certify' }).click();
      await expect(page.getByText('Submission certified', { exact: true })).toBeVisible();
      await dismissToasts(page);
    }
    await expect(certify).toHaveCount(0);
    await expect(submissionField(page, 'Certified By')).not.toHaveValue('');
    await page.getByRole('button', { name: 'Quote Now' }).click();
    // A product with security questions asks them first when the account has not answered them: Yes to each.
    const questions = page.getByRole('dialog', { name: 'Security Questions' });
    await expect.poll(async () => (await questions.isVisible()) || /\/agency\/quotes\//.test(page.url())).toBe(true);
    if (await questions.isVisible()) {
      for (const group of await questions.getByRole('radiogroup').all()) await group.getByText('Yes', { exact: true }).click();
      await questions.getByRole('button', { name: 'Quote Now' }).click();
    }
    await expect(page).toHaveURL(/\/agency\/quotes\/[0-9a-f-]{36}$/, { timeout: 10_000 });
    const quoteId = new URL(page.url()).pathname.split('/').at(-1)!;
    const quote = await callApi<{ accountId: string; request: { submissionId?: string } }>(page, 'GET', `/api/quote/v1/${quoteId}`);
    expect(quote.data.accountId).toBe(submission.accountId);
    expect(quote.data.request.submissionId).toBe(submission.id);

    // Back in the flow, the step counts the quote made for the submission.
    await page.goBack();
    await expect(page).toHaveURL(flowUrl);
    await expect(submissionField(page, 'Quotes Made')).toHaveValue(String(before + 1));
  });
}
