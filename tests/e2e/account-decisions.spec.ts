import { expect, test, type Page } from '@playwright/test';
import { callApi } from './support/call-api.ts';
import { E2E_ORIGIN, E2E_UK_ORIGIN } from './support/origin.ts';
import { dismissToasts, signInOnOrigin } from './support/sign-in.ts';

/**
 * Decisions on a client account in Chromium against the real server (spec 002 section 4 'Accounts can be
 * declined, undeclined or marked lost'): in the US the underwriter declines a demo client from its account
 * page (the page then says why and Request Quote is refused) and undeclines it; in the UK the broker marks a
 * client lost with a fill-in reason and reopens it. Each ends where it began, for the suites after it.
 */

interface Case {
  edition: 'us' | 'uk';
  origin: string;
  user: string;
  area: 'admin' | 'agency';
  client: string;
  decide: { button: string; dialog: string; reasonLabel: string; reason: string; fillIn?: string; submit: string; toast: string; notice: string };
  undo: { button: string; confirm: string; toast: string };
}

const CASES: Case[] = [
  {
    edition: 'us', origin: E2E_ORIGIN, user: 'underwriter@provider.example', area: 'admin', client: 'Union Square Bistro Group',
    decide: { button: 'Decline Account', dialog: 'Decline Account', reasonLabel: 'Declaration Reason', reason: 'Poor Controls', submit: 'Decline', toast: 'Account Declined Successfully!',
      notice: 'This account was declined: Poor Controls. No quote can be requested until underwriting undeclines it.' },
    undo: { button: 'Undecline Account', confirm: 'Undecline', toast: 'Account Undeclined Successfully!' },
  },
  {
    edition: 'uk', origin: E2E_UK_ORIGIN, user: 'broker@brokerage.example', area: 'agency', client: 'Harbourside Architects LLP',
    decide: { button: 'Mark as Lost', dialog: 'Mark Account as Lost', reasonLabel: 'Loss Reason', reason: 'Fill-in option', fillIn: 'Chose a mutual insurer', submit: 'Mark as Lost',
      toast: 'Account Marked as Lost Successfully!', notice: 'This account was marked as lost: Chose a mutual insurer. Reopen it to quote again.' },
    undo: { button: 'Reopen Account', confirm: 'Reopen', toast: 'Account Reopened Successfully!' },
  },
];

async function accountIdOf(page: Page, name: string): Promise<string> {
  const found = await callApi<{ content: Array<{ id: string; name: string }> }>(page, 'GET', `/api/account/v1/accounts?size=25&search=${encodeURIComponent(name)}`);
  const account = found.data.content.find((row) => row.name === name);
  if (!account) throw new Error(`No demo account ${name}`);
  return account.id;
}

for (const c of CASES) {
  test(`${c.decide.button} and ${c.undo.button} from the account page (${c.edition})`, async ({ page }) => {
    await signInOnOrigin(page, c.origin, c.user);
    const accountId = await accountIdOf(page, c.client);
    await page.goto(`${c.origin}/${c.area}/accounts/${accountId}`);
    const profile = page.getByTestId('block-detail-account-profile');
    await profile.getByRole('button', { name: c.decide.button }).click();
    const dialog = page.getByRole('dialog', { name: c.decide.dialog });
    await expect(dialog.getByRole('textbox', { name: 'Account', exact: true })).toHaveValue(c.client);
    await dialog.getByRole('button', { name: c.decide.submit }).click();
    await expect(dialog.getByText(`${c.decide.reasonLabel} is required`)).toBeVisible();
    await dialog.getByRole('combobox', { name: c.decide.reasonLabel }).click();
    await page.getByRole('option', { name: c.decide.reason }).click();
    await dialog.getByRole('textbox', { name: 'Reason Description' }).fill('Discussed with the client on the phone');
    if (c.decide.fillIn) await dialog.getByRole('textbox', { name: 'Fill-In text' }).fill(c.decide.fillIn);
    await dialog.getByRole('button', { name: c.decide.submit }).click();
    await expect(page.getByText(c.decide.toast, { exact: true })).toBeVisible();
    await expect(profile.getByText(c.decide.notice)).toBeVisible();
    await expect(profile.getByRole('button', { name: 'Request Quote' })).toBeDisabled();
    await expect(profile.getByRole('button', { name: c.decide.button, exact: true })).toHaveCount(0);

    await dismissToasts(page);
    await profile.getByRole('button', { name: c.undo.button }).click();
    await page.getByRole('alertdialog').or(page.getByRole('dialog')).getByRole('button', { name: c.undo.confirm }).click();
    await expect(page.getByText(c.undo.toast, { exact: true })).toBeVisible();
    await expect(profile.getByText(c.decide.notice)).toHaveCount(0);
    const after = await callApi<{ status: string; statusDecision: unknown }>(page, 'GET', `/api/account/v1/account/${accountId}/profile`);
    expect(after.data).toMatchObject({ status: 'Open', statusDecision: null });
  });
}
