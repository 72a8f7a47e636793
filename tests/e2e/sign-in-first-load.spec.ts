import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, acceptCookies, emailBox, passwordBox } from './support/sign-in.ts';
import { E2E_ORIGIN, E2E_UK_ORIGIN } from './support/origin.ts';

/*
 * A first load of /login draws the sign-in page without the app (renderers/app/lean-sign-in.tsx), then hands
 * over to the app wherever the visitor goes. What the app's code would add (Chakra's styled components, rjsf)
 * must not be fetched until then; the budget's size check is tests/scripts/bundle-budget.mjs.
 */

/** The scripts a page fetched, by chunk name without its hash. */
function scriptsOf(page: Page): Set<string> {
  const names = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('.js')) names.add(url.pathname.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, ''));
  });
  return names;
}

for (const { edition, origin, email, dashboard, lang } of [
  { edition: 'us', origin: E2E_ORIGIN, email: 'agent@agency.example', dashboard: '/agency/dashboard', lang: 'en-US' },
  { edition: 'uk', origin: E2E_UK_ORIGIN, email: 'broker@brokerage.example', dashboard: '/agency/dashboard', lang: 'en-GB' },
]) {
  test.describe(`${edition}: a first load of /login`, () => {
    test('draws the form without the app, signs in, and the app takes over at the dashboard', async ({ page }) => {
      await acceptCookies(page.context(), origin);
      const scripts = scriptsOf(page);
      await page.goto(`${origin}/login`);
      await expect(emailBox(page)).toBeFocused();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      // Nothing of the app has been fetched: not its entry (app.tsx), and no Chakra styles are on the page.
      expect(scripts.has('app')).toBe(false);
      await expect(page.locator('style[data-emotion]')).toHaveCount(0);

      // The engine's rules and messages run as in the app: a submit with nothing typed says what is required.
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByTestId('field-username').getByTestId('field-error')).toHaveText('Email is a required field');
      await expect(emailBox(page)).toHaveAttribute('aria-invalid', 'true');
      await emailBox(page).fill('not-an-address');
      await emailBox(page).blur();
      await expect(page.getByTestId('field-username').getByTestId('field-error')).toHaveText('Please enter a valid email address');

      await emailBox(page).fill(email);
      await passwordBox(page).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page).toHaveURL(`${origin}${dashboard}`, { timeout: 15_000 });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The app took over: its entry was fetched and Chakra draws the dashboard.
      expect(scripts.has('app')).toBe(true);
      expect(await page.locator('style[data-emotion]').count()).toBeGreaterThan(0);
    });

    test('a link hands over to the app with its state, and Back returns to the sign-in page inside the app', async ({ page }) => {
      await acceptCookies(page.context(), origin);
      await page.goto(`${origin}/login`);
      await page.getByRole('link', { name: 'Forgot Password' }).click();
      await expect(page).toHaveURL(`${origin}/forgot-password`);
      await expect(page.getByRole('button', { name: 'Reset Password' })).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(`${origin}/login`);
      await emailBox(page).fill(email);
      await passwordBox(page).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page).toHaveURL(`${origin}${dashboard}`, { timeout: 15_000 });
    });

    test('the colour mode chosen there is the app’s after signing in', async ({ page }) => {
      await acceptCookies(page.context(), origin);
      await page.goto(`${origin}/login`);
      await expect(page.locator('html')).not.toHaveClass(/dark/);
      await page.getByRole('button', { name: 'Switch to dark mode' }).click();
      await expect(page.locator('html')).toHaveClass(/dark/);
      await emailBox(page).fill(email);
      await passwordBox(page).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page).toHaveURL(`${origin}${dashboard}`, { timeout: 15_000 });
      await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
      await expect(page.locator('html')).toHaveClass(/dark/);
    });

    test('a server that does not answer sends the visitor to the maintenance page', async ({ page }) => {
      await acceptCookies(page.context(), origin);
      await page.route('**/api/console-version', (route) => route.fulfill({ status: 503, body: '' }));
      await page.goto(`${origin}/login`);
      await expect(page).toHaveURL(`${origin}/serverdown`);
      await expect(page.getByText('Apologies for the interruption, we are down for scheduled maintenance. Please check back soon.')).toBeVisible();
    });
  });
}
