import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { PDFParse } from 'pdf-parse';
import { callApi } from './support/call-api.ts';
import { choose } from './support/choose.ts';
import { E2E_ORIGIN, E2E_UK_ORIGIN } from './support/origin.ts';
import { signInOnOrigin } from './support/sign-in.ts';

/**
 * The document library in Chromium against the real server (spec 002 section 3 'Documents', section 6): an
 * agent uploads a PDF on a client's account page and downloads it back, its text intact; the agent is offered
 * no Delete, and a carrier working with the agency deletes it from its Documents page. An admin keeps the forms
 * library: a form type, a policy form of it, its specimen attached and downloaded. A policy downloaded from the
 * library is kept, and listed as its version, which downloads the very same PDF (both editions).
 */
test.describe.configure({ timeout: 90_000 });

test('an agent uploads a document on a client account and downloads it; a carrier deletes it', async ({ page, browser }) => {
  const marker = `Engagement letter ${Date.now().toString(36)}`;
  const pdf = await PDFDocument.create();
  pdf.addPage().drawText(marker, { x: 50, y: 700, size: 14 });
  const bytes = Buffer.from(await pdf.save());

  await signInOnOrigin(page, E2E_ORIGIN, 'agent@agency.example');
  const accounts = await callApi<{ content: Array<{ id: string; name: string }> }>(page, 'GET', '/api/account/v1/accounts?size=1&sort=name,asc');
  const client = accounts.data.content[0]!;
  await page.goto(`${E2E_ORIGIN}/agency/accounts/${client.id}`);
  const block = page.getByTestId('block-table-documents');
  await block.getByRole('button', { name: 'Upload Document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Document' });
  const upload = dialog.getByRole('button', { name: 'Upload' });
  await expect(upload).toBeDisabled();
  await dialog.getByLabel('File').setInputFiles({ name: 'engagement-letter.pdf', mimeType: 'application/pdf', buffer: bytes });
  await expect(dialog.getByText(/engagement-letter\.pdf \(\d+ (B|KB)\)/)).toBeVisible();
  await choose(dialog, 'Document Type', 'Correspondence');
  await dialog.getByRole('textbox', { name: 'Document Name', exact: true }).fill(marker);
  // Provider staff choose the agency; an agent files under its own.
  await expect(dialog.getByText('Agency', { exact: true })).toHaveCount(0);
  await upload.click();
  await expect(page.getByText('File uploaded successfully!')).toBeVisible();

  await block.getByRole('searchbox').fill(marker);
  await expect(block.getByText('1–1 of 1')).toBeVisible();
  const row = block.getByRole('row').filter({ hasText: marker });
  await expect(row).toContainText('Correspondence');
  await expect(row).toContainText(client.name);
  await row.getByRole('button', { name: 'Row actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download' }).click()]);
  expect(file.suggestedFilename()).toBe('engagement-letter.pdf');
  const text = (await new PDFParse({ data: new Uint8Array(await readFile((await file.path())!)) }).getText()).text;
  expect(text).toContain(marker);

  const carrierPage = await (await browser.newContext({ baseURL: E2E_ORIGIN })).newPage();
  await signInOnOrigin(carrierPage, E2E_ORIGIN, 'carrier@carrier.example');
  await carrierPage.goto(`${E2E_ORIGIN}/carrier/documents`);
  await carrierPage.getByRole('searchbox').fill(marker);
  await expect(carrierPage.getByText('1–1 of 1')).toBeVisible();
  await carrierPage.getByRole('row').filter({ hasText: marker }).getByRole('button', { name: 'Row actions' }).click();
  await carrierPage.getByRole('menuitem', { name: 'Delete' }).click();
  await carrierPage.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(carrierPage.getByText('Deleted the document successfully')).toBeVisible();
  await expect(carrierPage.getByText('No documents found')).toBeVisible();
});

test("the library lists the agency's commission statements, and one downloads as its month's PDF", async ({ page }) => {
  await signInOnOrigin(page, E2E_ORIGIN, 'agent@agency.example');
  const listed = await callApi<{ content: Array<{ docName: string; fileName: string; version: number | null }> }>(
    page, 'GET', '/api/docs/v1/search?source=COMMISSION_STATEMENT&size=25&sort=docTime,desc',
  );
  // The month's statement itself, not a copy kept when someone downloaded it.
  const latest = listed.data.content.find((entry) => entry.version === null);
  expect(latest, 'the demo book pays the agency commission').toBeTruthy();
  await page.goto(`${E2E_ORIGIN}/agency/documents?search=${encodeURIComponent(latest!.docName)}`);
  // A statement downloaded before is listed again as its kept versions.
  const row = page.getByRole('row').filter({ hasText: latest!.docName }).filter({ hasNotText: '(version' });
  await expect(row).toContainText('Commission Statement');
  await row.getByRole('button', { name: 'Row actions' }).click();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download' }).click()]);
  expect(file.suggestedFilename()).toBe(latest!.fileName);
  const text = (await new PDFParse({ data: new Uint8Array(await readFile((await file.path())!)) }).getText()).text;
  expect(text).toContain('Commission Statement');
  expect(text).toContain('Summit Risk Partners');
});

