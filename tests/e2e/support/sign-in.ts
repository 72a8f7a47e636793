import { expect, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { E2E_ORIGIN } from './origin.ts';

/** Every demo user's password (server/seed/demo-world.ts). */
export const DEMO_PASSWORD = 'Demo-Password-2026!';

/** The accessible name of the inputs (labels carry an aria-hidden asterisk). */
export const emailBox = (page: Page) => page.getByRole('textbox', { name: 'Email', exact: true });
export const passwordBox = (scope: Page | Locator) => scope.getByRole('textbox', { name: 'Password', exact: true });

/** Answers the cookie consent in advance, so the bar never covers a button. */
export async function acceptCookies(context: BrowserContext, url = E2E_ORIGIN): Promise<void> {
  await context.addCookies([{ name: 'cookieConsent', value: 'accepted', url }]);
}

/** Signs in through the login page and waits until the app left the sign-in pages. */
export async function signInThroughPage(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await acceptCookies(page.context());
  await page.goto('/login');
  await emailBox(page).fill(email);
  await passwordBox(page).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/(login|loading)(\/|\?|$)/, { timeout: 10_000 });
}

/** Signs in through the API and puts the tokens where the app keeps them (fast; for tests about other things). */
export async function signInThroughApi(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await acceptCookies(page.context());
  const response = await page.request.post('/api/auth/v1/login', { data: { username: email, password } });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
  const tokens = (await response.json()) as { accessToken: string; refreshToken: string };
  // Session storage belongs to the origin: open a page of the origin first, then store the tokens there.
  await page.goto('/api/console-version');
  await page.evaluate(({ accessToken, refreshToken }) => {
    sessionStorage.setItem('auth.accessToken', accessToken);
    sessionStorage.setItem('auth.refreshToken', refreshToken);
  }, tokens);
}

/** An access token for API calls made by the test itself. */
export async function apiToken(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await request.post('/api/auth/v1/login', { data: { username: email, password } });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

interface OutboxMessage {
  id: number;
  to: string;
  subject: string | null;
  body: string;
}

/** The development mailbox needs a provider staff session (it holds reset links and codes). */
const MAILBOX_READER = 'admin@provider.example';
const mailboxTokens = new WeakMap<APIRequestContext, { token: string; until: number }>();

async function readMailbox(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  let cached = mailboxTokens.get(request);
  if (!cached || cached.until < Date.now()) {
    // Access tokens last 15 minutes; take a new one well before.
    cached = { token: await apiToken(request, MAILBOX_READER), until: Date.now() + 10 * 60_000 };
    mailboxTokens.set(request, cached);
  }
  const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`, { headers: { authorization: `Bearer ${cached.token}` } });
  expect(response.status(), 'the development mailbox').toBe(200);
  return ((await response.json()) as { content: OutboxMessage[] }).content;
}

/** The newest message to an address that matches, waiting for it to arrive. */
export async function latestMail(request: APIRequestContext, to: string, matching: RegExp, after = 0): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const content = await readMailbox(request, to);
      found = content.find((message) => message.id > after && matching.test(message.body));
      return Boolean(found);
    }, { message: `a mail to ${to} matching ${matching}` })
    .toBe(true);
  return found!;
}

/** The id of the newest message to an address (0 when none), to wait for a newer one. */
export async function lastMailId(request: APIRequestContext, to: string): Promise<number> {
  const content = await readMailbox(request, to);
  return content[0]?.id ?? 0;
}

/** The path (and query) of the first console link in a mail body; the mail's host may differ from the test server's. */
export function linkPath(body: string, page: string): string {
  const match = new RegExp(`https?://[^\\s/]+(/${page}/[^\\s]+)`).exec(body);
  if (!match?.[1]) throw new Error(`no /${page}/ link in: ${body}`);
  return match[1];
}

/**
 * Opens the newest one-time-code link mailed to `email` (after mail `before`) in a browser of its own, as
 * the person it was sent to: asks for the code by e-mail, enters it and continues. Returns that page.
 * `heading` is the one the page shows for the link's flow (spec 000 /validate: a quote's by default).
 */
export async function openMailedCodeLink(
  browser: Browser, request: APIRequestContext, origin: string, email: string, before: number, heading = 'Access your quote',
): Promise<Page> {
  const mail = await latestMail(request, email, /\/validate\//, before);
  const context = await browser.newContext();
  await acceptCookies(context, origin);
  const page = await context.newPage();
  await page.goto(`${origin}${linkPath(mail.body, 'validate')}`);
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  const codeBefore = await lastMailId(request, email);
  await page.getByRole('button', { name: /Send the code by email/ }).click();
  const codeMail = await latestMail(request, email, /\b\d{6}\b/, codeBefore);
  await page.getByRole('textbox', { name: 'Access Code' }).fill(/\b(\d{6})\b/.exec(codeMail.body)![1]!);
  await page.getByRole('button', { name: 'Continue' }).click();
  return page;
}

/** Closes the toasts on screen (bottom right, they can cover a dialog's buttons until they time out). */
export async function dismissToasts(page: Page): Promise<void> {
  const dismiss = page.getByRole('button', { name: 'Dismiss notification' });
  // A toast already leaving cannot be clicked: try each once, then wait until none is left.
  for (let round = 0; round < 3 && (await dismiss.count()) > 0; round += 1) {
    await dismiss.first().click({ timeout: 2_000 }).catch(() => undefined);
  }
  await expect(dismiss).toHaveCount(0);
}

/**
 * Signs in through the API from a page of `origin` and keeps the tokens there: on a .uk host the session is
 * a UK one (the test browser resolves that host; Node does not, so the call is made by the page).
 */
export async function signInOnOrigin(page: Page, origin: string, username: string, password = DEMO_PASSWORD): Promise<void> {
  await acceptCookies(page.context(), origin);
  await page.goto(`${origin}/api/console-version`);
  await page.evaluate(
    async (credentials) => {
      const response = await fetch('/api/auth/v1/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(credentials) });
      if (!response.ok) throw new Error(`sign-in of ${credentials.username}: ${response.status}`);
      const tokens = (await response.json()) as { accessToken: string; refreshToken: string };
      sessionStorage.setItem('auth.accessToken', tokens.accessToken);
      sessionStorage.setItem('auth.refreshToken', tokens.refreshToken);
    },
    { username, password },
  );
}
