import { expect, test, type Page } from '@playwright/test';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';
import { callApi } from './support/call-api.ts';
import { E2E_ORIGIN, E2E_UK_ORIGIN } from './support/origin.ts';
import { openFromMenu, rowAction } from './support/page-navigation.ts';
import { dismissToasts, signInOnOrigin } from './support/sign-in.ts';

/**
 * Integrations (spec 001 sections 2, 4, 5 and 8) in Chromium: an agency admin creates an API key, sees it
 * once and copies it ('Copied to Clipboard Successfully', gone after 2 seconds), calls the API with it,
 * regenerates it (the old secret is refused, the new one works) and deletes it; creates a webhook, edits its
 * URL (the 16-character rule, a refused save with the server's answer in the dialog) and removes it; and the
 * API activity page shows the key's requests; Sync Lead on a client account sends it to a real receiver through
 * the agency's webhook, and the webhooks page's delivery log shows it Delivered. The UK brokerage does the
 * same in UK wording.
 */

/** What the API answers a request made with this key, from the page (whose origin picks the edition). */
async function statusWithKey(page: Page, apiKey: string): Promise<number> {
  return page.evaluate(async ({ key }) => (await fetch('/api/auth/v1/teams/all', { headers: { authorization: `ApiKey ${key}` } })).status, { key: apiKey });
}

const CASES = [
  { edition: 'US', origin: E2E_ORIGIN, user: 'agent@agency.example', area: 'agency', organisation: 'Organization', secure: true },
  { edition: 'UK', origin: E2E_UK_ORIGIN, user: 'broker@brokerage.example', area: 'agency', organisation: 'Organisation', secure: false },
];

