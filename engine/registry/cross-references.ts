import type { Definition, FormDefinition, PageDefinition, TableDefinition } from '../definitions/types.ts';
import { blocksOf } from '../pages/page-blocks.ts';
import type { DefinitionFault } from './faults.ts';
import { raterReferenceFaults } from './rater-references.ts';

/**
 * References between definitions that a meta-schema cannot check on its own: option lists named by
 * forms and tables, dialogs named by actions, tables and forms named by page blocks, and two pages
 * claiming one route of an area. A missing target is a load fault.
 */
export function crossReferenceFaults(entries: { definition: Definition; file: string }[]): DefinitionFault[] {
  const ids = new Map(entries.map(({ definition }) => [definition.id, definition.kind]));
  const faults: DefinitionFault[] = [];
  const expect = (file: string, pointer: string, id: string, kind: string) => {
    const found = ids.get(id);
    if (found !== kind) faults.push({ file, pointer, message: found ? `${id} is a ${found}, not a ${kind}` : `no ${kind} definition ${id}` });
  };
  for (const { definition, file } of entries) {
    if (definition.kind === 'form') {
      for (const [pointer, id] of listReferences((definition as FormDefinition).schema, '/schema')) expect(file, pointer, id, 'list');
    }
    if (definition.kind === 'table') {
      const table = definition as TableDefinition;
      table.columns.forEach((column, index) => column.list && expect(file, `/columns/${index}/list`, column.list, 'list'));
      table.filters?.forEach((filter, index) => filter.list && expect(file, `/filters/${index}/list`, filter.list, 'list'));
      table.rowActions?.forEach((action, index) => action.dialog && expect(file, `/rowActions/${index}/dialog`, action.dialog, 'form'));
    }
    if (definition.kind === 'page') checkPageReferences(definition as PageDefinition, file, expect);
  }
  faults.push(...routeClashes(entries));
  faults.push(...raterReferenceFaults(entries));
  return faults;
}

function checkPageReferences(page: PageDefinition, file: string, expect: (file: string, pointer: string, id: string, kind: string) => void): void {
  for (const { block, pointer } of blocksOf(page)) {
    if (block.type === 'table') {
      expect(file, `${pointer}/table`, block.table, 'table');
      block.actions?.forEach((action, index) => action.dialog && expect(file, `${pointer}/actions/${index}/dialog`, action.dialog, 'form'));
    }
    if (block.type === 'detail') expect(file, `${pointer}/form`, block.form, 'form');
  }
}

/** Two pages mounted at one path of one area: the second would never show. */
function routeClashes(entries: { definition: Definition; file: string }[]): DefinitionFault[] {
  const owners = new Map<string, string>();
  const faults: DefinitionFault[] = [];
  for (const { definition, file } of entries) {
    if (definition.kind !== 'page') continue;
    const page = definition as PageDefinition;
    for (const persona of page.personas ?? []) {
      const key = `${persona}/${page.path}`;
      const owner = owners.get(key);
      if (owner) faults.push({ file, pointer: '/path', message: `/${key} is already the route of page ${owner}` });
      else owners.set(key, page.id);
    }
  }
  return faults;
}

function listReferences(schema: unknown, pointer: string): [string, string][] {
  if (schema === null || typeof schema !== 'object') return [];
  const found: [string, string][] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'x-list') found.push([`${pointer}/x-list`, typeof value === 'string' ? value : (value as { id: string }).id]);
    else found.push(...listReferences(value, `${pointer}/${key}`));
  }
  return found;
}
