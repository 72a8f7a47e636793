import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import {
  acceptCookies,
  apiToken,
  DEMO_PASSWORD,
  emailBox,
  lastMailId,
  latestMail,
  passwordBox,
  signInThroughPage,
} from './support/sign-in.ts';
import { accountIdOf, openInvitation } from './support/invitations.ts';
import { clickNavEntry } from './support/page-navigation.ts';

const MFA_USER = 'mfa@agency.example';
const JOIN_PASSWORD = 'Second-Factor-2026!';
const DIALOG_TITLE = 'Multi-Factor Authentication Not Enabled';

/** Signs mfa@agency.example in through the API with the e-mailed code; answers its access token. */
async function mfaUserToken(request: APIRequestContext): Promise<string> {
  const before = await lastMailId(request, MFA_USER);
  const asked = await request.post('/api/auth/v1/login', { data: { username: MFA_USER, password: DEMO_PASSWORD }, maxRedirects: 0 });
  expect(asked.status()).toBe(307);
  const mail = await latestMail(request, MFA_USER, /verification code is \d{6}/, before);
  const mfaCode = /verification code is (\d{6})/.exec(mail.body)![1]!;
  const signedIn = await request.post('/api/auth/v1/login', {
    data: { username: MFA_USER, password: DEMO_PASSWORD, mfaCode, mfaType: 'EMAIL' },
    maxRedirects: 0,
  });
  expect(signedIn.status()).toBe(200);
  return ((await signedIn.json()) as { accessToken: string }).accessToken;
}

