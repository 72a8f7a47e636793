import { chromium, expect, test } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../support/chromium.ts';
import { expectAccessible } from './support/accessibility.ts';
import { E2E_ORIGIN, E2E_PORT, E2E_UK_ORIGIN } from './support/origin.ts';
import {
  acceptCookies,
  apiToken,
  DEMO_PASSWORD,
  emailBox,
  lastMailId,
  latestMail,
  linkPath,
  passwordBox,
  signInThroughApi,
  signInThroughPage,
} from './support/sign-in.ts';
import { accountIdOf, openInvitation } from './support/invitations.ts';

/** Every demo persona and the dashboard its account type lands on (spec 000 section 2). */
const PERSONAS: ReadonlyArray<[email: string, dashboard: string]> = [
  ['admin@provider.example', '/admin/dashboard'],
  ['agent@agency.example', '/agency/dashboard'],
  ['policyholder@insured.example', '/customer/dashboard'],
  ['carrier@carrier.example', '/carrier/dashboard'],
  ['da@aggregator.example', '/da/dashboard'],
  ['mssp@mssp.example', '/mssp/dashboard'],
  ['cluster@cluster.example', '/cluster/dashboard'],
  ['vendor@vendor.example', '/vendor/claims'],
  ['reinsurer@reinsurer.example', '/reinsurer/dashboard'],
  ['processor@premium.example', '/premiumprocessor/dashboard'],
];

