import { expect, test, type Page } from '@playwright/test';
import { signInThroughPage } from './support/sign-in.ts';

/**
 * The Content-Security-Policy (no inline script, styles from emotion and CodeMirror, data: images) must not
 * break any page: every violation the browser reports fails the test, on the pages with the most moving parts.
 */
function collectViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test('sign-in, the studio with its editor and the gallery run under the Content-Security-Policy without a violation', async ({ page }) => {
  const violations = collectViolations(page);
  const response = await page.goto('/login');
  expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self'/);
  await signInThroughPage(page, 'admin@provider.example');

  await page.goto('/admin/studio/claim');
  await expect(page.locator('.cm-editor')).toBeVisible();
  await expect(page.locator('.cm-content')).toContainText('"id"');

  await page.goto('/admin/gallery');
  await expect(page.getByRole('heading').first()).toBeVisible();

  expect(violations).toEqual([]);
});
