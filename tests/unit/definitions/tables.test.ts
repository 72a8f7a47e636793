import { describe, expect, it } from 'vitest';
import {
  getPath,
  initialTableState,
  matchesFilters,
  matchesSearch,
  paginate,
  sortRows,
  toCsv,
  type FormDefinition,
  type ListDefinition,
  type TableDefinition,
} from '../../../engine/index.ts';
import { registry } from '../../support/registry.ts';

const TABLES = ['agency-quotes', 'agency-binders', 'agency-policies', 'agency-accounts', 'agency-submissions', 'agency-licenses', 'claims'];
const table = (id: string, edition: 'us' | 'uk' = 'us') => registry.resolve<TableDefinition>(id, edition);
const formatting = (edition: 'us' | 'uk' = 'us') => ({
  edition: registry.edition(edition),
  lists: (id: string) => registry.resolve<ListDefinition>(id, edition),
});
const column = (definition: TableDefinition, id: string) => definition.columns.find((candidate) => candidate.id === id)!;
const sortedValues = (id: string) => {
  const definition = table(id);
  const state = initialTableState(definition);
  const path = column(definition, state.sort!.column).path;
  return sortRows(definition.sample!, definition, state.sort).map((row) => getPath(row, path) as string);
};

describe('dashboard and administration tables', () => {
  it.each(TABLES)('%s pages by 25, 50 or 100 (default 25), exports CSV, searches and has sample rows', (id) => {
    const definition = table(id);
    const state = initialTableState(definition);
    expect(state.pageSizes).toEqual([25, 50, 100]);
    expect(state.pageSize).toBe(25);
    expect(definition.csv?.fileName).toMatch(/^[a-z-]+$/);
    expect(definition.search?.paths.length).toBeGreaterThan(0);
    expect(definition.filters?.length).toBeGreaterThan(0);
    expect(definition.sample!.length).toBeGreaterThanOrEqual(5);
    expect(new Set(definition.sample!.map((row) => row[definition.rowKey])).size).toBe(definition.sample!.length);
    for (const action of definition.rowActions ?? []) {
      if (action.dialog) expect(registry.get(action.dialog)?.kind).toBe('form');
    }
  });

  it('sorts by the default sorts of spec 002 section 9', () => {
    expect(initialTableState(table('agency-quotes')).sort).toEqual({ column: 'modified', desc: true });
    expect(initialTableState(table('agency-submissions')).sort).toEqual({ column: 'modified', desc: true });
    expect(initialTableState(table('agency-binders')).sort).toEqual({ column: 'effectiveDate', desc: false });
    expect(initialTableState(table('agency-policies')).sort).toEqual({ column: 'endDate', desc: false });
    expect(initialTableState(table('agency-accounts')).sort).toEqual({ column: 'name', desc: false });

    const quotes = sortedValues('agency-quotes');
    expect(quotes).toEqual([...quotes].sort().reverse());
    const binders = sortedValues('agency-binders');
    expect(binders).toEqual([...binders].sort());
    const policies = sortedValues('agency-policies');
    expect(policies).toEqual([...policies].sort());
    const accounts = sortedValues('agency-accounts');
    expect(accounts).toEqual([...accounts].sort((a, b) => a.localeCompare(b)));
    // the samples are not already in that order, so the sort is doing the work
    expect(table('agency-quotes').sample!.map((row) => row.modified)).not.toEqual(quotes);
  });

  it('has the quotes columns of the spec, with more than one page of sample rows', () => {
    const definition = table('agency-quotes');
    const visible = definition.columns.filter((candidate) => !candidate.hidden).map((candidate) => candidate.header);
    expect(visible).toEqual(['Effective', 'Last Updated', 'Client', 'Quote Number', 'Status']);
    expect(definition.sample!.length).toBeGreaterThanOrEqual(30);
    const { pageCount, rows } = paginate(definition.sample!, 1, 25);
    expect(pageCount).toBe(2);
    expect(rows.length).toBe(definition.sample!.length - 25);
    expect(column(definition, 'status').list).toBe('quote-statuses');
  });

  it('exports CSV with quoted cells, formatted values and omitted columns skipped', () => {
    const definition = table('agency-quotes');
    const row = definition.sample!.find((candidate) => String(candidate.companyName).includes('"'))!;
    const csv = toCsv(definition, [row], formatting());
    const [header, line] = csv.split('\r\n');
    expect(header).toBe('"Effective","Last Updated","Client","Quote Number","Status","Product","Premium","Agent","Need By"');
    expect(header).not.toContain('Quote ID');
    expect(line).toContain('"Tri-County Title & Escrow, ""TCT"""');
    expect(line).toContain(`"${row.quoteNumber}"`);
    expect(line).not.toContain(String(row.id));
    expect(line).toMatch(/^"\d{2}\/\d{2}\/\d{4}",/);
    expect(line).toContain('"$');
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('shows list labels in CSV (licence states by name)', () => {
    const definition = table('agency-licenses');
    const row = definition.sample!.find((candidate) => candidate.state === 'LA')!;
    const csv = toCsv(definition, [row], formatting());
    expect(csv).toContain('"Louisiana"');
    expect(csv.split('\r\n')[0]).toBe('"Agency Name","NPN","License #","State","Resident State","Expiration Date"');
  });

  it('uses the UK terms in headers and UK formats in CSV', () => {
    expect(column(table('agency-licenses', 'uk'), 'agencyName').header).toBe('Brokerage Name');
    expect(column(table('agency-submissions', 'uk'), 'agencyName').header).toBe('Brokerage');
    expect(column(table('agency-quotes', 'uk'), 'agentName').header).toBe('Broker');
    expect(column(table('agency-quotes', 'us'), 'agentName').header).toBe('Agent');
    const accounts = table('agency-accounts', 'uk');
    expect(accounts.columns.map((candidate) => candidate.header)).toEqual(
      ['Account Name', 'Type', 'Domain', 'Town/City', 'Postcode', 'Phone', 'Brokerage', 'Broker', 'Team', 'Turnover', 'Employees', 'Last Updated', 'Account ID'],
    );
    expect(table('agency-accounts', 'us').columns.map((candidate) => candidate.header)).toContain('State');
    const csv = toCsv(accounts, accounts.sample!.slice(0, 1), formatting('uk'));
    expect(csv).toContain('"£');
    expect(csv).toContain('"LS1 4DY"');
  });

  it('filters quotes by type and status', () => {
    const definition = table('agency-quotes');
    const rows = definition.sample!;
    const renewals = rows.filter((row) => matchesFilters(row, definition.filters!, { businessType: 'Renewal' }));
    expect(renewals.length).toBeGreaterThan(0);
    expect(renewals.every((row) => row.businessType === 'Renewal')).toBe(true);
    const ready = rows.filter((row) => matchesFilters(row, definition.filters!, { status: ['READY'] }));
    expect(ready.length).toBeGreaterThan(0);
    expect(ready.every((row) => row.status === 'READY')).toBe(true);
    expect(rows.filter((row) => matchesSearch(row, definition, 'brightline')).map((row) => row.companyName)).toEqual(['Brightline Dental Group']);
  });

  it('filters binders by bound, rescinded or binder expired, and by paid or unpaid', () => {
    const definition = table('agency-binders');
    expect(definition.filters!.map((filter) => filter.id)).toEqual(['status', 'paymentStatus']);
    const paymentFilter = definition.filters!.find((filter) => filter.id === 'paymentStatus')!;
    expect(paymentFilter.list).toBe('binder-payment-statuses');
    const paid = definition.sample!.filter((row) => matchesFilters(row, definition.filters!, { paymentStatus: 'Paid' }));
    expect(paid.length).toBeGreaterThan(0);
    expect(paid.every((row) => row.paymentStatus === 'Paid' && row.amountPaid === row.totalPremium)).toBe(true);
    expect(column(definition, 'paymentStatus').list).toBe('binder-payment-statuses');
    const statusFilter = definition.filters!.find((filter) => filter.id === 'status')!;
    expect(statusFilter.options?.map((option) => option.label)).toEqual(['Bound', 'Rescinded', 'Binder Expired']);
    const expired = definition.sample!.filter((row) => matchesFilters(row, definition.filters!, { status: ['BINDER EXPIRED'] }));
    expect(expired.length).toBeGreaterThan(0);
    expect(expired.every((row) => row.status === 'BINDER EXPIRED')).toBe(true);
  });

  it('filters policies by open for renewal, status, cancellations and inactive', () => {
    const definition = table('agency-policies');
    expect(definition.filters!.map((filter) => filter.id)).toEqual(['openForRenewal', 'status', 'cancellations', 'inactive']);
    const rows = definition.sample!;
    const cancellations = definition.filters!.find((filter) => filter.id === 'cancellations')!.options!.map((option) => option.value);
    const cancelled = rows.filter((row) => matchesFilters(row, definition.filters!, { cancellations }));
    expect(cancelled.map((row) => row.status).sort()).toEqual(['CANCEL PENDING', 'CANCELLED', 'FLAT CANCELLED']);
    const open = rows.filter((row) => matchesFilters(row, definition.filters!, { openForRenewal: true }));
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((row) => row.isOpenForRenewal)).toBe(true);
    expect(column(definition, 'status').list).toBe('policy-statuses');
  });

  it('opens the right dialogs from rows', () => {
    expect(table('agency-licenses').rowActions?.find((action) => action.id === 'edit')?.dialog).toBe('agency-license');
    expect(table('claims').rowActions?.find((action) => action.id === 'edit')?.dialog).toBe('claim');
    expect(table('agency-policies').rowActions?.find((action) => action.id === 'certificate')?.dialog).toBe('certificate-holder');
    const quoteDialogs = table('agency-quotes').rowActions!.map((action) => action.dialog).filter(Boolean);
    expect(quoteDialogs).toEqual(['send-quote-to-policyholder', 'need-by-date', 'quote-lost-reason']);
    expect(table('agency-quotes').rowActions?.find((action) => action.id === 'review')?.navigate).toBe('quotes/{id}/review');
    expect(table('agency-quotes').rowActions?.find((action) => action.id === 'open')?.navigate).toBe('quotes/{id}');
  });

  it('lists: the US states have DC in the full list only, and the status lists hold the spec values', () => {
    const states = registry.resolve<ListDefinition>('us-states', 'us');
    expect(states.items.filter((item) => !item.tags).length).toBe(50);
    expect(states.items.find((item) => item.value === 'DC')?.tags).toEqual(['full']);
    expect(states.items.find((item) => item.value === 'MT')?.label).toBe('Montana');
    const licenseState = (registry.resolve<FormDefinition>('agency-license', 'us').schema.properties as Record<string, { oneOf: unknown[] }>).state!;
    expect(licenseState.oneOf).toHaveLength(50);
    expect(registry.resolve<ListDefinition>('quote-statuses', 'us').items.map((item) => item.value)).toContain('BINDER EXPIRED');
    expect(registry.resolve<ListDefinition>('quote-statuses', 'us').items).toHaveLength(21);
    expect(registry.resolve<ListDefinition>('policy-statuses', 'us').items).toHaveLength(17);
  });
});
