import { readFileSync, readdirSync } from 'node:fs';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { OPERATIONS } from '../../api/operations.ts';
import type { PageAction, PageDefinition, TableDefinition } from '../../engine/definitions/types.ts';
import type { EditionId } from '../../engine/editions/edition-types.ts';
import { getPath } from '../../engine/json/paths.ts';
import { blocksOf } from '../../engine/pages/page-blocks.ts';
import { PERSONAS } from '../../engine/personas/personas.ts';
import { E2E_ORIGIN, E2E_UK_ORIGIN } from './support/origin.ts';
import { expectAccessible } from './support/accessibility.ts';
import { goInApp } from './support/page-navigation.ts';
import { signInOnOrigin } from './support/sign-in.ts';

/**
 * Every page definition, in both editions, for a user of each area it is mounted in: the page mounts
 * (its heading, no error page, no refusal) with no serious accessibility violation (axe, as is each detail
 * page an action leads to), each table block's operation answers rows that have the
 * table's declared columns, every row action offered on the first row and every toolbar action opens
 * what it names (a dialog that loads, a confirmation, another page). New page definitions are covered
 * without a new test. The definitions come from the per-edition snapshots of resolved definitions,
 * which tests/unit/definitions-snapshots.test.ts keeps current; the lint runs in
 * tests/unit/definitions-lint.test.ts.
 *
 * The tests of one user in one edition run one after another in the same signed-in tab, as a user moves
 * between pages: the sign-in happens once, and each page is opened inside the running app as a link would
 * (goInApp), not loaded afresh. A fresh context per test spent about 2.5 s of each test downloading and
 * compiling the app again, and a fresh load in the same tab still started the app again each time.
 */

/**
 * The signed-in tab of the user tested now; the previous user's is closed when the next one starts. It keeps
 * the answers to the tab's reads: a page opened inside the app may show a list the app read up to a minute
 * before for another page (LIST_STALE_MS, spec 001 section 9), so what a table shows was answered earlier in
 * the same tab, not necessarily during its own test.
 */
class SignedInTab {
  private current?: { key: string; context: BrowserContext; page: Page; answers: Map<string, unknown> };
  constructor(private readonly browser: Browser) {}

  async of(origin: string, user: string): Promise<{ page: Page; answers: Map<string, unknown> }> {
    const key = `${origin} ${user}`;
    if (this.current?.key === key && !this.current.page.isClosed()) return this.current;
    await this.close();
    const context = await this.browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    // The latest answer to each address read (path and query), in the order answered.
    const answers = new Map<string, unknown>();
    page.on('response', async (response) => {
      const url = new URL(response.url());
      if (response.request().method() !== 'GET' || !response.ok() || !url.pathname.startsWith('/api/')) return;
      // A read the page cancelled (a newer query superseded it) has no body: wait for one that answered.
      const body = await response.json().catch(() => undefined);
      if (body === undefined) return;
      answers.delete(url.pathname + url.search);
      answers.set(url.pathname + url.search, body);
    });
    await signInOnOrigin(page, origin, user);
    this.current = { key, context, page, answers };
    return this.current;
  }

  async close(): Promise<void> {
    await this.current?.context.close();
    this.current = undefined;
  }
}

/** The latest answer of the tab to an operation's address, if it was read. */
function latestAnswer(answers: Map<string, unknown>, operationId: string): unknown {
  const pattern = operationPattern(operationId);
  return [...answers].reverse().find(([address]) => pattern.test(address))?.[1];
}

// Module state rather than a worker fixture: a worker fixture gives the file a worker of its own, which runs
// after every other file, on data they changed; in file order it sees the demo world other suites expect.
let signedInTab: SignedInTab;
test.beforeAll(({ browser }) => {
  signedInTab = new SignedInTab(browser);
});
test.afterAll(async () => {
  await signedInTab.close();
});

/** The detail pages (origin, persona, page id) already checked by axe in this run. */
const accessibilityChecked = new Set<string>();

