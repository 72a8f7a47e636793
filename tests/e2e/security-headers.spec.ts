import { expect, test, type Page } from '@playwright/test';
import { signInThroughPage } from './support/sign-in.ts';

/**
 * The Content-Security-Policy (no inline script, run-time styles from emotion and CodeMirror, data: images)
 * must not break any page. The browser reports a blocked resource twice: as a `securitypolicyviolation`
 * event in the page and as a console message; both are collected, and any one fails the test.
 */

/** Console texts Chromium writes when the policy blocks something (or when eval is refused). */
const POLICY_CONSOLE_TEXT = /Content Security Policy|Refused to (load|execute|apply|connect|frame|evaluate)/i;

/** Starts collecting violations on every document the page opens from now on. */
async function collectViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportPolicyViolation', (text: string) => violations.push(text));
  // Runs in every new document before its own scripts; added through the DevTools protocol, so the policy
  // itself does not apply to it.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportPolicyViolation(text: string): void }).reportPolicyViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  page.on('console', (message) => {
    if (POLICY_CONSOLE_TEXT.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    if (/EvalError|Content Security Policy/.test(`${error.name} ${error.message}`)) violations.push(`page error: ${error.message}`);
  });
  return violations;
}

/** Pages with the most moving parts under the policy, each with what shows it rendered. */
const PAGES: Array<[path: string, rendered: (page: Page) => Promise<void>]> = [
  ['/admin/studio', async (page) => {
    await expect(page.getByRole('heading', { name: 'Definition studio' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Definitions' }).getByRole('link', { name: 'claim', exact: true })).toBeVisible();
  }],
  // CodeMirror (its own <style> elements) and the live preview (the form runtime, ajv in the browser).
  ['/admin/studio/claim', async (page) => {
    await expect(page.getByRole('heading', { name: 'claim', exact: true })).toBeVisible();
    await expect(page.locator('.cm-editor')).toBeVisible();
    await expect(page.locator('.cm-content')).toContainText('"id"');
    await expect(page.getByTestId('studio-preview').getByText('Date of Loss', { exact: true })).toBeVisible();
  }],
  ['/admin/gallery', async (page) => {
    await expect(page.getByRole('heading', { level: 1, name: 'Definition gallery' })).toBeVisible();
  }],
  ['/admin/gallery/claim', async (page) => {
    await expect(page.getByRole('button', { name: 'Open as dialog' })).toBeVisible();
  }],
];

test('sign-in, the studio with its editor and the gallery run under the Content-Security-Policy without a violation', async ({ page }) => {
  test.setTimeout(60_000);
  const violations = await collectViolations(page);

  const login = await page.goto('/login');
  const policy = login?.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src 'self'/);
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await signInThroughPage(page, 'admin@provider.example');

  for (const [path, rendered] of PAGES) {
    await test.step(path, async () => {
      await page.goto(path);
      await rendered(page);
    });
  }

  expect(violations).toEqual([]);
});
