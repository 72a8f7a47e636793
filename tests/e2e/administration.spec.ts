import { expect, test, type Locator } from '@playwright/test';
import { E2E_ORIGIN, E2E_UK_ORIGIN } from './support/origin.ts';
import { hasNavEntry, openFromMenu } from './support/page-navigation.ts';
import { acceptCookies, apiToken, dismissToasts, latestMail, linkPath, passwordBox, signInOnOrigin } from './support/sign-in.ts';

/**
 * Administration from the first day of a new agency (issue 10's journey), in both editions: a provider admin
 * adds the agency, its contact confirms through the e-mailed link and lands in the agency area, then adds a
 * user and a team, creates a client account through the two-stage dialog, adds a licence (US; the UK edition
 * has none to manage), creates an API key and a webhook. Afterwards another agency finds none of it.
 */
test.describe.configure({ timeout: 240_000 });

const NEW_PASSWORD = 'Copper-Kettle-2026!';

const CASES = [
  {
    edition: 'US', origin: E2E_ORIGIN, agencyWord: 'Agency', agencyName: 'Agency Name', npn: '4455667788', phone: '7205550188',
    company: 'Copperleaf', companyName: 'Copperleaf Software LLC', licences: true, otherAgency: 'agent@agency.example',
  },
  {
    edition: 'UK', origin: E2E_UK_ORIGIN, agencyWord: 'Brokerage', agencyName: 'Brokerage Name', npn: null, phone: '01179460188',
    company: 'Mersey Digital', companyName: 'Mersey Digital Agency Ltd', licences: false, otherAgency: 'broker@brokerage.example',
  },
] as const;

/** Picks an option of a combobox by typing its text. */
async function typeAndPick(scope: Locator, label: string, text: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).fill(text);
  await expect(scope.page().getByRole('option', { name: new RegExp(text) }).first()).toBeVisible();
  await scope.page().keyboard.press('Enter');
}

