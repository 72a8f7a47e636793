import { describe, expect, it } from 'vitest';
import {
  formatCell,
  initialTableState,
  matchesFilters,
  matchesSearch,
  paginate,
  sortRows,
  toCsv,
  type TableDefinition,
} from '../../../engine/index.ts';
import { registry } from '../../support/registry.ts';

const table: TableDefinition = {
  id: 'probe',
  kind: 'table',
  version: 1,
  title: 'Probe',
  rowKey: 'id',
  columns: [
    { id: 'name', header: 'Client', path: 'name', sortable: true },
    { id: 'premium', header: 'Premium', path: 'quote.premium', format: 'money', sortable: true },
    { id: 'effective', header: 'Effective', path: 'effective', format: 'date', sortable: true },
    { id: 'internal', header: 'Internal', path: 'id', omitFromCsv: true, hidden: true },
  ],
  filters: [{ id: 'status', label: 'Status', path: 'status', type: 'select' }],
  defaultSort: { column: 'effective', desc: true },
  search: { placeholder: 'Search', paths: ['name'] },
};

const rows = [
  { id: 1, name: 'Acme "Labs"', quote: { premium: 1200 }, effective: '2026-03-01', status: 'ACTIVE' },
  { id: 2, name: 'beta', quote: { premium: 900.5 }, effective: '2026-01-15', status: 'BOUND' },
  { id: 3, name: 'Cobalt', quote: { premium: undefined }, effective: '2026-12-31', status: 'ACTIVE' },
];

describe('table model', () => {
  it('starts from the definition: default sort, 25 rows a page from 25/50/100, hidden columns', () => {
    expect(initialTableState(table)).toMatchObject({
      sort: { column: 'effective', desc: true },
      pageSize: 25,
      pageSizes: [25, 50, 100],
      hiddenColumns: ['internal'],
    });
  });

  it('sorts dates, numbers (empty last) and text without regard to case', () => {
    expect(sortRows(rows, table, { column: 'effective', desc: true }).map((row) => row.id)).toEqual([3, 1, 2]);
    expect(sortRows(rows, table, { column: 'premium', desc: false }).map((row) => row.id)).toEqual([2, 1, 3]);
    expect(sortRows(rows, table, { column: 'name', desc: false }).map((row) => row.id)).toEqual([1, 2, 3]);
  });

  it('searches the search paths and filters by value', () => {
    expect(rows.filter((row) => matchesSearch(row, table, 'BET')).map((row) => row.id)).toEqual([2]);
    expect(rows.filter((row) => matchesFilters(row, table.filters!, { status: 'ACTIVE' })).map((row) => row.id)).toEqual([1, 3]);
    expect(rows.filter((row) => matchesFilters(row, table.filters!, {})).length).toBe(3);
  });

  it('pages, clamping the page index', () => {
    const many = Array.from({ length: 60 }, (_, index) => index);
    expect(paginate(many, 2, 25)).toEqual({ rows: many.slice(50), pageCount: 3 });
    expect(paginate(many, 9, 25).rows[0]).toBe(50);
  });

  it('exports CSV with every cell quoted, quotes doubled, omitted columns skipped, values formatted', () => {
    const csv = toCsv(table, rows.slice(0, 2), { edition: registry.edition('uk') });
    expect(csv.split('\r\n')).toEqual([
      '"Client","Premium","Effective"',
      '"Acme ""Labs""","£1,200.00","01/03/2026"',
      '"beta","£900.50","15/01/2026"',
      '',
    ]);
  });
});

describe('status cells', () => {
  it('read as the list label when the column names a list, in CSV as on screen', () => {
    const edition = registry.edition('us');
    const lists = (id: string) => (id === 'claim-statuses' ? registry.resolve('claim-statuses', 'us') : undefined) as never;
    const column = { format: 'status' as const, list: 'claim-statuses' };
    expect(formatCell('UN_FILED', column, { edition, lists })).toBe('Not Filed');
    expect(formatCell('OTHER', column, { edition, lists })).toBe('OTHER');
  });
});

describe('money cells', () => {
  it.each([
    ['us', undefined, 1234.5, '$1,234.50'],
    ['us', 'USD', 1234.5, '$1,234.50'],
    ['us', 'GBP', 1234.5, '£1,234.50'],
    ['uk', undefined, 1234.5, '£1,234.50'],
    ['uk', 'USD', 1234.5, 'US$1,234.50'],
    ['uk', 'not a code', 99, '£99.00'],
  ] as const)('on the %s host a row in %s reads %s as %s', (editionId, currency, value, expected) => {
    const edition = registry.edition(editionId);
    const row = currency === undefined ? { amount: value } : { amount: value, currency };
    expect(formatCell(value, { format: 'money' }, { edition }, row)).toBe(expected);
  });

  it.each([
    ['us', 'uk', '£4,200,000.00'],
    ['uk', 'us', 'US$4,200,000.00'],
    ['us', 'us', '$4,200,000.00'],
    ['uk', 'fr', '£4,200,000.00'],
  ] as const)('on the %s host a row of the %s edition (no currency of its own) reads in that edition\'s money', (editionId, rowEdition, expected) => {
    const editions = ['us', 'uk'].map((id) => registry.edition(id as 'us' | 'uk'));
    const row = { revenue: 4_200_000, edition: rowEdition };
    expect(formatCell(row.revenue, { format: 'money' }, { edition: registry.edition(editionId), editions }, row)).toBe(expected);
  });
});

describe('phone cells', () => {
  const editions = ['us', 'uk'].map((id) => registry.edition(id as 'us' | 'uk'));
  it.each([
    ['us', undefined, '3035550175', '+1 (303) 555-0175'],
    ['us', 'GBP', '02079460321', '+44 02079 460321'],
    ['uk', undefined, '02079460321', '+44 02079 460321'],
    ['uk', 'USD', '3035550175', '+1 (303) 555-0175'],
    // A currency no edition uses reads as the host writes it.
    ['us', 'EUR', '3035550175', '+1 (303) 555-0175'],
  ] as const)('on the %s host a row in %s reads %s as %s', (editionId, currency, value, expected) => {
    const edition = registry.edition(editionId);
    const row = currency === undefined ? { phone: value } : { phone: value, currency };
    expect(formatCell(value, { format: 'phone' }, { edition, editions }, row)).toBe(expected);
  });
  // A record naming its edition (a user of a UK organisation, which has no currency) reads as that edition writes it.
  it.each([
    ['us', 'uk', '07700900045', '+44 07700 900045'],
    ['us', 'us', '3035550175', '+1 (303) 555-0175'],
    ['uk', 'us', '3035550175', '+1 (303) 555-0175'],
    ['uk', 'uk', '02079460321', '+44 02079 460321'],
    // An edition no registry knows reads as the host writes it.
    ['uk', 'fr', '02079460321', '+44 02079 460321'],
  ] as const)('on the %s host a record of the %s edition reads %s as %s', (editionId, recordEditionId, value, expected) => {
    const row = { phone: value, edition: recordEditionId };
    expect(formatCell(value, { format: 'phone' }, { edition: registry.edition(editionId), editions }, row)).toBe(expected);
  });
});
