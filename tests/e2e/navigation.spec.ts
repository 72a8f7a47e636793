import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility.ts';
import { E2E_ORIGIN, E2E_UK_ORIGIN } from './support/origin.ts';
import { signInOnOrigin } from './support/sign-in.ts';

/**
 * The grouped navigation (issue 36) as data: per user, the header's height at a wide and a phone width, the
 * groups with entries that must sit in them (a subset: the user's permissions add others), every entry
 * opening its page from its group's menu, the drawer listing the same entries on a phone, the table-heavy
 * pages no wider than a phone's screen, and no serious accessibility fault in an open menu or drawer.
 */
interface NavUser {
  email: string;
  origin: string;
  area: string;
  /** group name as shown -> entries it must hold */
  groups: Record<string, string[]>;
  /** entries the user must not find anywhere */
  absent: string[];
  /** pages checked for width at 390 px */
  widePages: string[];
}

const USERS: NavUser[] = [
  {
    email: 'agent@agency.example',
    origin: E2E_ORIGIN,
    area: 'agency',
    groups: { Work: ['Inbox', 'Quotes', 'Policies', 'Claims'], Clients: ['Accounts'], Money: ['Billing'], Organizations: ['Teams', 'Agency Profile'], Integrations: ['Connectors'] },
    absent: ['Audit log', 'Studio'],
    widePages: ['Dashboard', 'Quotes', 'Policies', 'Accounts'],
  },
  {
    email: 'broker@brokerage.example',
    origin: E2E_UK_ORIGIN,
    area: 'agency',
    groups: { Work: ['Inbox', 'Quotes', 'Policies', 'Claims'], Clients: ['Accounts'], Money: ['Billing'], Organisations: ['Teams', 'Brokerage Profile'] },
    absent: ['Licenses', 'Licences', 'Audit log'],
    widePages: ['Dashboard', 'Quotes', 'Policies', 'Accounts'],
  },
  {
    email: 'admin@provider.example',
    origin: E2E_ORIGIN,
    area: 'admin',
    groups: {
      Work: ['Inbox', 'Quotes', 'Policies', 'Request Quote'],
      Clients: ['Accounts'],
      Organizations: ['Agencies', 'Carriers', 'Users'],
      'Reference data': ['States', 'Industry Codes'],
      Integrations: ['Webhooks', 'API Keys'],
      Administration: ['Studio', 'Audit log'],
    },
    absent: ['Agency Profile', 'Connectors'],
    widePages: ['Dashboard', 'Quotes', 'Policies', 'Accounts'],
  },
];

/** The header is one row: at most this tall at every width. */
const HEADER_MAX_PX = 64;

const headerHeight = (page: Page) => page.getByTestId('app-header').evaluate((header) => header.getBoundingClientRect().height);
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The wide screen's navigation: each group's name (as its menu button's accessible name) and entries. */
async function desktopGroups(page: Page): Promise<Record<string, string[]>> {
  const groups: Record<string, string[]> = {};
  const triggers = page.getByRole('navigation', { name: 'Main' }).locator('[data-testid^="nav-group-"]');
  for (const trigger of await triggers.all()) {
    const name = (await trigger.getAttribute('aria-label'))!;
    await trigger.click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    groups[name] = await menu.getByRole('menuitem').allInnerTexts();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  }
  return groups;
}

/** The phone's navigation drawer (opened): each group's heading and links. */
async function drawerGroups(page: Page): Promise<Record<string, string[]>> {
  const drawer = page.getByTestId('nav-drawer');
  const groups: Record<string, string[]> = {};
  for (const group of await drawer.getByRole('group').all()) {
    const name = (await group.getByRole('heading').innerText()).trim();
    groups[name.toLowerCase()] = (await group.getByRole('link').allInnerTexts()).map((text) => text.trim());
  }
  return groups;
}

for (const user of USERS) {
  test.describe(`${user.email} (${user.origin === E2E_UK_ORIGIN ? 'UK' : 'US'} edition)`, () => {
    test('at 1440 px the header is one row of direct links and group menus, and every entry opens its page from its menu', async ({ page }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width: 1440, height: 900 });
      await signInOnOrigin(page, user.origin, user.email);
      await page.goto(`${user.origin}/${user.area}/dashboard`);
      // The first page of a fresh sign-in loads the area's code: on a busy machine that has taken over 10 s.
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 30_000 });
      expect(await headerHeight(page)).toBeLessThanOrEqual(HEADER_MAX_PX);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('aria-current', 'page');
      // The group names are written out at this width.
      await expect(nav.locator('[data-testid^="nav-group-"]').first()).not.toHaveText('');

      const groups = await desktopGroups(page);
      for (const [group, entries] of Object.entries(user.groups)) {
        expect(groups[group], `the ${group} menu`).toEqual(expect.arrayContaining(entries));
      }
      const all = Object.values(groups).flat();
      for (const absent of user.absent) expect(all, `no entry ${absent}`).not.toContain(absent);
      // Each entry in exactly one group; the groups in the fixed order.
      expect(new Set(all).size).toBe(all.length);

      // An open menu: keyboard reachable and accessible.
      const work = nav.getByRole('button', { name: 'Work' });
      await work.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('menu')).toBeVisible();
      await expectAccessible(page, `${user.email}: the Work menu`);
      await page.keyboard.press('Escape');

      for (const [group, entries] of Object.entries(groups)) {
        for (const entry of entries) {
          const trigger = nav.getByRole('button', { name: group, exact: true });
          await trigger.click();
          await page.getByRole('menu').getByRole('menuitem', { name: entry, exact: true }).click();
          await expect(page.getByRole('heading', { level: 1 }).first(), `${group} > ${entry} opens its page`).toBeVisible();
          await expect(page).not.toHaveURL(/\/dashboard$/);
          // The group of the page now open is the one marked.
          await expect(trigger, `${group} is marked as the current page's group`).toHaveAttribute('aria-current', 'true');
        }
      }
    });

    test('at 390 px the header is a compact row, the drawer lists every group, and table pages fit the screen', async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: 390, height: 844 });
      await signInOnOrigin(page, user.origin, user.email);
      await page.goto(`${user.origin}/${user.area}/dashboard`);
      // The first page of a fresh sign-in loads the area's code: on a busy machine that has taken over 10 s.
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 30_000 });
      expect(await headerHeight(page)).toBeLessThanOrEqual(HEADER_MAX_PX);
      await expect(page.getByTestId('user-menu')).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

      const open = page.getByRole('button', { name: 'Open navigation' });
      await open.click();
      const drawer = page.getByTestId('nav-drawer');
      await expect(drawer).toBeVisible();
      await expect(drawer.getByRole('navigation', { name: 'Main' })).toBeVisible();
      const groups = await drawerGroups(page);
      for (const [group, entries] of Object.entries(user.groups)) {
        expect(groups[group.toLowerCase()], `the drawer's ${group}`).toEqual(expect.arrayContaining(entries));
      }
      await expectAccessible(page, `${user.email}: the navigation drawer`);
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();

      for (const label of user.widePages) {
        await open.click();
        await drawer.getByRole('link', { name: label, exact: true }).click();
        await expect(drawer).toBeHidden();
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        // The page's first table (if it has one) has its rows.
        if ((await page.getByRole('table').count()) > 0) await expect(page.getByRole('table').first().getByRole('row').nth(1)).toBeVisible();
        expect(await pageWidth(page), `${label} at 390 px is no wider than the screen`).toBeLessThanOrEqual(390);
        expect(await headerHeight(page)).toBeLessThanOrEqual(HEADER_MAX_PX);
      }
    });
  });
}