const SNAPSHOTS = new URL('../snapshots/', import.meta.url);

/** A definition as the edition resolves it. */
function resolved<T>(edition: EditionId, id: string): T {
  return JSON.parse(readFileSync(new URL(`${edition}/${id}.json`, SNAPSHOTS), 'utf8')) as T;
}

function pagesOf(edition: EditionId): PageDefinition[] {
  return readdirSync(new URL(`${edition}/`, SNAPSHOTS))
    .map((file) => resolved<{ kind: string }>(edition, file.replace(/\.json$/, '')))
    .filter((definition): definition is PageDefinition => definition.kind === 'page');
}

const ORIGINS: Record<EditionId, string> = { us: E2E_ORIGIN, uk: E2E_UK_ORIGIN };

/** A demo user of each area (server/seed/demo-world.ts); the UK brokerage's broker in the UK agency area. */
const USERS: Record<string, Partial<Record<EditionId, string>> & { us: string }> = {
  admin: { us: 'admin@provider.example' },
  agency: { us: 'agent@agency.example', uk: 'broker@brokerage.example' },
  customer: { us: 'policyholder@insured.example' },
  da: { us: 'da@aggregator.example' },
  mssp: { us: 'mssp@mssp.example' },
  carrier: { us: 'carrier@carrier.example' },
  cluster: { us: 'cluster@cluster.example' },
  vendor: { us: 'vendor@vendor.example' },
  reinsurer: { us: 'reinsurer@reinsurer.example' },
  premiumprocessor: { us: 'processor@premium.example' },
};

const EDITIONS: EditionId[] = ['us', 'uk'];
/** Pages reached through another page's action (they need a record's id) rather than by their own path. */
const hasRouteParameters = (page: PageDefinition) => page.path.split('/').some((segment) => segment.startsWith(':'));
/** Whether a page's route (`claims/:claimId`) matches an address's segments after the area's base. */
const routeMatches = (route: string, segments: string[]) => {
  const parts = route.split('/');
  return parts.length === segments.length && parts.every((part, index) => part.startsWith(':') || part === segments[index]);
};

/** The path of an operation as a pattern over request URLs. */
function operationPattern(operationId: string): RegExp {
  const path = OPERATIONS[operationId as keyof typeof OPERATIONS].path.replace(/\{[^}]+\}/g, '[^/?]+');
  return new RegExp(`${path}(\\?|$)`);
}

/** Every row of a list answer has each column's path (a null value counts: the field is there). */
function missingColumns(table: TableDefinition, answer: unknown): string[] {
  const rows = ((answer as { content?: unknown[] }).content ?? (Array.isArray(answer) ? answer : [])) as Record<string, unknown>[];
  return rows.flatMap((row, index) =>
    table.columns.filter((column) => getPath(row, column.path) === undefined && !(column.path.split('.')[0]! in row)).map((column) => `row ${index}: ${column.path}`),
  );
}

async function expectPageMounted(page: Page, definition: PageDefinition): Promise<void> {
  await expect(page.getByTestId(`page-${definition.id}`)).toBeVisible();
  if (definition.showHeading !== false) await expect(page.getByRole('heading', { level: 1, name: definition.title })).toBeVisible();
  await expect(page.getByText('An unexpected error occurred.')).toHaveCount(0);
  await expect(page.getByTestId('page-forbidden')).toHaveCount(0);
  await expect(page.getByTestId('block-component-missing')).toHaveCount(0);
}

/**
 * Opens an action and checks it shows what it names, then leaves it without changing anything. `confirms`
 * are the confirmations accepted: an action's own, or those of every row action sharing its label (they
 * differ by `when`, one per kind of row, and the row decides which one its menu offers).
 */
