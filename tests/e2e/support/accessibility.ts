import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.1 A and AA rules axe checks. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The page as it stands has no serious or critical accessibility violation by axe (issue: 0 on every page
 * definition and the sign-in pages); the message names each rule and the first elements that break it.
 */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  // Colours are read as they settle: no hover left over from the click that led here, no transition half way.
  await page.mouse.move(0, 0);
  await page.evaluate(() =>
    Promise.race([
      Promise.all(document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity).map((animation) => animation.finished.catch(() => undefined))),
      new Promise((settled) => setTimeout(settled, 2_000)),
    ]),
  );
  // axe.run in the page itself (legacy mode): the default finishes each run in a new blank tab, which cost
  // 2 to 3 s a check; the console has no cross-origin frames, the one thing only that mode reaches. Only
  // violations are detailed (the passes were serialised and thrown away).
  const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).options({ resultTypes: ['violations'] }).setLegacyMode(true).analyze();
  const serious = result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(', ')})`);
  expect(serious, `${where}: serious or critical accessibility violations`).toEqual([]);
}