/** The provider invites a new user into the account; they join through the e-mailed link (as in auth.spec). */
async function joinAccount(page: Page, request: APIRequestContext, accountId: string, email: string, dashboard: RegExp): Promise<void> {
  await openInvitation(page, request, accountId, email);
  await page.getByLabel('First Name').fill('Nadia');
  await page.getByLabel('Last Name').fill('Nofactor');
  await passwordBox(page).fill(JOIN_PASSWORD);
  await page.getByLabel('Confirm Password').fill(JOIN_PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(dashboard, { timeout: 10_000 });
}

const codeBox = (page: Page) => page.getByRole('textbox', { name: 'Verification Code', exact: true });
const nextCodeBox = (page: Page) => page.getByRole('textbox', { name: 'Next Verification Code', exact: true });

test('a user of an account that enforces MFA is stopped until they enrol by e-mail code; the next sign-in asks for a code', async ({ page, request }) => {
  const secureAgency = await accountIdOf(request, await mfaUserToken(request));
  const email = `no-mfa-${Date.now()}@secure.example`;
  await joinAccount(page, request, secureAgency, email, /\/agency\/dashboard$/);

  // Signing in again: the blocking dialog, which neither Escape nor a click outside closes.
  await page.goto('/logout');
  await expect(page.getByText("You've been successfully logged out.")).toBeVisible();
  await signInThroughPage(page, email, JOIN_PASSWORD);
  await expect(page).toHaveURL(/\/agency\/dashboard$/);
  const dialog = page.getByRole('alertdialog', { name: DIALOG_TITLE });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Secure Agency requires multi-factor authentication.');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();

  // Enable MFA opens the profile page, where the dialog does not show.
  await dialog.getByRole('button', { name: 'Enable MFA' }).click();
  await expect(page).toHaveURL(/\/agency\/profile$/);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  const setup = page.getByTestId('mfa-setup');
  await expect(setup).toContainText('Not enabled');
  const enable = setup.getByRole('button', { name: 'Enable MFA' });
  await expect(enable).toBeDisabled();
  // Keyboard only: focus the choices, pick E-mail, start.
  await setup.getByRole('radio', { name: 'E-mail' }).focus();
  await page.keyboard.press('Space');
  await expect(setup.getByRole('radio', { name: 'E-mail' })).toBeChecked();
  await expect(setup.getByRole('radio', { name: 'Text message' })).toBeDisabled();
  const first = await lastMailId(request, email);
  await enable.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('mfa-code-sent')).toHaveText('A verification code has been sent to your email address. It is valid for 5 minutes.');
  await latestMail(request, email, /turn on multi-factor authentication is \d{6}/, first);
  await expect(codeBox(page)).toBeFocused();
  await expect(nextCodeBox(page)).toHaveCount(0);

  // Resend: a new code comes.
  const second = await lastMailId(request, email);
  await setup.getByRole('button', { name: 'Resend code' }).click();
  await expect(page.getByTestId('mfa-resent')).toHaveText('A new code has been sent to your email address.');
  const mail = await latestMail(request, email, /turn on multi-factor authentication is \d{6}/, second);
  const code = /is (\d{6})/.exec(mail.body)![1]!;

  // A wrong code: the spec's failure text, then the right one.
  const verify = setup.getByRole('button', { name: 'Verify' });
  await codeBox(page).fill('12345');
  await expect(verify).toBeDisabled();
  await codeBox(page).fill(code === '000000' ? '111111' : '000000');
  await verify.click();
  await expect(page.getByTestId('mfa-setup-error')).toContainText('Failure to verify Email. Please try again!');
  await expect(page.getByTestId('mfa-setup-error')).toContainText('The verification code is incorrect. Please try again.');
  await codeBox(page).fill(code);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('mfa-setup-done')).toContainText('Multi-factor authentication is on.');
  await expect(page.getByTestId('mfa-setup-error')).toHaveCount(0);
  await expect(page.getByText('Multi-factor authentication: EMAIL')).toBeVisible();

  // The user was read again: the dialog stays away; an agency user stays where they are.
  await clickNavEntry(page, 'Dashboard');
  await expect(page).toHaveURL(/\/agency\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  // The next sign-in asks for the e-mailed code.
  await page.goto('/logout');
  await expect(page.getByText("You've been successfully logged out.")).toBeVisible();
  const before = await lastMailId(request, email);
  await page.goto('/login');
  await emailBox(page).fill(email);
  await passwordBox(page).fill(JOIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(codeBox(page)).toBeVisible();
  const signInMail = await latestMail(request, email, /verification code is \d{6}/, before);
  await codeBox(page).fill(/verification code is (\d{6})/.exec(signInMail.body)![1]!);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/agency\/dashboard$/, { timeout: 10_000 });
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('an insured user enrols an authenticator app with two consecutive codes and goes to the dashboard after 2 seconds', async ({ page, request }) => {
  const insured = await accountIdOf(request, await apiToken(request, 'policyholder@insured.example'));
  const email = `totp-${Date.now()}@insured.example`;
  await joinAccount(page, request, insured, email, /\/customer\/dashboard$/);
  await page.goto('/customer/profile');
  const setup = page.getByTestId('mfa-setup');
  await setup.getByText('Authenticator app', { exact: true }).click();
  await expect(setup.getByRole('radio', { name: 'Authenticator app' })).toBeChecked();

  // The QR code cannot be read: the spec's text; trying again works.
  await page.route('**/api/auth/v1/mfa/authenticator', (route) => route.fulfill({ status: 404, json: { message: 'Not found.' } }));
  await setup.getByRole('button', { name: 'Enable MFA' }).click();
  await expect(page.getByTestId('mfa-setup-error')).toContainText('An error has occurred fetching the QR Code. Please try again after some time.');
  await page.unroute('**/api/auth/v1/mfa/authenticator');
  await setup.getByRole('button', { name: 'Enable MFA' }).click();

  await expect(setup.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expect(setup.getByRole('img', { name: /QR code/ })).toHaveAttribute('src', /^data:image\/png;base64,/);
  const secret = (await page.getByTestId('mfa-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await expect(codeBox(page)).toBeFocused();
  await expect(nextCodeBox(page)).toBeVisible();

  // Codes that are not consecutive are refused with the spec's text.
  const now = Math.floor(Date.now() / 1000);
  const verify = setup.getByRole('button', { name: 'Verify' });
  await codeBox(page).fill(await generate({ secret, epoch: now - 30 }));
  await expect(verify).toBeDisabled();
  await nextCodeBox(page).fill(await generate({ secret, epoch: now - 300 }));
  await verify.click();
  await expect(page.getByTestId('mfa-setup-error')).toContainText('Failure to verify Authenticator App. Please try again!');

  // The previous code and the current one.
  await nextCodeBox(page).fill(await generate({ secret, epoch: now }));
  await verify.click();
  await expect(page.getByTestId('mfa-setup-done')).toContainText('Multi-factor authentication is on.');
  await expect(page).toHaveURL(/\/customer\/profile$/);
  await expect(page).toHaveURL(/\/customer\/dashboard$/, { timeout: 5_000 });

  // The next sign-in asks for the app's code.
  await page.goto('/logout');
  await expect(page.getByText("You've been successfully logged out.")).toBeVisible();
  await page.goto('/login');
  await emailBox(page).fill(email);
  await passwordBox(page).fill(JOIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(codeBox(page)).toBeVisible();
});

test('mfa@agency.example (Secure Agency, MFA by e-mail) signs in with the e-mailed code and is not stopped', async ({ page, request }) => {
  const before = await lastMailId(request, MFA_USER);
  await acceptCookies(page.context());
  await page.goto('/login');
  await emailBox(page).fill(MFA_USER);
  await passwordBox(page).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  const mail = await latestMail(request, MFA_USER, /verification code is \d{6}/, before);
  await codeBox(page).fill(/verification code is (\d{6})/.exec(mail.body)![1]!);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/agency\/dashboard$/, { timeout: 10_000 });
  await expect(page.getByTestId('user-menu')).toContainText('Secure Agency');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});