async function tryAction(page: Page, personaId: string, action: PageAction, open: () => Promise<void>, confirms = action.confirm ? [action.confirm] : []): Promise<void> {
  const before = page.url();
  // What the action shows; a click on a menu item is lost now and then, when the list draws its rows again as
  // the menu opens (the menu stays open, nothing else happens): an action that shows nothing is opened again.
  const shown = action.dialog ? page.getByTestId(`dialog-${action.dialog}`) : action.operation && confirms.length ? page.getByRole('alertdialog') : undefined;
  await open();
  if (shown && !(await shown.waitFor({ state: 'visible', timeout: 4_000 }).then(() => true, () => false)) && (await page.getByRole('menuitem').count())) await open();
  if (action.dialog) {
    const dialog = page.getByTestId(`dialog-${action.dialog}`);
    await expect(dialog, `${action.id} opens ${action.dialog}`).toBeVisible();
    await expect(dialog.locator('form')).toBeVisible();
    await expect(dialog.getByTestId('dialog-error')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  } else if (action.operation) {
    const confirm = page.getByRole('alertdialog');
    if (confirms.length) {
      // The confirmation shown is one of the accepted ones (the dialog's words, as a reader sees them).
      await expect
        .poll(async () => {
          const seen = (await confirm.innerText().catch(() => '')).replace(/\s+/g, ' ');
          return confirms.some((text) => seen.includes(text));
        }, { message: `${action.id} asks for one of: ${confirms.join(' | ')}` })
        .toBe(true);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
    }
  } else if (action.navigate) {
    await expect(page).not.toHaveURL(before);
    // The detail page the link went to: the one whose route (after the area's base) matches the address.
    const segments = new URL(page.url()).pathname.split('/').slice(2);
    // Among the user's own area's pages: another area may mount a page of its own on the same path.
    const target = pagesOf('us').find((candidate) => candidate.personas.includes(personaId) && hasRouteParameters(candidate) && routeMatches(candidate.path, segments));
    if (target) {
      await expect(page.getByTestId(`page-${target.id}`)).toBeVisible();
      await expect(page.getByTestId('block-detail-error')).toHaveCount(0);
      // The page's first record (a detail's related blocks may show further records of their own).
      await expect(page.locator('[data-testid^="block-detail-"]:not([data-testid="block-detail-loading"])').first()).toBeVisible();
      // Once per detail page for each user in each edition: many lists lead to the same one (a policy from the
      // policies list, the dashboard's tab, the binders'), and axe is the slowest step of this suite.
      const key = `${new URL(page.url()).origin} ${personaId} ${target.id}`;
      if (!accessibilityChecked.has(key)) {
        accessibilityChecked.add(key);
        await expectAccessible(page, target.id);
      }
    }
    await page.goBack();
  }
}

async function checkTables(page: Page, personaId: string, definition: PageDefinition, edition: EditionId, answers: Map<string, unknown>): Promise<void> {
  for (const { block, pointer } of blocksOf(definition)) {
    if (block.type !== 'table') continue;
    const table = resolved<TableDefinition>(edition, block.table);
    // The tab the table is in, at any depth (a table related to a tab's detail block too).
    const [, blockIndex, tabIndex] = /^\/blocks\/(\d+)\/tabs\/(\d+)\//.exec(pointer) ?? [];
    const tabs = blockIndex === undefined ? undefined : definition.blocks[Number(blockIndex)];
    const tab = tabs?.type === 'tabs' ? tabs.tabs[Number(tabIndex)] : undefined;
    if (tab) await page.getByRole('tab', { name: tab.label }).click();
    const shown = page.getByTestId(`block-table-${table.id}`).first();
    // A block with a `when` may rightly be absent for this page's data (its own tests cover when it shows).
    if (block.when !== undefined && !(await shown.count())) continue;
    await expect(shown).toBeVisible();
    // Rows the page gives (a record's own list): the table shows them, with nothing to ask the server.
    if (block.rows !== undefined) {
      await expect(shown.getByTestId('table-error')).toHaveCount(0);
      await expect(shown.getByRole('table')).toBeVisible();
      continue;
    }
    if (!table.operation || !(table.operation in OPERATIONS)) {
      await expect(shown.getByTestId('table-unavailable'), `${table.id} says its list is not available`).toBeVisible();
      continue;
    }
    const grid = shown.getByRole('table');
    await expect(shown.getByTestId('table-error')).toHaveCount(0);
    await expect.poll(() => latestAnswer(answers, table.operation!) !== undefined, { message: `${table.operation} was asked` }).toBe(true);
    expect(missingColumns(table, latestAnswer(answers, table.operation)), `${table.id}: columns in ${table.operation}'s rows`).toEqual([]);

    const firstRow = grid.getByRole('row').nth(1);
    const menu = firstRow.getByRole('button', { name: 'Row actions' });
    if (await menu.count()) {
      await menu.click();
      await expect(page.getByRole('menuitem').first()).toBeVisible();
      const offered = await page.getByRole('menuitem').allInnerTexts();
      // The menu closes with an animation: a click on its button meanwhile would close it rather than open it.
      // Escape again if the rows were drawn again as it opened (the menu then lost the focus the key goes to).
      const closeMenu = () =>
        expect(async () => {
          if (await page.getByRole('menuitem').count()) await page.keyboard.press('Escape');
          await expect(page.getByRole('menuitem')).toHaveCount(0, { timeout: 1_000 });
        }).toPass({ timeout: 10_000 });
      await closeMenu();
      // An operation without a confirmation would run at once: those are left to the resource's own tests.
      const tried = (table.rowActions ?? []).filter((candidate) => offered.includes(candidate.label) && (!candidate.operation || candidate.confirm));
      // One try per label: actions sharing a label are alternatives for different rows (organization-users' two Removes).
      const alternatives = (action: PageAction) => tried.filter((candidate) => candidate.label === action.label);
      for (const action of tried.filter((candidate, index) => tried.findIndex((other) => other.label === candidate.label) === index)) {
        await tryAction(page, personaId, action, async () => {
          await closeMenu();
          await menu.click();
          const item = page.getByRole('menuitem', { name: action.label, exact: true });
          await expect(item).toBeVisible();
          await item.click();
        }, alternatives(action).flatMap((candidate) => (candidate.confirm ? [candidate.confirm] : [])));
      }
    }
    for (const action of block.actions ?? []) {
      const button = shown.getByRole('button', { name: action.label });
      if (!(await button.count())) continue;
      const picker = page.getByLabel(action.choose?.label ?? '');
      await expect.poll(async () => (action.choose && (await picker.isVisible())) || (await button.isEnabled())).toBe(true);
      if (action.choose && (await picker.isVisible())) await picker.selectOption({ index: 1 });
      await tryAction(page, personaId, action, () => button.click());
    }
  }
}

// Grouped by edition and user, so each user's pages run one after another in the user's tab.
for (const edition of EDITIONS) {
  const pages = pagesOf(edition).filter((definition) => !hasRouteParameters(definition));
  for (const persona of PERSONAS.filter((candidate) => pages.some((definition) => definition.personas.includes(candidate.id)))) {
    const personaId = persona.id;
    const user: string = USERS[personaId]![edition] ?? USERS[personaId]!.us;
    for (const definition of pages.filter((candidate) => candidate.personas.includes(personaId))) {
      test(`${edition}: ${definition.id} for ${personaId} (${user})`, async () => {
        // Every table is read and each of its sorts tried: a page of several tables (the dashboard's five tabs) takes longer.
        if (blocksOf(definition).filter(({ block }) => block.type === 'table').length > 2) test.slow();
        const origin = ORIGINS[edition];
        const { page, answers } = await signedInTab.of(origin, user);
        await goInApp(page, `${origin}${persona.base}/${definition.path.replace(/\/\*$/, '')}`);
        await expectPageMounted(page, definition);
        await expectAccessible(page, `${edition}: ${definition.id}`);
        await checkTables(page, personaId, definition, edition, answers);
      });
    }
  }
}