for (const { edition, origin, user, area, organisation, secure } of CASES) {
  test(`${edition}: an agency admin creates an API key, copies it, uses it, regenerates it and deletes it`, async ({ page, context }) => {
    // The Clipboard API needs a secure origin (127.0.0.1 is one); on the plain-http .uk host the copy falls back.
    if (secure) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const name = `E2E key ${edition} ${Date.now()}`;
    await signInOnOrigin(page, origin, user);
    await page.goto(`${origin}/${area}/dashboard`);
    await openFromMenu(page, 'API Keys', 'API Keys');
    const table = page.getByRole('table', { name: 'API Keys' });
    await expect(table.getByRole('columnheader', { name: organisation })).toBeVisible();

    await page.getByRole('button', { name: 'Create API Key' }).click();
    const form = page.getByRole('dialog', { name: 'API Key' });
    await form.getByRole('textbox', { name: 'Key Name' }).fill(name);
    await form.getByRole('textbox', { name: 'Description' }).fill('Made by the end-to-end test');
    await form.getByRole('button', { name: 'Save' }).click();
    const reveal = page.getByRole('alertdialog', { name: 'New API Key' });
    await expect(reveal).toBeVisible();
    const first = (await reveal.getByTestId('revealed-value').textContent())!.trim();
    expect(first).toMatch(/^ck_[A-Za-z0-9]{20}\.[A-Za-z0-9]{40}$/);
    await reveal.getByRole('button', { name: 'Copy' }).click();
    const copied = reveal.getByText('Copied to Clipboard Successfully', { exact: true });
    await expect(copied).toBeVisible();
    if (secure) expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
    // The confirmation hides after 2 seconds.
    await expect(copied).toBeHidden({ timeout: 3_500 });
    await reveal.getByRole('button', { name: 'Done' }).click();
    await expect(reveal).toBeHidden();
    const row = table.getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();
    // Once closed, the secret is nowhere on the page.
    await expect(page.getByText(first.split('.')[1]!)).toHaveCount(0);
    expect(await statusWithKey(page, first)).toBe(200);
    await dismissToasts(page);

    await rowAction(page, 'API Keys', name, 'Regenerate');
    const confirm = page.getByRole('alertdialog', { name: 'Regenerate' });
    await expect(confirm).toContainText('Its current secret stops working at once');
    await confirm.getByRole('button', { name: 'Regenerate' }).click();
    await expect(page.getByText('Successfully regenerated the API Key', { exact: true })).toBeVisible();
    await expect(reveal).toBeVisible();
    const second = (await reveal.getByTestId('revealed-value').textContent())!.trim();
    expect(second.split('.')[0]).toBe(first.split('.')[0]);
    expect(second).not.toBe(first);
    await reveal.getByRole('button', { name: 'Done' }).click();
    expect(await statusWithKey(page, first)).toBe(401);
    expect(await statusWithKey(page, second)).toBe(200);
    await dismissToasts(page);

    await rowAction(page, 'API Keys', name, 'Delete');
    await page.getByRole('alertdialog', { name: 'Delete' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Successfully removed the API Key', { exact: true })).toBeVisible();
    await expect(row).toHaveCount(0);
    expect(await statusWithKey(page, second)).toBe(401);

    // The key's requests, refused ones included, are on the API activity page.
    await openFromMenu(page, 'API Activity', 'API Activity');
    await expect(page.getByTestId('api-activity-overview')).toBeVisible();
    await expect(page.getByTestId('api-activity-chart')).toBeVisible();
    await page.getByRole('tab', { name: 'Requests' }).click();
    const requests = page.getByRole('table', { name: 'Requests' });
    await expect(requests.getByRole('columnheader', { name: organisation })).toBeVisible();
    await page.getByPlaceholder('Search by path, method or key').fill(name);
    // The first secret and the second worked once each; the first was refused after the regeneration. A deleted key is no one's.
    const keyRows = requests.getByRole('row').filter({ hasText: name });
    await expect(keyRows).toHaveCount(3);
    // The status is matched as a whole cell: the key's name holds a timestamp, which may contain '401'.
    await expect(keyRows.filter({ has: page.getByRole('cell', { name: '401', exact: true }) })).toHaveCount(1);
  });

  test(`${edition}: an agency admin creates a webhook, edits it and removes it`, async ({ page }) => {
    const company = `E2E Webhook ${edition} ${Date.now()}`;
    await signInOnOrigin(page, origin, user);
    await page.goto(`${origin}/${area}/dashboard`);
    await openFromMenu(page, 'Webhooks', 'Webhooks');
    const table = page.getByRole('table', { name: 'Webhooks' });

    await page.getByRole('button', { name: 'Add Webhook' }).click();
    const create = page.getByRole('dialog', { name: 'New Webhook' });
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(create.getByText('Company Name is a required field')).toBeVisible();
    await create.getByRole('textbox', { name: 'Company Name' }).fill(company);
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('WebHook Created Successfully!', { exact: true })).toBeVisible();
    const row = table.getByRole('row').filter({ hasText: company });
    await expect(row).toBeVisible();
    await dismissToasts(page);

    const other = table.getByRole('row').filter({ hasNotText: company }).filter({ has: page.getByRole('cell') }).first();
    const takenClientId = (await other.getByRole('cell').nth(1).textContent())!.trim();
    expect(takenClientId).toMatch(/^[A-Za-z0-9]{32}$/);
    await rowAction(page, 'Webhooks', company, 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit Webhook' });
    const clientId = edit.getByRole('textbox', { name: 'Client ID' });
    await expect(clientId).toHaveValue(/^[A-Za-z0-9]{32}$/);
    await expect(edit.getByRole('textbox', { name: 'Client Secret' })).toHaveValue(/^[A-Za-z0-9]{32}$/);
    const url = edit.getByRole('textbox', { name: 'Webhook URL' });
    await url.fill('https://hook.io');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByText('Webhook URL must be exactly 16 characters')).toBeVisible();
    // A client ID another webhook of the organisation uses (the demo one): the server's answer shows in the dialog.
    await url.fill('https://hook.io/');
    const ownClientId = await clientId.inputValue();
    await clientId.fill(takenClientId);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByTestId('dialog-error')).toHaveText('Failed to update webhook. Another webhook already uses this Client ID.');
    await clientId.fill(ownClientId);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('WebHook Updated successfully!', { exact: true })).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('https://hook.io/');
    await dismissToasts(page);

    await rowAction(page, 'Webhooks', company, 'Delete');
    await page.getByRole('alertdialog', { name: 'Delete' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('WebHook Removed Successfully!', { exact: true })).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test(`${edition}: Sync Lead sends the client account to the agency's webhook, and the delivery log shows it`, async ({ page }) => {
    // The delivery sweep runs every 3 s beside a busy browser: room for a slow machine.
    test.setTimeout(90_000);
    const receiver = await startWebhookReceiver();
    try {
      await signInOnOrigin(page, origin, user);
      const created = await callApi<{ id: string; clientId: string }>(page, 'POST', '/api/webhook/v1/createHook', { companyName: `E2E Leads ${edition} ${Date.now()}` });
      expect(created.status).toBe(201);
      const { id, clientId } = created.data;
      const saved = await callApi(page, 'PUT', '/api/webhook/v1', { id, clientId, clientSecret: 'L'.repeat(32), webhookUrl: receiver.url });
      expect(saved.status).toBe(200);
      const accounts = await callApi<{ content: { id: string; name: string }[] }>(page, 'GET', '/api/account/v1/accounts?size=1&sort=name,asc');
      const client = accounts.data.content[0]!;

      await page.goto(`${origin}/${area}/accounts/${client.id}`);
      await page.getByRole('button', { name: 'Sync Lead', exact: true }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Sync Lead' });
      await expect(confirm).toContainText(`your ${edition === 'UK' ? 'brokerage' : 'agency'}'s systems`);
      await confirm.getByRole('button', { name: 'Sync Lead' }).click();
      await expect(page.getByText(`Sync Lead initiated for ${client.name}.`, { exact: true })).toBeVisible();

      // The server's delivery sweep sends it within seconds: the receiver gets the lead.
      await expect.poll(() => receiver.received.map((request) => JSON.parse(request.body)).find((event) => event.data?.id === client.id)?.event, { timeout: 30_000 }).toBe('lead.sync');

      // The attempt is recorded once the receiver has answered: wait for the log to say so, then read it on the page.
      await expect.poll(async () => {
        const log = await callApi<{ content: { status: string; responseStatus: number | null }[] }>(page, 'GET', `/api/webhook/v1/deliveries?webhookId=${id}`);
        return log.data.content[0]?.status;
      }, { timeout: 20_000 }).toBe('Delivered');
      await openFromMenu(page, 'Webhooks', 'Webhooks');
      const delivered = page.getByRole('table', { name: 'Deliveries' }).getByRole('row')
        .filter({ hasText: client.name }).filter({ hasText: `E2E Leads ${edition}` });
      await expect(delivered.first()).toContainText('Delivered', { timeout: 10_000 });
      await expect(delivered.first()).toContainText('200');
      expect((await callApi(page, 'DELETE', `/api/webhook/v1/${id}`)).status).toBe(200);
    } finally {
      await receiver.close();
    }
  });
}
