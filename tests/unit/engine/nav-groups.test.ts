import { describe, expect, it } from 'vitest';
import { lintPage, NAV_GROUPS, navSections, type PageDefinition } from '../../../engine/index.ts';
import { registry } from '../../support/registry.ts';

const page = (nav: PageDefinition['nav']): PageDefinition => ({
  id: 'probe-page',
  kind: 'page',
  version: 1,
  title: 'Probe',
  path: 'probe',
  personas: ['agency'],
  nav,
  blocks: [{ type: 'notice', text: 'Probe' }],
});
const lookups = { table: () => undefined, form: () => undefined };
const navFaults = (nav: PageDefinition['nav']) => lintPage(page(nav), lookups).filter((fault) => fault.check === 'unknown-nav-group');

describe('navigation groups', () => {
  // [nav entry, the faults the lint reports on it]
  const cases: [PageDefinition['nav'], string[]][] = [
    [{ label: 'Quotes', order: 15, group: 'work' }, []],
    [{ label: 'Studio', order: 90, group: 'administration' }, []],
    [{ label: 'Dashboard', order: 10 }, []],
    [undefined, []],
    [{ label: 'Quotes', order: 15, group: 'Work' }, ['/nav/group']],
    [{ label: 'Quotes', order: 15, group: 'quotes' }, ['/nav/group']],
    [{ label: 'Quotes', order: 15, group: '' }, ['/nav/group']],
  ];
  it.each(cases)('the lint of nav %j reports %j', (nav, pointers) => {
    expect(navFaults(nav).map((fault) => fault.pointer)).toEqual(pointers);
  });

  it('names the known groups in the fault, as an error', () => {
    const [fault] = navFaults({ label: 'Quotes', order: 15, group: 'billing' });
    expect(fault?.severity).toBe('error');
    expect(fault?.message).toContain('billing');
    expect(fault?.message).toContain('reference-data');
  });

  it('puts direct links first, then the groups in their fixed order, each by its entries order', () => {
    const sections = navSections([
      { to: '/a/audit', label: 'Audit log', order: 100, group: 'administration' },
      { to: '/a/quotes', label: 'Quotes', order: 15, group: 'work' },
      { to: '/a/dashboard', label: 'Dashboard', order: 10 },
      { to: '/a/inbox', label: 'Inbox', order: 14, group: 'work' },
      { to: '/a/accounts', label: 'Accounts', order: 15, group: 'clients' },
      { to: '/a/odd', label: 'Odd', order: 50, group: 'nowhere' },
    ]);
    expect(sections.map((section) => (section.kind === 'link' ? section.item.label : `${section.id}: ${section.items.map((item) => item.label).join(', ')}`))).toEqual([
      'Dashboard',
      'Odd',
      'work: Inbox, Quotes',
      'clients: Accounts',
      'administration: Audit log',
    ]);
  });

  it('every shipped page in navigation other than a dashboard sits in a group, in both editions', () => {
    const ungrouped = registry.editions().flatMap((edition) =>
      registry
        .list('page')
        .map((definition) => registry.resolve<PageDefinition>(definition.id, edition))
        .filter((resolved) => resolved.nav && !resolved.nav.group && resolved.path !== 'dashboard')
        .map((resolved) => `${edition}:${resolved.id}`),
    );
    expect(ungrouped).toEqual([]);
    expect(new Set(NAV_GROUPS.map((group) => group.id)).size).toBe(NAV_GROUPS.length);
  });
});
