import type { Definition, FormDefinition, TableDefinition } from '../definitions/types.ts';
import type { DefinitionFault } from './faults.ts';

/**
 * References between definitions that a meta-schema cannot check on its own: option lists named by
 * forms and tables, dialogs named by table actions. A missing target is a load fault.
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