const readDownload = async (file: import('@playwright/test').Download) => readFile((await file.path())!);

for (const { edition, origin, email } of [
  { edition: 'us', origin: E2E_ORIGIN, email: 'agent@agency.example' },
  { edition: 'uk', origin: E2E_UK_ORIGIN, email: 'broker@brokerage.example' },
]) {
  test(`${edition}: a policy downloaded from the library is kept and listed as its version 1, which downloads the same PDF`, async ({ page }) => {
    await signInOnOrigin(page, origin, email);
    type Entry = { docId: string; docName: string; fileName: string; version: number | null };
    const listed = await callApi<{ content: Entry[] }>(page, 'GET', '/api/docs/v1/search?source=POLICY&size=100');
    const ids = new Set(listed.data.content.map((entry) => entry.docId));
    // A policy nobody has downloaded yet: its first download is its version 1.
    const policy = listed.data.content.find((entry) => entry.version === null && !ids.has(`${entry.docId}-v1`));
    expect(policy, 'the demo book has policies in this edition').toBeTruthy();

    await page.goto(`${origin}/agency/documents?search=${encodeURIComponent(policy!.docName)}`);
    const living = page.getByRole('row').filter({ hasText: policy!.docName }).filter({ hasNotText: '(version' });
    await living.getByRole('button', { name: 'Row actions' }).click();
    const [first] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download' }).click()]);
    expect(first.suggestedFilename()).toBe(policy!.fileName);
    const firstBytes = await readDownload(first);

    await page.reload();
    const kept = page.getByRole('row').filter({ hasText: `${policy!.docName} (version 1)` });
    await expect(kept).toContainText('Policy');
    await kept.getByRole('button', { name: 'Row actions' }).click();
    const [again] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download' }).click()]);
    expect(again.suggestedFilename()).toBe(policy!.fileName);
    expect(Buffer.compare(await readDownload(again), firstBytes)).toBe(0);
    expect((await new PDFParse({ data: new Uint8Array(firstBytes) }).getText()).text).toContain(policy!.docName.replace(/^Policy /, ''));
  });
}

test('an admin adds a form type and a policy form to the library, attaches its specimen and downloads it', async ({ page }) => {
  const suffix = Date.now().toString(36).toUpperCase();
  const typeName = `Notice ${suffix}`;
  const formName = `Cyber Privacy Notice ${suffix}`;
  await signInOnOrigin(page, E2E_ORIGIN, 'admin@provider.example');
  await page.goto(`${E2E_ORIGIN}/admin/forms?tab=FORM_TYPES`);
  await page.getByRole('button', { name: 'Add Form Type' }).click();
  const typeDialog = page.getByRole('dialog', { name: 'Form Type' });
  await typeDialog.getByRole('textbox', { name: 'Name', exact: true }).fill(typeName);
  await typeDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Form type saved successfully.')).toBeVisible();

  // "Add Form" alone would also match the Form Types tab's "Add Form Type" while the tab is still switching.
  await page.getByRole('tab', { name: 'Forms', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Forms', exact: true })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Add Form', exact: true }).click();
  const formDialog = page.getByRole('dialog', { name: 'Policy Form' });
  await formDialog.getByRole('textbox', { name: 'Form Name', exact: true }).fill(formName);
  await formDialog.getByRole('textbox', { name: 'Form Number', exact: true }).fill(`PN-${suffix}`);
  await choose(formDialog, 'Form Type', typeName);
  await choose(formDialog, 'Products', 'Prime 250');
  // Close the product list without leaving the dialog (Escape would close both).
  await formDialog.getByRole('heading', { name: 'Policy Form' }).click();
  await formDialog.getByText('Surplus Lines', { exact: true }).click();
  await expect(formDialog.getByRole('checkbox', { name: 'Surplus Lines' })).toBeChecked();
  await formDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Form saved successfully.')).toBeVisible();

  await page.getByRole('searchbox').fill(formName);
  await expect(page.getByText('1–1 of 1')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: formName });
  await expect(row).toContainText(typeName);
  await expect(row).toContainText('Surplus Lines');
  await row.getByRole('button', { name: 'Row actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Download Document' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Attach Document' }).click();
  const attach = page.getByRole('dialog', { name: 'Attach Document' });
  const pdf = await PDFDocument.create();
  pdf.addPage().drawText(`Specimen ${formName}`, { x: 50, y: 700, size: 12 });
  await attach.getByLabel('Document').setInputFiles({ name: `PN-${suffix}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) });
  await attach.getByRole('button', { name: 'Attach' }).click();
  await expect(page.getByText('Document attached successfully.')).toBeVisible();
  await expect(row).toContainText(`PN-${suffix}.pdf`);

  await row.getByRole('button', { name: 'Row actions' }).click();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download Document' }).click()]);
  expect(file.suggestedFilename()).toBe(`PN-${suffix}.pdf`);
  const text = (await new PDFParse({ data: new Uint8Array(await readFile((await file.path())!)) }).getText()).text;
  expect(text).toContain(`Specimen ${formName}`);
});
