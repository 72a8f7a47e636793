import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { E2E_ORIGIN } from './support/origin.ts';
import { signInOnOrigin } from './support/sign-in.ts';

/**
 * The oversight dashboards (spec 002 section 3: carrier, cluster and digital-agent binders) against the real
 * server in Chromium: an overseer opens a policy and a binder of its agencies from its dashboard, reads them
 * with their history, downloads the binder as a PDF, and is offered no change.
 */
const OVERSEERS = [
  { persona: 'cluster', email: 'cluster@cluster.example' },
  { persona: 'carrier', email: 'carrier@carrier.example' },
  { persona: 'da', email: 'da@aggregator.example' },
];

for (const { persona, email } of OVERSEERS) {
  test(`${persona}: opens a policy and a binder of its agencies from the dashboard, read-only, and downloads the binder`, async ({ page }) => {
    await signInOnOrigin(page, E2E_ORIGIN, email);
    await page.goto(`${E2E_ORIGIN}/${persona}/dashboard?tab=POLICIES`);
    const policies = page.getByRole('table', { name: 'Policies' });
    const policyRow = policies.getByRole('row').nth(1);
    const policyNumber = (await policyRow.getByRole('cell').filter({ hasText: /^P-\d{4}-\d{6}$/ }).first().textContent())!;
    await policyRow.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'View Policy' }).click();
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^Policy ${policyNumber} - `) })).toBeVisible();
    await expect(page.getByRole('table', { name: 'History' }).getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('button', { name: /Cancel Policy|Endorse|Renew/ })).toHaveCount(0);
    // Its policy PDF is theirs to read.
    const [policyFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Policy' }).click()]);
    const policyText = (await new PDFParse({ data: new Uint8Array(await readFile((await policyFile.path())!)) }).getText()).text;
    expect(policyText).toContain(policyNumber);

    await page.goto(`${E2E_ORIGIN}/${persona}/dashboard?tab=BINDERS`);
    const binderRow = page.getByRole('table', { name: 'Binders' }).getByRole('row').nth(1);
    const binderNumber = (await binderRow.getByRole('cell').filter({ hasText: /^B-\d{4}-\d{6}$/ }).first().textContent())!;
    await binderRow.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'View Binder' }).click();
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^Binder ${binderNumber} - `) })).toBeVisible();
    await expect(page.getByRole('button', { name: /Issue Policy|Rescind Binder/ })).toHaveCount(0);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Binder' }).click()]);
    const text = (await new PDFParse({ data: new Uint8Array(await readFile((await download.path())!)) }).getText()).text;
    expect(text).toContain(binderNumber);
  });
}
