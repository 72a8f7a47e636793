import { describe, expect, it } from 'vitest';
import { defaultTableView, isDefaultView, viewForDefinition, type TableDefinition, type TableView } from '../../../engine/index.ts';

/**
 * A saved table view held to its definition as the definition is now (engine/table/table-view.ts): staff
 * change columns without a rebuild, so a view saved before must still make sense after.
 */
const TABLE = {
  id: 'quotes', kind: 'table', version: 1, operation: 'searchQuotes', rowKey: 'id',
  columns: [
    { id: 'modified', header: 'Last Updated', path: 'modified', sortable: true },
    { id: 'number', header: 'Quote #', path: 'number', sortable: true },
    { id: 'client', header: 'Client', path: 'client', sortable: true },
    { id: 'agent', header: 'Agent', path: 'agent', hidden: true, sortable: false },
  ],
  defaultSort: { column: 'modified', desc: true },
  pageSizes: [25, 50, 100],
  defaultPageSize: 25,
} as unknown as TableDefinition;

const DEFAULT: TableView = { columnOrder: ['modified', 'number', 'client', 'agent'], hiddenColumns: ['agent'], density: 'compressed', sort: { column: 'modified', desc: true }, pageSize: 25 };

const CASES: Array<{ name: string; saved: Partial<TableView> | null; expected: TableView }> = [
  { name: 'no saved view: the definition’s own', saved: null, expected: DEFAULT },
  {
    name: 'a full view stands as saved',
    saved: { columnOrder: ['client', 'number', 'modified', 'agent'], hiddenColumns: ['number'], density: 'comfortable', sort: { column: 'client', desc: false }, pageSize: 50 },
    expected: { columnOrder: ['client', 'number', 'modified', 'agent'], hiddenColumns: ['number'], density: 'comfortable', sort: { column: 'client', desc: false }, pageSize: 50 },
  },
  {
    name: 'a removed column is dropped and a new one joins after those the user placed',
    saved: { columnOrder: ['client', 'gone', 'modified'], hiddenColumns: ['gone'], density: 'compressed', sort: null, pageSize: 25 },
    expected: { columnOrder: ['client', 'modified', 'number', 'agent'], hiddenColumns: [], density: 'compressed', sort: null, pageSize: 25 },
  },
  {
    name: 'a sort on a column that cannot sort, or no longer exists, falls back to the default sort',
    saved: { ...DEFAULT, sort: { column: 'agent', desc: false } },
    expected: DEFAULT,
  },
  {
    name: 'a page size the table does not offer, or an unknown density, falls back',
    saved: { ...DEFAULT, pageSize: 7, density: 'roomy' as never },
    expected: DEFAULT,
  },
  {
    name: 'duplicates are kept once',
    saved: { ...DEFAULT, columnOrder: ['number', 'number', 'modified'], hiddenColumns: ['agent', 'agent'] },
    expected: { ...DEFAULT, columnOrder: ['number', 'modified', 'client', 'agent'] },
  },
];

describe('viewForDefinition', () => {
  it.each(CASES)('$name', ({ saved, expected }) => {
    expect(viewForDefinition(TABLE, saved)).toEqual(expected);
  });

  it('knows the definition’s own view from an arranged one', () => {
    expect(defaultTableView(TABLE)).toEqual(DEFAULT);
    expect(isDefaultView(TABLE, DEFAULT)).toBe(true);
    expect(isDefaultView(TABLE, { ...DEFAULT, density: 'comfortable' })).toBe(false);
    expect(isDefaultView(TABLE, { ...DEFAULT, sort: null })).toBe(false);
  });
});