test.describe('sign in through the login page', () => {
  for (const [email, dashboard] of PERSONAS) {
    test(`${email} lands on ${dashboard}`, async ({ page }) => {
      await signInThroughPage(page, email);
      await expect(page).toHaveURL(new RegExp(`${dashboard}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }

  test('/ goes to /login, and the loading page says it is preparing the account', async ({ page }) => {
    await acceptCookies(page.context());
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await emailBox(page).fill('carrier@carrier.example');
    await passwordBox(page).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText("We're preparing you to enter an account.")).toBeVisible();
    await expect(page.getByText('Please wait.')).toBeVisible();
    await expect(page).toHaveURL(/\/carrier\/dashboard$/);
  });

  test('a wrong password shows the invalid-credentials message', async ({ page }) => {
    await acceptCookies(page.context());
    await page.goto('/login');
    await emailBox(page).fill('underwriter@provider.example');
    await passwordBox(page).fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByTestId('form-error')).toHaveText('Invalid credentials. Please try again.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the remember-this-device checkbox shows while its flag is on', async ({ page }) => {
    await acceptCookies(page.context());
    await page.goto('/login');
    await expect(page.getByText('Remember this device')).toBeVisible();
    await expect(page.getByText('Reset MFA')).toHaveCount(0);
  });

  test('a signed-in visitor of /login goes to their dashboard', async ({ page }) => {
    await signInThroughApi(page, 'mssp@mssp.example');
    await page.goto('/login');
    await expect(page).toHaveURL(/\/mssp\/dashboard$/);
  });
});

test('MFA: the 6-digit code from the outbox signs in; Login waits for exactly 6 characters', async ({ page, request }) => {
  const email = 'mfa@agency.example';
  const before = await lastMailId(request, email);
  await acceptCookies(page.context());
  await page.goto('/login');
  await emailBox(page).fill(email);
  await passwordBox(page).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  const code = page.getByRole('textbox', { name: 'Verification Code' });
  await expect(code).toBeVisible();
  await expect(code).toBeFocused();
  await expect(page.getByRole('link', { name: 'Reset MFA' })).toBeVisible();
  const login = page.getByRole('button', { name: 'Login' });
  await expect(login).toBeDisabled();
  await code.fill('12345');
  await expect(login).toBeDisabled();
  const mail = await latestMail(request, email, /verification code is \d{6}/, before);
  const sent = /verification code is (\d{6})/.exec(mail.body)![1]!;
  await code.fill(sent);
  await expect(login).toBeEnabled();
  await login.click();
  await expect(page).toHaveURL(/\/agency\/dashboard$/, { timeout: 10_000 });
});

test('Reset MFA opens the confirmation dialog on the forgot-password page', async ({ page }) => {
  await acceptCookies(page.context());
  await page.goto('/login');
  await emailBox(page).fill('mfa@agency.example');
  await passwordBox(page).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('link', { name: 'Reset MFA' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Reset Multi Factor Authentication' })).toBeVisible();
  await passwordBox(dialog).fill('wrong-password');
  await dialog.getByRole('button', { name: 'Reset MFA' }).click();
  await expect(dialog.getByTestId('dialog-error')).toHaveText('Invalid login credentials. Please reset your password first, if necessary.');
  await passwordBox(dialog).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Reset MFA' }).click();
  await expect(page.getByTestId('reset-sent')).toHaveText('An email has been sent to you. Please follow the instructions to reset your MFA.');
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('cancelling the MFA reset goes back to sign-in', async ({ page }) => {
  await acceptCookies(page.context());
  await page.goto('/login');
  await emailBox(page).fill('mfa@agency.example');
  await passwordBox(page).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('link', { name: 'Reset MFA' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Reset Multi Factor Authentication' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('forgot password and reset: the e-mailed link sets a new password that then signs in', async ({ page, request }) => {
  const email = 'underwriter@provider.example';
  const newPassword = 'Fresh-Start-2026-xy!';
  const before = await lastMailId(request, email);
  await acceptCookies(page.context());
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByTestId('reset-sent')).toHaveText('An email has been sent to you. Please follow the instructions to reset your password.', {
    timeout: 20_000,
  });

  const mail = await latestMail(request, email, /confirmPasswordReset/, before);
  await page.goto(linkPath(mail.body, 'confirmPasswordReset'));
  const save = page.getByRole('button', { name: 'Save Password' });
  await expect(save).toBeDisabled();
  await page.getByLabel('New Password').fill(newPassword);
  await page.getByLabel('Confirm Password').fill(`${newPassword}x`);
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(save).toBeDisabled();
  await page.getByLabel('Confirm Password').fill(newPassword);
  await expect(page.getByText('Passwords do not match')).toHaveCount(0);
  await expect(page.getByTestId('password-checklist')).toBeVisible();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 10_000 });

  // The new password signs in; the old one no longer does.
  await page.goto('/logout');
  await expect(page.getByText("You've been successfully logged out.")).toBeVisible();
  expect((await request.post('/api/auth/v1/login', { data: { username: email, password: DEMO_PASSWORD } })).status()).toBe(401);
  await signInThroughPage(page, email, newPassword);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // The link works once.
  await page.goto(linkPath(mail.body, 'confirmPasswordReset'));
  await expect(page.getByTestId('link-failure')).toHaveText(
    "The reset link you're using has expired and you will need to get a new one to continue resetting your password",
  );
});

test('an invited user joins through the e-mailed link and signs in with the new password', async ({ page, request }) => {
  const email = `invitee-${Date.now()}@agency.example`;
  const password = 'Joining-Team-2026!';
  const accountId = await accountIdOf(request, await apiToken(request, 'agent@agency.example'));
  await openInvitation(page, request, accountId, email);
  await page.getByLabel('First Name').fill('Ivy');
  await page.getByLabel('Last Name').fill('Invitee');
  await passwordBox(page).fill(password);
  await page.getByLabel('Confirm Password').fill('something-else');
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/agency\/dashboard$/, { timeout: 10_000 });
  await expect(page.getByTestId('user-menu')).toContainText('Ivy Invitee');

  await page.goto('/logout');
  await expect(page.getByText("You've been successfully logged out.")).toBeVisible();
  await signInThroughPage(page, email, password);
  await expect(page).toHaveURL(/\/agency\/dashboard$/);
});

test('a new organisation signs up with its invitation code', async ({ page, request }) => {
  const email = `founder-${Date.now()}@newagency.example`;
  const admin = await apiToken(request, 'admin@provider.example');
  const invited = await request.post('/api/auth/v1/invitations', {
    headers: { Authorization: `Bearer ${admin}` },
    data: { tokenType: 'NEW_ACCOUNT', email, accountType: 'AGENCY', firstName: 'Nia', lastName: 'Founder' },
  });
  expect(invited.status()).toBe(201);
  const { invitationCode } = (await invited.json()) as { invitationCode: string };
  const mail = await latestMail(request, email, /signup-validation/);
  await acceptCookies(page.context());
  await page.goto(linkPath(mail.body, 'signup-validation'));
  await expect(page.getByRole('heading', { name: 'Sign up' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Sign Up' });
  await page.getByLabel('Invitation Code').fill(invitationCode);
  await page.getByLabel('Organization Name').fill('Founders Risk Group');
  await page.getByLabel('NPN Number').fill('12398745');
  await passwordBox(page).fill('Founding-Day-2026!');
  await expect(submit).toBeDisabled();
  await page.getByText('I agree to the Terms of Use and the Privacy Policy').click();
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page).toHaveURL(/\/agency\/dashboard$/, { timeout: 10_000 });
  await expect(page.getByTestId('user-menu')).toContainText('Founders Risk Group');
});

test('an expired or unknown sign-up link says so', async ({ page }) => {
  await acceptCookies(page.context());
  await page.goto('/signup-validation/not-a-real-token');
  await expect(page.getByTestId('link-failure')).toContainText('Link Expired/Not Found!');
});

test('a protected route sends the visitor to /login and back after signing in', async ({ page }) => {
  await acceptCookies(page.context());
  await page.goto('/admin/gallery/claim');
  await expect(page).toHaveURL(/\/login$/);
  await emailBox(page).fill('admin@provider.example');
  await passwordBox(page).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/gallery\/claim$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('sign-out clears the session; the dashboard then asks to sign in', async ({ page }) => {
  await signInThroughPage(page, 'agent@agency.example');
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  // On a busy machine a click right after the shell mounts has been seen to leave the menu open with the page
  // unchanged (the menu still opening): open it and choose Sign out again until the page changes.
  const signOut = page.getByRole('menuitem', { name: 'Sign out' });
  await expect(async () => {
    if (!(await signOut.isVisible())) await page.getByTestId('user-menu').click();
    await signOut.click({ timeout: 3_000 });
    await expect(page).toHaveURL(/\/logout$/, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText("You've been successfully logged out.")).toBeVisible();
  const stored = await page.evaluate(() => ({
    session: Object.keys(sessionStorage),
    local: Object.keys(localStorage),
  }));
  expect(stored.session).toEqual([]);
  expect(stored.local).toEqual(['theme']);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/agency/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a remembered device whose session cannot be refreshed is told why it has to sign in again', async ({ page }) => {
  await acceptCookies(page.context());
  await page.goto('/login');
  await emailBox(page).fill('reinsurer@reinsurer.example');
  await passwordBox(page).fill(DEMO_PASSWORD);
  await page.getByText('Remember this device').click();
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/reinsurer\/dashboard$/);
  expect(await page.evaluate(() => localStorage.getItem('auth.refreshToken'))).not.toBeNull();
  // The session ends elsewhere: the access token is refused and the refresh token is no longer valid.
  await page.evaluate(() => {
    sessionStorage.setItem('auth.accessToken', 'not.a-valid.token');
    localStorage.setItem('auth.refreshToken', 'revoked-refresh-token');
  });
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('session-notice')).toHaveText(
    'Your current session has expired. Please log back into the platform to refresh your session.',
  );
});

test('resend validation always says the same', async ({ page }) => {
  await acceptCookies(page.context());
  await page.goto('/resend-validation');
  await page.getByRole('textbox', { name: 'Email' }).fill('nobody@nowhere.example');
  await page.getByRole('button', { name: 'Resend Validation Email' }).click();
  await expect(page.getByTestId('validation-sent')).toHaveText('A validation email has been sent to your email address');
});

test('the public pages show their texts', async ({ page }) => {
  await acceptCookies(page.context());
  await page.goto('/signup-submitted');
  await expect(page.getByText('Thank you for signing up! Please check your email and confirm your account.')).toBeVisible();
  await page.goto('/serverdown');
  await expect(page.getByText('Apologies for the interruption, we are down for scheduled maintenance. Please check back soon.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Refresh' })).toHaveAttribute('href', '/loading');
  // /loading moves on as soon as it knows who is signed in (nobody here: to /login). Held on that answer, it stays
  // on its text, which is what this checks; unheld, whether the text is seen depends on the machine's speed.
  await page.route('**/api/**', () => undefined);
  await page.goto('/loading?accountName=Summit%20Risk%20Partners');
  await expect(page.getByText("You're entering Summit Risk Partners")).toBeVisible();
  await page.unroute('**/api/**');
  await page.goto('/password-expired');
  await expect(page.getByRole('heading', { name: 'Your password has expired' })).toBeVisible();
  await page.goto('/unsupported');
  await expect(page.getByRole('link', { name: 'Get Chrome' })).toBeVisible();
});

test('the one-time-code page opens the workflow page with the e-mailed code', async ({ page, request }) => {
  const email = 'policyholder@insured.example';
  const before = await lastMailId(request, email);
  await acceptCookies(page.context());
  await page.goto('/validate/5eed0000-0000-4000-8000-0000000e9a1d');
  await expect(page.getByRole('heading', { name: 'Access your payment page' })).toBeVisible();
  await expect(page.getByTestId('support-contact')).toBeVisible();
  await expect(page.getByRole('button', { name: /Send the code by text/ })).toBeDisabled();
  await page.getByRole('button', { name: /Send the code by email/ }).click();
  const mail = await latestMail(request, email, /\b\d{6}\b/, before);
  const code = /\b(\d{6})\b/.exec(mail.body)![1]!;
  await page.getByRole('textbox', { name: 'Access Code' }).fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
  // E_PAY leads to the payment page of the policyholder's policy (/policy/{id}/accountant-payment).
  await expect(page).toHaveURL(/\/customer\/policies\/[0-9a-f-]{36}\/payment$/, { timeout: 10_000 });
  await expect(page.getByTestId('policy-payment')).toBeVisible();
});

test('a .uk host shows the UK edition', async () => {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_LAUNCH.executablePath,
    args: [...CHROMIUM_LAUNCH.args, '--host-resolver-rules=MAP console.example.uk 127.0.0.1'],
  });
  try {
    const context = await browser.newContext({ baseURL: `http://console.example.uk:${E2E_PORT}` });
    await acceptCookies(context, `http://console.example.uk:${E2E_PORT}`);
    const page = await context.newPage();
    await page.goto('/login');
    await emailBox(page).fill('broker@brokerage.example');
    await passwordBox(page).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/agency\/dashboard$/, { timeout: 10_000 });
    await expect(page.getByTestId('area-name')).toHaveText('Brokerage');
    await expect(page.getByTestId('area-welcome')).toContainText('Brokerage · Thames Cyber Brokers');
  } finally {
    await browser.close();
  }
});

// The sign-in and other public pages of both editions, with and without the cookie bar: no serious or critical
// accessibility violation (axe). Each path waits on a text of its own, so axe reads the page, not a loader.
const PUBLIC_PAGES: Array<{ path: string; shows: RegExp }> = [
  { path: '/login', shows: /Sign in|Log in|Login/ },
  { path: '/forgot-password', shows: /password/i },
  { path: '/resend-validation', shows: /validation|email/i },
  { path: '/signup-submitted', shows: /Thank you for signing up/ },
  { path: '/password-expired', shows: /Your password has expired/ },
  { path: '/privacy-policy', shows: /Privacy/ },
  { path: '/terms-of-use', shows: /Terms/ },
  { path: '/status', shows: /status/i },
  { path: '/validate/5eed0000-0000-4000-8000-0000000e9a1d', shows: /Access your payment page/ },
  { path: '/no-such-page', shows: /not found|doesn't exist|does not exist/i },
];
for (const origin of [E2E_ORIGIN, E2E_UK_ORIGIN]) {
  test(`the public pages of ${new URL(origin).hostname} have no serious accessibility violation`, async ({ page }) => {
    // Ten pages at 2 to 3 s of axe each: near the default 30 s on a busy machine, so this case has more.
    test.setTimeout(90_000);
    for (const [index, { path, shows }] of PUBLIC_PAGES.entries()) {
      // The cookie bar is part of a first visit: the first page is checked with it.
      if (index === 1) await acceptCookies(page.context(), origin);
      await page.goto(`${origin}${path}`);
      await expect(page.getByText(shows).first()).toBeVisible();
      await expectAccessible(page, path);
    }
  });
}

// The check above must be able to fail: a nameless button and an image without alternative text planted
// on the sign-in page are both reported (axe runs in the page itself, see support/accessibility.ts).
test('the accessibility check reports a violation planted on the page', async ({ page }) => {
  await acceptCookies(page.context());
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await page.evaluate(() => {
    const button = document.createElement('button');
    const image = document.createElement('img');
    image.src = '/no-such-image.png';
    document.body.append(button, image);
  });
  const failure = await expectAccessible(page, '/login with planted violations').then(
    () => 'no failure',
    (error: Error) => error.message,
  );
  expect(failure).toContain('button-name');
  expect(failure).toContain('image-alt');
});
