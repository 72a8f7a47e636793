import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ORIGIN, E2E_UK_ORIGIN } from './support/origin.ts';
import { clickNavEntry, rowAction } from './support/page-navigation.ts';
import { acceptCookies, apiToken, DEMO_PASSWORD, dismissToasts, lastMailId, latestMail, linkPath, signInOnOrigin } from './support/sign-in.ts';

/**
 * Users (spec 001): an agency admin adds a user through the user dialog (definitions/forms/user.json) in both
 * editions, who is e-mailed the confirm-user link; edits them; removes them with the simple confirmation, while
 * a user whose role reaches All accounts gets the warning. On the profile page a user uploads a photo, frames it
 * in the crop dialog and sees it in the user menu.
 */
const CASES = [
  { edition: 'US', origin: E2E_ORIGIN, user: 'agent@agency.example', phone: '3035550199', shown: '+1 (303) 555-0199', organisation: 'organization' },
  { edition: 'UK', origin: E2E_UK_ORIGIN, user: 'broker@brokerage.example', phone: '7700900777', shown: '+44 07700 900777', organisation: 'organisation' },
];

async function choose(page: Page, field: string, option: string) {
  await page.locator(`#dialog_${field}`).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

for (const { edition, origin, user, phone, shown, organisation } of CASES) {
  test(`${edition}: an agency admin adds a user, who is invited by e-mail, edits and removes them`, async ({ page, request }) => {
    const stamp = Date.now();
    const email = `new.producer.${edition.toLowerCase()}.${stamp}@users-e2e.example`;
    await signInOnOrigin(page, origin, user);
    await page.goto(`${origin}/agency/dashboard`);
    await clickNavEntry(page, 'Users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(page.getByText(`The users of your ${organisation}.`, { exact: false })).toBeVisible();
    const before = await lastMailId(request, email);

    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'User' });
    // The form's own rules before anything is sent: '{label} is a required field'.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Role is a required field')).toBeVisible();
    await expect(dialog.getByText('Email is a required field')).toBeVisible();
    // No Slack handle outside the admin area.
    await expect(dialog.getByRole('textbox', { name: 'Slack Handle' })).toHaveCount(0);
    await choose(page, 'roleId', 'Producer');
    await dialog.getByRole('textbox', { name: 'First Name' }).fill('Nadia');
    await dialog.getByRole('textbox', { name: 'Last Name' }).fill(`Newcomer ${edition}`);
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog.getByRole('textbox', { name: 'Phone Number' }).fill(phone);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Nadia Newcomer ${edition} created successfully and invited to login!`, { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Producer');
    await expect(row).toContainText('Invited');
    await expect(row).toContainText(shown);
    const mail = await latestMail(request, email, /confirmUser/, before);
    expect(linkPath(mail.body, 'confirmUser')).toMatch(/^\/confirmUser\/[A-Za-z0-9_-]+$/);
    await dismissToasts(page);

    await rowAction(page, 'Users', email, 'Edit');
    await expect(dialog.getByRole('textbox', { name: 'Last Name' })).toHaveValue(`Newcomer ${edition}`);
    await expect(dialog.getByRole('textbox', { name: 'Email' })).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Last Name' }).fill(`Settled ${edition}`);
    await choose(page, 'roleId', 'Customer Service');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('User updated successfully!', { exact: true })).toBeVisible();
    await expect(row).toContainText(`Nadia Settled ${edition}`);
    await expect(row).toContainText('Customer Service');
    await dismissToasts(page);

    // Customer Service reaches All accounts: removing such a user warns about it. Cancel, then make them a
    // producer, whose removal is a simple confirmation.
    await rowAction(page, 'Users', email, 'Remove');
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('This user has access to All accounts.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await rowAction(page, 'Users', email, 'Edit');
    await choose(page, 'roleId', 'Producer');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('User updated successfully!', { exact: true })).toBeVisible();
    await expect(row).toContainText('Producer');
    await dismissToasts(page);
    await rowAction(page, 'Users', email, 'Remove');
    await expect(confirm).toContainText('Are you sure you want to remove this user?');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('User Removed Successfully!', { exact: true })).toBeVisible();
    await expect(row).toHaveCount(0);

    // No one removes themselves: the admin's own row offers no Remove.
    await page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: user }).getByRole('button', { name: 'Row actions' }).click();
    await expect(page.getByRole('menuitem', { name: 'Remove' })).toHaveCount(0);
    await page.keyboard.press('Escape');
  });
}

test('a user uploads a profile photo, crops it and sees it in the user menu', async ({ page }) => {
  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 30, g: 100, b: 190 } } })
    .composite([{ input: await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 240, g: 190, b: 120 } } }).png().toBuffer(), left: 300, top: 150 }])
    .png()
    .toBuffer();
  await signInOnOrigin(page, E2E_ORIGIN, 'agent@otheragency.example');
  await page.goto(`${E2E_ORIGIN}/agency/profile`);
  const section = page.getByTestId('profile-picture');
  await expect(section.getByRole('button', { name: 'Upload photo' })).toBeVisible();
  await expect(page.getByTestId('user-menu-picture')).toHaveCount(0);

  // Too big is said at once.
  await page.getByTestId('profile-picture-file').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
  await expect(page.getByTestId('profile-picture-error')).toHaveText('The file size is too big, 2MB max.');

  await page.getByTestId('profile-picture-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
  const crop = page.getByTestId('picture-crop');
  await expect(crop.getByRole('heading', { name: 'Crop your photo' })).toBeVisible();
  const zoom = crop.getByRole('slider');
  await expect(zoom).toHaveAttribute('aria-valuemin', '1');
  await expect(zoom).toHaveAttribute('aria-valuemax', '3');
  await zoom.focus();
  for (let step = 0; step < 5; step += 1) await page.keyboard.press('ArrowRight');
  await expect(zoom).toHaveAttribute('aria-valuenow', '1.5');
  await crop.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Photo Uploaded Successfully!', { exact: true })).toBeVisible();
  await expect(crop).toBeHidden();
  await expect(page.getByTestId('user-menu-picture')).toBeVisible();
  await expect(page.getByTestId('profile-picture-image')).toBeVisible();
  // The picture shown is the server's crop: a square of 256 pixels.
  const size = await page.getByTestId('profile-picture-image').evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]);
  expect(size).toEqual([256, 256]);

  await section.getByRole('button', { name: 'Remove photo' }).click();
  await expect(page.getByTestId('user-menu-picture')).toHaveCount(0);
});

/** Opens the app with a session already held (tokens from the API), as the sign-in page would leave it. */
async function openWithTokens(page: Page, tokens: { accessToken: string; refreshToken: string }, path: string) {
  await acceptCookies(page.context());
  await page.goto('/api/console-version');
  await page.evaluate(({ accessToken, refreshToken }) => {
    sessionStorage.setItem('auth.accessToken', accessToken);
    sessionStorage.setItem('auth.refreshToken', refreshToken);
  }, tokens);
  await page.goto(path);
}

/** A user added by the agency admin who confirmed the e-mailed link with `password`: answers their session. */
async function confirmedUser(request: APIRequestContext, email: string, password: string) {
  const admin = await apiToken(request, 'agent@agency.example');
  const before = await lastMailId(request, email);
  const created = await request.post('/api/auth/v1/users', {
    headers: { authorization: `Bearer ${admin}` },
    data: { roleId: 'agency-producer', firstName: 'Mo', lastName: 'Factor', email },
  });
  expect(created.status()).toBe(201);
  const link = linkPath((await latestMail(request, email, /confirmUser/, before)).body, 'confirmUser');
  const confirmed = await request.post(`/api/auth/v1/validateUserInvited/${link.split('/').pop()}`, { data: { password } });
  expect(confirmed.status()).toBe(200);
  return (await confirmed.json()) as { accessToken: string; refreshToken: string };
}

test('a user turns multi-factor authentication off with their password; an organisation that enforces it offers no such thing', async ({ page, request }) => {
  const email = `mfa.off.${Date.now()}@users-e2e.example`;
  const password = 'Own-Password-2026!';
  const tokens = await confirmedUser(request, email, password);
  // MFA by e-mail code, turned on through the API.
  const before = await lastMailId(request, email);
  const auth = { authorization: `Bearer ${tokens.accessToken}` };
  expect((await request.put('/api/auth/v1/mfa/update?mfaType=EMAIL', { headers: auth })).status()).toBe(200);
  const code = /is (\d{6})/.exec((await latestMail(request, email, /multi-factor authentication is \d{6}/, before)).body)![1]!;
  expect((await request.post('/api/auth/v1/mfa/verify', { headers: auth, data: { mfa1: code } })).status()).toBe(200);

  await openWithTokens(page, tokens, '/agency/profile');
  const mfa = page.getByTestId('mfa-setup');
  await expect(mfa).toContainText('Current method: E-mail');
  const turnOff = mfa.getByTestId('mfa-turn-off');
  await expect(turnOff).toBeDisabled();
  await mfa.getByTestId('mfa-current-password').fill('Not-My-Password-1!');
  await turnOff.click();
  await expect(page.getByTestId('mfa-setup-error')).toContainText('The password or code is not correct');
  await mfa.getByTestId('mfa-current-password').fill(password);
  await turnOff.click();
  await expect(page.getByTestId('mfa-turned-off')).toHaveText('Multi-factor authentication is off.');
  await expect(mfa).toContainText('Current method: Not enabled');
  await expect(page.getByTestId('profile-summary')).toContainText('Multi-factor authentication: Not enabled');
  // It holds on the server: signing in asks for no code.
  expect((await request.post('/api/auth/v1/login', { data: { username: email, password }, maxRedirects: 0 })).status()).toBe(200);

  // Secure Agency enforces MFA: its user is told so, and no Turn off is offered.
  const mfaUser = 'mfa@agency.example';
  const asked = await lastMailId(request, mfaUser);
  expect((await request.post('/api/auth/v1/login', { data: { username: mfaUser, password: DEMO_PASSWORD }, maxRedirects: 0 })).status()).toBe(307);
  const signInCode = /verification code is (\d{6})/.exec((await latestMail(request, mfaUser, /verification code is \d{6}/, asked)).body)![1]!;
  const signedIn = await request.post('/api/auth/v1/login', { data: { username: mfaUser, password: DEMO_PASSWORD, mfaCode: signInCode, mfaType: 'EMAIL' } });
  await openWithTokens(page, (await signedIn.json()) as { accessToken: string; refreshToken: string }, '/agency/profile');
  await expect(page.getByTestId('mfa-enforced')).toHaveText('Secure Agency requires multi-factor authentication, so it cannot be turned off.');
  await expect(page.getByTestId('mfa-turn-off')).toHaveCount(0);
});

test('a user adds a phone number on the profile page, shown with the country code', async ({ page }) => {
  await signInOnOrigin(page, E2E_UK_ORIGIN, 'broker@brokerage.example');
  await page.goto(`${E2E_UK_ORIGIN}/agency/profile`);
  const summary = page.getByTestId('profile-summary');
  await summary.getByRole('button', { name: /Edit details|Add phone number/ }).click();
  const dialog = page.getByRole('dialog', { name: 'My details' });
  await dialog.getByRole('textbox', { name: 'Phone Number' }).fill('7700900123');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('profile-phone')).toHaveText('Phone: +44 07700 900123');
});