for (const c of CASES) {
  test(`${c.edition}: a new ${c.agencyWord.toLowerCase()} is added, its admin confirms, adds a user and a team, a client account, ${c.licences ? 'a licence, ' : ''}an API key and a webhook; another ${c.agencyWord.toLowerCase()} sees none of it`, async ({ page, request, browser }) => {
    const stamp = Date.now();
    const agency = `Copper Kettle ${c.agencyWord} ${stamp}`;
    const contact = `kit.${c.edition.toLowerCase()}.${stamp}@copperkettle.example`;
    const colleague = `lee.${c.edition.toLowerCase()}.${stamp}@copperkettle.example`;
    const team = `Riverside ${stamp}`;
    const keyName = `Copper key ${stamp}`;
    const webhookCompany = `Copper hooks ${stamp}`;

    // 1. The provider admin adds the agency; its contact is invited as its admin.
    await signInOnOrigin(page, c.origin, 'admin@provider.example');
    await page.goto(`${c.origin}/admin/manage/agencies`);
    await page.getByRole('button', { name: `Add ${c.agencyWord}` }).click();
    const add = page.getByRole('dialog', { name: c.agencyWord });
    await add.getByRole('textbox', { name: c.agencyName }).fill(agency);
    if (c.npn) await add.getByRole('textbox', { name: 'NPN' }).fill(c.npn);
    else await expect(add.getByRole('textbox', { name: 'NPN' })).toHaveCount(0);
    await add.getByRole('textbox', { name: 'First Name' }).fill('Kit');
    await add.getByRole('textbox', { name: 'Last Name' }).fill('Kettle');
    await add.getByRole('textbox', { name: 'Email' }).fill(contact);
    await add.getByRole('textbox', { name: 'Phone' }).fill(c.phone);
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Agency successfully added!', { exact: true })).toBeVisible();

    // 2. The contact confirms through the e-mailed link, in a browser of their own, and lands in the agency area.
    const mail = await latestMail(request, contact, /confirmUser/);
    const context = await browser.newContext();
    await acceptCookies(context, c.origin);
    const agent = await context.newPage();
    await agent.goto(`${c.origin}${linkPath(mail.body, 'confirmUser')}`);
    await passwordBox(agent).fill(NEW_PASSWORD);
    await agent.getByLabel('Confirm Password').fill(NEW_PASSWORD);
    await agent.getByRole('button', { name: 'Confirm' }).click();
    await expect(agent).toHaveURL(/\/agency\/dashboard$/, { timeout: 15_000 });
    await expect(agent.getByTestId('area-name')).toHaveText(c.agencyWord);

    // 3. A user, invited by e-mail.
    await openFromMenu(agent, 'Users');
    await agent.getByRole('button', { name: 'Add User' }).click();
    const user = agent.getByRole('dialog', { name: 'User' });
    await user.locator('#dialog_roleId').click();
    await agent.getByRole('option', { name: 'Producer', exact: true }).click();
    await user.getByRole('textbox', { name: 'First Name' }).fill('Lee');
    await user.getByRole('textbox', { name: 'Last Name' }).fill('Kettle');
    await user.getByRole('textbox', { name: 'Email' }).fill(colleague);
    await user.getByRole('button', { name: 'Save' }).click();
    await expect(agent.getByText('Lee Kettle created successfully and invited to login!', { exact: true })).toBeVisible();
    await expect(agent.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: colleague })).toContainText('Invited');
    expect(linkPath((await latestMail(request, colleague, /confirmUser/)).body, 'confirmUser')).toMatch(/^\/confirmUser\//);
    await dismissToasts(agent);

    // 4. A team.
    await openFromMenu(agent, 'Teams');
    await agent.getByRole('button', { name: 'Add Team' }).click();
    const teamDialog = agent.getByRole('dialog', { name: 'Team' });
    await teamDialog.getByRole('textbox', { name: 'Team Name' }).fill(team);
    await teamDialog.getByRole('button', { name: 'Save' }).click();
    await expect(agent.getByText('Team created', { exact: true })).toBeVisible();
    await expect(agent.getByRole('table', { name: 'Teams' }).getByRole('row').filter({ hasText: team })).toBeVisible();
    await dismissToasts(agent);

    // 5. A client account through the two-stage dialog: search, pick (the fields fill and lock), add on the new team.
    await openFromMenu(agent, 'Accounts');
    await agent.getByRole('button', { name: 'New Account' }).click();
    const account = agent.getByRole('dialog', { name: 'New Account' });
    await expect(account.getByTestId('dialog-submit')).toHaveText('Search');
    await account.getByRole('combobox', { name: 'Account Name' }).fill(c.company);
    await account.getByRole('option', { name: new RegExp(c.companyName) }).click();
    await expect(account.getByTestId('dialog-submit')).toHaveText('Add Account');
    await expect(account.getByRole('textbox', { name: c.edition === 'UK' ? 'Town/City' : 'City', exact: true })).toBeDisabled();
    if (c.edition === 'UK') await expect(account.getByRole('textbox', { name: 'Postcode', exact: true })).not.toHaveValue('');
    await account.getByRole('combobox', { name: 'Team', exact: true }).click();
    await agent.getByRole('option', { name: team, exact: true }).click();
    await account.getByTestId('dialog-submit').click();
    await expect(agent).toHaveURL(/\/agency\/submissions\?search=SUB-/);
    await expect(agent.getByText('Account Created Successfully!', { exact: true })).toBeVisible();
    await expect(agent.getByRole('table', { name: 'Submissions' }).getByRole('row').nth(1)).toContainText(c.companyName);
    await dismissToasts(agent);

    // 6. A licence (US); the UK edition has no licences to manage.
    if (c.licences) {
      await openFromMenu(agent, 'Licenses');
      await agent.getByRole('button', { name: 'Add License' }).click();
      const licence = agent.getByRole('dialog', { name: 'Agency License' });
      await licence.getByRole('textbox', { name: 'NPN', exact: true }).fill(c.npn!);
      await licence.getByRole('textbox', { name: 'License #', exact: true }).fill(`CK ${stamp % 100000}`);
      await typeAndPick(licence, 'State', 'Colorado');
      await licence.getByLabel('Expiration Date').fill('2031-06-30');
      await licence.getByRole('button', { name: 'Save' }).click();
      await expect(agent.getByText('License added', { exact: true })).toBeVisible();
      await expect(agent.getByRole('table', { name: 'Agency Licenses' }).getByRole('row').filter({ hasText: `CK ${stamp % 100000}` })).toContainText('Colorado');
      await dismissToasts(agent);
    } else {
      expect(await hasNavEntry(agent, 'Licenses')).toBe(false);
    }

    // 7. An API key, shown once, that works.
    await openFromMenu(agent, 'API Keys');
    await agent.getByRole('button', { name: 'Create API Key' }).click();
    const keyForm = agent.getByRole('dialog', { name: 'API Key' });
    await keyForm.getByRole('textbox', { name: 'Key Name' }).fill(keyName);
    await keyForm.getByRole('button', { name: 'Save' }).click();
    const reveal = agent.getByRole('alertdialog', { name: 'New API Key' });
    const key = (await reveal.getByTestId('revealed-value').textContent())!.trim();
    await reveal.getByRole('button', { name: 'Done' }).click();
    await expect(agent.getByRole('table', { name: 'API Keys' }).getByRole('row').filter({ hasText: keyName })).toBeVisible();
    const teamsByKey = await agent.evaluate(async (apiKey) => {
      const response = await fetch('/api/auth/v1/teams/all?size=100', { headers: { authorization: `ApiKey ${apiKey}` } });
      return { status: response.status, names: ((await response.json()).content ?? []).map((row: { name: string }) => row.name) };
    }, key);
    expect(teamsByKey.status).toBe(200);
    expect(teamsByKey.names).toContain(team);
    await dismissToasts(agent);

    // 8. A webhook.
    await openFromMenu(agent, 'Webhooks');
    await agent.getByRole('button', { name: 'Add Webhook' }).click();
    const hook = agent.getByRole('dialog', { name: 'New Webhook' });
    await hook.getByRole('textbox', { name: 'Company Name' }).fill(webhookCompany);
    await hook.getByRole('button', { name: 'Create' }).click();
    await expect(agent.getByText('WebHook Created Successfully!', { exact: true })).toBeVisible();
    await expect(agent.getByRole('table', { name: 'Webhooks' }).getByRole('row').filter({ hasText: webhookCompany })).toBeVisible();
    await context.close();

    // Another agency of the same edition finds none of it: not the account, the users, the team, the key or the webhook.
    const other = await apiToken(request, c.otherAgency);
    // The test's own requests cannot resolve the UK host: they go to the server's address with the edition's Host.
    const host = new URL(c.origin).host;
    const read = async (path: string) => {
      const response = await request.get(`${E2E_ORIGIN}${path}`, { headers: { authorization: `Bearer ${other}`, host } });
      expect(response.status(), path).toBe(200);
      return JSON.stringify(await response.json());
    };
    expect(await read(`/api/account/v1/accounts?size=100&search=${encodeURIComponent(c.company)}`)).not.toContain(agency);
    expect(await read(`/api/auth/v1/teams/all?size=3000&search=${encodeURIComponent(team)}`)).not.toContain(team);
    expect(await read(`/api/auth/v1/api?size=100&search=${encodeURIComponent(keyName)}`)).not.toContain(keyName);
    expect(await read(`/api/webhook/v1?size=100&search=${encodeURIComponent(webhookCompany)}`)).not.toContain(webhookCompany);
    expect(await read(`/api/auth/v1/users?size=100&search=${encodeURIComponent(colleague)}`)).not.toContain(colleague);
  });
}
