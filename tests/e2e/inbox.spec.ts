import { expect, test, type Page } from '@playwright/test';
import { callApi } from './support/call-api.ts';
import { E2E_ORIGIN, E2E_UK_ORIGIN } from './support/origin.ts';
import { dismissToasts, signInOnOrigin } from './support/sign-in.ts';

/**
 * The agency's shared inbox at /agency/inbox, in Chromium against the real server in both editions (spec 002
 * section 2 '{basePath}/inbox'; section 3 Message): the demo world's messages list newest first; the user stars
 * one, labels it, opens its quote (which counts them as having seen it), archives it and finds it in the
 * Archived folder, then moves it back.
 */
const CASES = [
  { edition: 'us', origin: E2E_ORIGIN, user: 'agent@agency.example', name: 'Alex Agent' },
  { edition: 'uk', origin: E2E_UK_ORIGIN, user: 'broker@brokerage.example', name: 'Ben Broker' },
];

interface Message { id: string; subject: string; quoteId: string | null; quoteNumber: string | null; seenByMe: boolean; seenBy: string[]; isStarred: boolean; labels: string[] }

async function messages(page: Page, query: string): Promise<Message[]> {
  return (await callApi<{ content: Message[] }>(page, 'GET', `/api/inbox/v1/messages?size=100&${query}`)).data.content;
}

for (const c of CASES) {
  test(`an agency works its shared inbox (${c.edition})`, async ({ page }) => {
    await signInOnOrigin(page, c.origin, c.user);
    // A message about a quote that this user has not opened and nobody has starred.
    const target = (await messages(page, 'folder=INBOX')).find((message) => message.quoteId && !message.seenByMe && !message.isStarred && message.labels.length === 0);
    expect(target, 'a fresh demo message about a quote').toBeTruthy();

    await page.goto(`${c.origin}/agency/inbox`);
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Inbox' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    // The message by its quote number, from the address (as a link would), so no typing is still settling.
    await page.goto(`${c.origin}/agency/inbox?search=${encodeURIComponent(target!.quoteNumber!)}`);
    await expect(page.getByPlaceholder(/^Search by subject/)).toHaveValue(target!.quoteNumber!);
    const row = table.getByRole('row').filter({ hasText: target!.subject });
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Star', exact: true }).click();
    await expect(page.getByText('Message starred', { exact: true })).toBeVisible();
    await expect(row.getByRole('img', { name: 'Starred' })).toBeVisible();

    await dismissToasts(page);
    await row.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Labels', exact: true }).click();
    const labels = page.getByRole('dialog', { name: 'Labels' });
    await expect(labels.getByRole('textbox', { name: 'Message' })).toHaveValue(target!.subject);
    await labels.getByRole('combobox', { name: 'Labels' }).click();
    await page.getByRole('option', { name: 'Urgent' }).click();
    await labels.getByRole('heading', { name: 'Labels' }).click();
    await labels.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Labels saved', { exact: true })).toBeVisible();
    await expect(row).toContainText('Urgent');

    // Opening goes to the quote and counts the user as having seen the message.
    await row.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Open Quote', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/agency/quotes/${target!.quoteId}$`));
    const seen = (await messages(page, `folder=ALL&search=${encodeURIComponent(target!.quoteNumber!)}`)).find((message) => message.id === target!.id);
    expect(seen).toMatchObject({ seenByMe: true, isStarred: true, labels: ['Urgent'] });
    expect(seen!.seenBy).toContain(c.name);

    // Archived, it leaves the inbox for the Archived folder, and comes back.
    await page.goto(`${c.origin}/agency/inbox?search=${encodeURIComponent(target!.quoteNumber!)}`);
    await dismissToasts(page);
    await row.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Archive', exact: true }).click();
    await expect(page.getByText('Message archived', { exact: true })).toBeVisible();
    await expect(row).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Folder' }).selectOption({ label: 'Archived' });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Row actions' }).click();
    await page.getByRole('menuitem', { name: 'Move to Inbox', exact: true }).click();
    await expect(page.getByText('Message moved to the inbox', { exact: true })).toBeVisible();
    await expect(row).toHaveCount(0);
  });
}
