import { describe, expect, it } from 'vitest';
import {
  PERSONAS,
  DefinitionError,
  createRegistry,
  lintPage,
  type FormDefinition,
  type PageDefinition,
  type TableDefinition,
} from '../../../engine/index.ts';
import { readDefinitionFiles } from '../../../engine/node/file-source.ts';
import { readContractOperations } from '../../../engine/node/contract-operations.ts';
import { navOfArea, pagesOfArea } from '../../../renderers/page/area-pages.ts';
import { projectRoot, registry } from '../../support/registry.ts';

const operations = readContractOperations(projectRoot);
const lookups = (edition: 'us' | 'uk') => ({
  table: (id: string) => registry.resolve<TableDefinition>(id, edition),
  form: (id: string) => registry.resolve<FormDefinition>(id, edition),
});
/** The load faults of a source, by message ([] when it loads). */
function loadFaults(source: Parameters<typeof createRegistry>[0]): string[] {
  try {
    createRegistry(source);
    return [];
  } catch (error) {
    if (error instanceof DefinitionError) return error.faults.map((fault) => fault.message);
    throw error;
  }
}
const claimsPage = () => registry.resolve<PageDefinition>('claims-page', 'us');

describe('page definitions', () => {
  it.each(['us', 'uk'] as const)('every area has a page at its dashboard path (%s)', (edition) => {
    for (const persona of PERSONAS) {
      const path = persona.dashboard.slice(persona.base.length + 1);
      expect(pagesOfArea(registry, edition, persona.id).map((page) => page.path), persona.dashboard).toContain(path);
    }
  });

  it("an area's navigation lists the pages with a menu entry the user may open, in order", () => {
    const admin = pagesOfArea(registry, 'us', 'admin');
    expect(navOfArea(admin, '/admin', ['claim:read', 'definitions:read', 'audit:read']).map((item) => item.label)).toEqual([
      'Dashboard', 'Claims', 'Definition gallery', 'Studio', 'Audit log',
    ]);
    expect(navOfArea(admin, '/admin', ['claim:read']).map((item) => `${item.label} ${item.to}`)).toEqual(['Dashboard /admin/dashboard', 'Claims /admin/claims']);
    expect(navOfArea(pagesOfArea(registry, 'us', 'vendor'), '/vendor', ['claim:read']).map((item) => item.to)).toEqual(['/vendor/dashboard', '/vendor/claims']);
  });

  it('the lint names a missing binding, an unknown operation, an unknown component and a repeated tab', () => {
    const page: PageDefinition = {
      ...claimsPage(),
      blocks: [
        { type: 'table', table: 'claims', actions: [{ id: 'send', label: 'Send', dialog: 'feedback', choose: { operation: 'listNothing', label: 'x', placeholder: 'x', valuePath: 'id', labelPath: 'name', emptyText: 'x' } }] },
        { type: 'component', component: 'no-such-widget' },
        { type: 'tabs', param: 'tab', tabs: [{ id: 'A', label: 'A', block: { type: 'notice', text: 'a' } }, { id: 'A', label: 'B', block: { type: 'notice', text: 'b' } }] },
        { type: 'detail', form: 'feedback', params: {} },
      ],
    };
    const faults = lintPage(page, lookups('us'), operations).map((fault) => `${fault.check} ${fault.pointer}`);
    expect(faults).toEqual(expect.arrayContaining([
      'unknown-operation /blocks/0/actions/0/choose/operation',
      'unknown-operation /blocks/0/actions/0/dialog',
      'unknown-component /blocks/1/component',
      'duplicate-tab /blocks/2/tabs/1/id',
      'dialog-without-binding /blocks/3/form',
    ]));
    expect(lintPage(claimsPage(), lookups('us'), operations).filter((fault) => fault.severity === 'error')).toEqual([]);
  });

  it('a page naming a missing table, or a route another page holds, does not load', () => {
    const source = readDefinitionFiles(projectRoot);
    const extra = (document: object) => ({ ...source, definitions: [...source.definitions, { file: `definitions/pages/${(document as { id: string }).id}.json`, document }] });
    expect(loadFaults(extra({ ...claimsPage(), id: 'broken-page', path: 'broken', blocks: [{ type: 'table', table: 'no-such-table' }] }))).toContain('no table definition no-such-table');
    expect(loadFaults(extra({ ...claimsPage(), id: 'second-claims-page' }))).toContain('/admin/claims is already the route of page claims-page');
  });
});
