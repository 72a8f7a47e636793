import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { clickNavEntry } from './support/page-navigation.ts';

/**
 * The definition studio against the real server on a fresh database: change the claim form's label and
 * a rule's message, watch the preview follow, publish with a note, see the published version reach
 * another user, restore the earlier version; drafts survive a reload and leaving asks first.
 */

const PASSWORD = 'Demo-Password-2026!';
const ADMIN = 'admin@provider.example';
const AGENT = 'agent@agency.example';
const OLD_LABEL = 'Date of Loss';
const NEW_LABEL = 'Date the Loss Happened';
const RULE_MESSAGE = 'Keep the police report number at hand';

interface Tokens {
  accessToken: string;
  refreshToken: string;
}

async function apiLogin(request: APIRequestContext, username: string): Promise<Tokens> {
  const response = await request.post('/api/auth/v1/login', { data: { username, password: PASSWORD } });
  expect(response.status(), `sign-in of ${username}`).toBe(200);
  return (await response.json()) as Tokens;
}

/** Signs the page in through the API: the tokens go where the app's token store reads them. */
async function signIn(page: Page, tokens: Tokens): Promise<void> {
  await page.goto('/login');
  await page.evaluate(({ accessToken, refreshToken }) => {
    sessionStorage.setItem('auth.accessToken', accessToken);
    sessionStorage.setItem('auth.refreshToken', refreshToken);
  }, tokens);
}

/** Loads the agent's claims page afresh and opens 'Report a Claim' (choosing a client account when there are several). */
async function claimDialogOfAgent(page: Page) {
  await page.goto('/agency/claims');
  const account = page.getByLabel('Client account');
  const report = page.getByRole('button', { name: 'Report a Claim' });
  // The accounts load first: then either the picker shows or the one account is chosen.
  await expect.poll(async () => (await account.isVisible()) || (await report.isEnabled())).toBe(true);
  if (await account.isVisible()) await account.selectOption({ index: 1 });
  await report.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

async function authorized<T>(request: APIRequestContext, tokens: Tokens, path: string): Promise<T> {
  const response = await request.get(path, { headers: { Authorization: `Bearer ${tokens.accessToken}` } });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

type ClaimDocument = {
  schema: { properties: Record<string, { title?: string }> };
  rules: { id: string; effects: unknown[] }[];
};

async function publishedClaim(request: APIRequestContext, tokens: Tokens): Promise<ClaimDocument> {
  const bundle = await authorized<{ definitions: { file: string; document: ClaimDocument }[] }>(request, tokens, '/api/definitions/v1/bundle');
  const claim = bundle.definitions.find((entry) => entry.file === 'claim' || (entry.document as { id?: string }).id === 'claim');
  expect(claim, 'the bundle holds the claim form').toBeTruthy();
  return claim!.document;
}

/** Replaces the editor's whole text as a paste would (one input, so auto-closing brackets stay out of it). */
async function replaceEditorText(page: Page, text: string): Promise<void> {
  const editor = page.getByRole('textbox', { name: 'JSON of claim' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
}

function editedClaim(document: ClaimDocument): ClaimDocument {
  const next = structuredClone(document);
  next.schema.properties.lossDate!.title = NEW_LABEL;
  const rule = next.rules.find((each) => each.id === 'report-number-when-filed')!;
  rule.effects.push({ message: { field: 'reportNumber', text: RULE_MESSAGE, level: 'info' } });
  return next;
}

test.describe.configure({ mode: 'serial' });

test('publish a change to the claim form, see it reach an agent, and restore the earlier version', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const admin = await apiLogin(request, ADMIN);
  await signIn(page, admin);

  // The list: search and filter by kind.
  await page.goto('/admin/studio');
  await expect(page.getByRole('heading', { name: 'Definition studio' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Definitions' });
  await expect(table.getByRole('link', { name: 'claim', exact: true })).toBeVisible();
  await page.getByLabel('Kind').selectOption('overlay');
  await expect(table.getByRole('link', { name: 'overlay:uk:claim' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'claim', exact: true })).toHaveCount(0);
  await page.getByLabel('Kind').selectOption('form');
  await page.getByLabel('Search').fill('claim');
  const row = table.locator('tr[data-key="claim"]');
  await expect(row).toContainText('default');
  await row.getByRole('link', { name: 'claim', exact: true }).click();

  // The editor with its preview.
  await expect(page.getByRole('heading', { name: 'claim', exact: true })).toBeVisible();
  const preview = page.getByTestId('studio-preview');
  await expect(preview.getByText(OLD_LABEL, { exact: true })).toBeVisible();
  const stored = (await authorized<{ document: ClaimDocument; version: number }>(request, admin, '/api/definitions/v1/documents/claim')).document;
  await replaceEditorText(page, `${JSON.stringify(editedClaim(stored), null, 2)}\n`);
  await expect(preview.getByText(NEW_LABEL, { exact: true })).toBeVisible();
  await expect(preview.getByTestId('field-reportNumber')).toContainText(RULE_MESSAGE);
  await expect(page.getByTestId('draft-faults')).toContainText('No problems found');

  // The rule tester: the edited rule fires on the sample and shows its new message; not once no report was filed.
  await page.getByRole('tab', { name: 'Rule tester' }).click();
  await page.getByLabel('Rule', { exact: true }).selectOption('report-number-when-filed');
  const outcome = page.getByTestId('rule-outcome');
  await expect(outcome).toHaveAttribute('data-fires', 'true');
  await expect(outcome).toContainText(RULE_MESSAGE);
  await page.getByLabel('Data (JSON)').fill('{ "isReportFiled": "no" }');
  await expect(outcome).toHaveAttribute('data-fires', 'false');

  // The same definition in both editions, with the draft.
  await page.getByRole('tab', { name: 'US vs UK' }).click();
  await expect(page.getByTestId('edition-changes').getByTestId('diff-table')).toContainText('/schema/properties/address3');

  // Publish needs a note.
  await page.getByRole('button', { name: 'Publish…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish claim' });
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(dialog).toContainText('A change note is required');
  await dialog.getByLabel('Change note').fill('Clearer loss date label; remind reporters to keep the report number');
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByTestId('studio-notice')).toContainText('Published version 1 of claim');
  await expect(page.getByText('published version 1', { exact: true })).toBeVisible();

  // Through the API: the bundle every client loads carries the new label and message.
  const published = await publishedClaim(request, admin);
  expect(published.schema.properties.lossDate!.title).toBe(NEW_LABEL);
  expect(JSON.stringify(published.rules)).toContain(RULE_MESSAGE);

  // An agent, in a browser of their own, signed in after the publish: on the next load their claims page's
  // 'Report a Claim' dialog shows the published label and rule message, without a rebuild.
  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  const agent = await apiLogin(request, AGENT);
  await signIn(agentPage, agent);
  const publishedDialog = await claimDialogOfAgent(agentPage);
  await expect(publishedDialog).toContainText(NEW_LABEL);
  // The rule's new message, once a report was filed.
  await publishedDialog.getByRole('radiogroup', { name: 'Was a report filed?' }).getByText('Yes', { exact: true }).click();
  await expect(publishedDialog.getByTestId('field-reportNumber')).toContainText(RULE_MESSAGE);


  // History: the diff of the two versions, then restore the file's version.
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('heading', { name: /History of/ })).toBeVisible();
  const diff = page.getByTestId('version-diff').getByTestId('diff-table');
  await expect(diff).toContainText('/schema/properties/lossDate/title');
  await expect(diff).toContainText(OLD_LABEL);
  await expect(diff).toContainText(NEW_LABEL);
  await page.getByLabel('As').selectOption('uk');
  await expect(diff).toContainText(NEW_LABEL);
  await page.getByRole('button', { name: 'Restore version 0' }).click();
  const restore = page.getByRole('dialog', { name: 'Restore version 0 of claim' });
  await restore.getByLabel('Change note').fill('Back to the original wording');
  await restore.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(page.getByTestId('studio-notice')).toContainText('restored as version 2');
  await expect(page.locator('tr[data-version="2"]')).toContainText('current');

  const restored = await publishedClaim(request, admin);
  expect(restored.schema.properties.lossDate!.title).toBe(OLD_LABEL);
  // The agent's next load shows the restored wording.
  const agentDialog = await claimDialogOfAgent(agentPage);
  await expect(agentDialog).toContainText(OLD_LABEL);
  await expect(agentDialog).not.toContainText(NEW_LABEL);
  await agentDialog.getByRole('radiogroup', { name: 'Was a report filed?' }).getByText('Yes', { exact: true }).click();
  await expect(agentDialog.getByTestId('field-reportNumber')).toBeVisible();
  await expect(agentDialog.getByTestId('field-reportNumber')).not.toContainText(RULE_MESSAGE);
  await agentContext.close();

  // The studio's own preview is back to the old label.
  await page.getByRole('link', { name: '← Back to claim' }).click();
  await expect(page.getByTestId('studio-preview').getByText(OLD_LABEL, { exact: true })).toBeVisible();
});

test('a draft survives a reload, and leaving with unsaved changes asks first', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  await signIn(page, admin);
  await page.goto(`/admin/studio/claim`);
  const preview = page.getByTestId('studio-preview');
  await expect(preview.getByText(OLD_LABEL, { exact: true })).toBeVisible();
  const stored = (await authorized<{ document: ClaimDocument }>(request, admin, '/api/definitions/v1/documents/claim')).document;
  const draft = structuredClone(stored);
  draft.schema.properties.lossDate!.title = 'Draft Loss Date';
  await replaceEditorText(page, `${JSON.stringify(draft, null, 2)}\n`);
  await expect(preview.getByText('Draft Loss Date', { exact: true })).toBeVisible();

  // Reloading asks (the browser's own prompt); accepted, the draft is restored and says so.
  const asked = new Promise<string>((resolve) => page.once('dialog', (dialog) => {
    resolve(dialog.type());
    void dialog.accept();
  }));
  await page.reload();
  expect(await asked).toBe('beforeunload');
  await expect(page.getByTestId('draft-restored')).toContainText('Draft restored');
  await expect(page.getByTestId('studio-preview').getByText('Draft Loss Date', { exact: true })).toBeVisible();

  // Leaving through the app asks; staying keeps the draft.
  await page.getByRole('link', { name: '← Definition studio' }).click();
  const leave = page.getByRole('alertdialog', { name: 'Leave without publishing?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay here' }).click();
  await expect(page).toHaveURL(/\/admin\/studio\/claim$/);

  // The list marks the draft; discarding it brings back the published text.
  await page.getByRole('button', { name: 'Discard draft' }).first().click();
  await expect(page.getByTestId('studio-preview').getByText(OLD_LABEL, { exact: true })).toBeVisible();
  await page.getByRole('link', { name: '← Definition studio' }).click();
  await expect(page.getByRole('heading', { name: 'Definition studio' })).toBeVisible();
});

test('a page edited in the studio: previewed, refused while it names an unknown component, published, and routed for agents without a rebuild', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  const admin = await apiLogin(request, ADMIN);
  await signIn(page, admin);
  const stored = (await authorized<{ document: Record<string, unknown>; version: number }>(request, admin, '/api/definitions/v1/documents/claims-page')).document;
  await page.goto('/admin/studio/claims-page');
  await expect(page.getByRole('heading', { name: 'claims-page', exact: true })).toBeVisible();
  // The preview lays the page out: its table over the table's sample rows.
  await expect(page.getByTestId('page-preview').getByRole('table', { name: 'Claims' })).toContainText('Cedar Grove Logistics Inc');

  const editor = page.getByRole('textbox', { name: 'JSON of claims-page' });
  const replace = async (document: unknown) => {
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText(`${JSON.stringify(document, null, 2)}\n`);
  };
  await replace({ ...stored, blocks: [...(stored.blocks as unknown[]), { type: 'component', component: 'no-such-component' }] });
  await expect(page.getByTestId('draft-faults')).toContainText('no registered component no-such-component');

  const renamed = { ...stored, title: 'Claims and losses', nav: { label: 'Losses', order: 20 } };
  await replace(renamed);
  await expect(page.getByTestId('draft-faults')).toContainText('No problems found');
  await expect(page.getByTestId('page-preview').getByRole('heading', { level: 1, name: 'Claims and losses' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish claims-page' });
  await dialog.getByLabel('Change note').fill('Claims are called losses in the menu');
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByTestId('studio-notice')).toContainText('Published version 1 of claims-page');

  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  await signIn(agentPage, await apiLogin(request, AGENT));
  await agentPage.goto('/agency/dashboard');
  await clickNavEntry(agentPage, 'Losses');
  await expect(agentPage.getByRole('heading', { level: 1, name: 'Claims and losses' })).toBeVisible();
  await agentContext.close();

  // Back to the shipped page for the tests after this one.
  const restored = await request.post('/api/definitions/v1/documents/claims-page/restore', {
    headers: { Authorization: `Bearer ${admin.accessToken}` },
    data: { version: 0, note: 'Back to the shipped page', baseVersion: 1 },
  });
  expect([200, 201]).toContain(restored.status());
});

test('a rating table edited in the studio is rated against the sample risks it prices, with the trace, before anything is published', async ({ page, request }) => {
  const admin = await apiLogin(request, ADMIN);
  await signIn(page, admin);
  const bundle = await authorized<{ definitions: { file: string; document: { id?: string; rows?: { value: number; factor: number }[] } }[] }>(request, admin, '/api/definitions/v1/bundle');
  const table = bundle.definitions.find((entry) => entry.document.id === 'rating-us-limit-factor')!.document;
  await page.goto('/admin/studio/rating-us-limit-factor');
  const preview = page.getByRole('table', { name: 'Sample risks rated with the draft' });
  const firstRisk = preview.getByRole('row').nth(1);
  await expect(firstRisk).toBeVisible();
  const totalCell = firstRisk.getByRole('cell').nth(4);
  const before = await totalCell.innerText();
  expect(before).toMatch(/^\$[\d,]+\.\d{2}$/);

  // Every limit factor doubled: the preview rates the draft at once, and the trace names this table's step.
  const doubled = { ...table, rows: table.rows!.map((row) => ({ ...row, factor: row.factor * 2 })) };
  const editor = page.getByRole('textbox', { name: 'JSON of rating-us-limit-factor' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(JSON.stringify(doubled, null, 2));
  await expect(totalCell).not.toHaveText(before);
  const money = (text: string) => Number(text.replace(/[^\d.]/g, ''));
  expect(money(await totalCell.innerText())).toBeGreaterThan(money(before));
  await firstRisk.getByRole('button', { name: 'Trace' }).click();
  const trace = page.getByRole('table', { name: 'Calculation trace' });
  await expect(trace.getByRole('row').filter({ hasText: 'Limit factor' })).toContainText('us-limit-factor');

  // Nothing was published: the definition the server gives is the seeded one.
  const after = await authorized<{ definitions: { document: { id?: string; rows?: unknown[] } }[] }>(request, admin, '/api/definitions/v1/bundle');
  expect(after.definitions.find((entry) => entry.document.id === 'rating-us-limit-factor')!.document.rows).toEqual(table.rows);
});
