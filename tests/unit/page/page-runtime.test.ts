import { describe, expect, it } from 'vitest';
import type { PageDefinition, TableDefinition } from '../../../engine/index.ts';
import { blockShown } from '../../../renderers/page/block-shown.ts';
import { recordEditionContext } from '../../../renderers/page/record-edition-context.ts';
import type { PageContextValue } from '../../../renderers/page/page-context.ts';
import { modalRequestOf } from '../../../renderers/page/modal-request.ts';
import { actionOffered, mayRun } from '../../../renderers/page/operation-access.ts';
import { pathParameterNames, recordParams } from '../../../renderers/page/operation-params.ts';
import { fillPath } from '../../../renderers/page/page-scope.ts';
import { operationQuery } from '../../../renderers/page/table-query.ts';
import { registry } from '../../support/registry.ts';

const claims = () => registry.resolve<TableDefinition>('claims', 'us');
const claimForm = () => registry.resolve('claim', 'us') as never;
const action = (id: string) => claims().rowActions!.find((candidate) => candidate.id === id)!;

describe("a table's query as its operation's parameters", () => {
  it.each([
    ['paging and the default sort', { page: 2, size: 50, sort: { column: 'created', desc: true }, search: '', filters: {} }, { page: 2, size: 50, sort: 'created,desc' }],
    ['search trimmed, a select filter', { page: 0, size: 25, sort: null, search: '  acme ', filters: { status: 'FILED' } }, { page: 0, size: 25, search: 'acme', status: 'FILED' }],
    ['a date range as From and To', { page: 0, size: 25, sort: { column: 'lossDate', desc: false }, search: '', filters: { lossDate: { from: '2026-01-01', to: '2026-06-30' } } }, { page: 0, size: 25, sort: 'lossDate,asc', lossDateFrom: '2026-01-01', lossDateTo: '2026-06-30' }],
    ['empty filters left out', { page: 0, size: 25, sort: null, search: '', filters: { status: '', lossDate: {} } }, { page: 0, size: 25 }],
  ])('%s', (_, query, expected) => {
    expect(operationQuery(claims(), query)).toEqual(expected);
  });

  it("leaves out a block parameter with no value (no team chosen)", () => {
    expect(operationQuery(claims(), { page: 0, size: 25, sort: null, search: '', filters: {} }, { teamId: null, accountId: '', agencyId: undefined })).toEqual({ page: 0, size: 25 });
    expect(operationQuery(claims(), { page: 0, size: 25, sort: null, search: '', filters: {} }, { teamId: 't1' })).toEqual({ page: 0, size: 25, teamId: 't1' });
  });

  it("keeps the block's own parameters", () => {
    expect(operationQuery(claims(), { page: 0, size: 25, sort: null, search: '', filters: {} }, { accountId: 'a1' })).toEqual({ page: 0, size: 25, accountId: 'a1' });
  });
});

describe('operations named by definitions', () => {
  it("an operation's one path parameter takes the record's key; declared parameters win", () => {
    expect(pathParameterNames('fileClaim')).toEqual(['claimId']);
    expect(recordParams('fileClaim', undefined, { route: {} }, { id: 'c1' }, 'id')).toEqual({ claimId: 'c1' });
    expect(recordParams('fileClaim', { claimId: { var: 'route.claimId' } }, { route: { claimId: 'c9' } }, { id: 'c1' }, 'id')).toEqual({ claimId: 'c9' });
    expect(recordParams('noSuchOperation', undefined, { route: {} }, { id: 'c1' }, 'id')).toEqual({});
  });

  it("is offered only when the user holds every operation's permission", () => {
    const writer = new Set(['claim:read', 'claim:write']);
    const reader = new Set(['claim:read']);
    expect(mayRun('fileClaim', writer)).toBe(true);
    expect(mayRun('fileClaim', reader)).toBe(false);
    expect(mayRun('noSuchOperation', writer)).toBe(false);
    expect(actionOffered(action('edit'), 'row', claimForm(), writer)).toBe(true);
    expect(actionOffered(action('edit'), 'row', claimForm(), reader)).toBe(false);
    expect(actionOffered(action('view'), 'row', undefined, reader)).toBe(true);
    expect(actionOffered(action('delete'), 'row', undefined, reader)).toBe(false);
  });

  it('fills a navigation path from the row, encoded', () => {
    expect(fillPath('{id}', { id: 'a/b c' })).toBe('a%2Fb%20c');
    expect(fillPath('claims/{id}/notes', {})).toBe('claims//notes');
    expect(fillPath('policies/{policy.id}', { policy: { id: 'p 1' }, message: 'Policy issued' })).toBe('policies/p%201');
    expect(fillPath('policies/{policy.missing}', { policy: {} })).toBe('policies/');
  });
});

describe('the modal named in a link', () => {
  it.each([
    ['modal=edit&modalData=%7B%22id%22%3A%22c1%22%7D', { name: 'edit', data: { id: 'c1' } }],
    ['modal=report', { name: 'report', data: {} }],
    ['modal=edit&modalData=not-json', undefined],
    ['modal=edit&modalData=%5B1%5D', undefined],
    ['tab=POLICIES', undefined],
  ])('%s', (query, expected) => {
    expect(modalRequestOf(new URLSearchParams(query))).toEqual(expected);
  });
});

describe("a block's when", () => {
  const policyPage = () => registry.resolve<PageDefinition>('policy-detail-page', 'us');
  const excessLayers = () => {
    const detail = policyPage().blocks[0]!;
    return (detail.type === 'detail' ? detail.related ?? [] : []).find((block) => block.type === 'table' && block.table === 'excess-layers')!;
  };
  it.each([
    ['a Prime 250 policy shows its excess layers', 'P250', true],
    ['a Prime 100 policy has none to show', 'P100', false],
    ['a policy not loaded yet shows none', undefined, false],
  ])('%s', (_, product, shown) => {
    expect(blockShown(excessLayers(), { route: {}, record: product ? { product } : undefined })).toBe(shown);
  });
  it('a block without one always shows', () => {
    expect(blockShown({ type: 'notice', text: 'Read me' }, { route: {} })).toBe(true);
  });
});

describe('a record of another edition', () => {
  const host = (): PageContextValue => ({
    registry, editionId: 'us', edition: registry.edition('us'), lists: () => undefined, rules: { edition: 'us', flags: {}, today: '2026-11-23' },
    permissions: new Set(), table: (id) => registry.resolve<TableDefinition>(id, 'us'), form: (id) => registry.resolve(id, 'us') as never,
    components: {}, areaBase: '/admin', preview: false,
  });
  const header = (context: PageContextValue, column: string) => context.table('policy-revisions').columns.find((candidate) => candidate.id === column)?.header;

  it("shows its tables and lists in its own edition's words", () => {
    const uk = recordEditionContext(host(), 'uk');
    expect([header(host(), 'deductible'), header(uk, 'deductible')]).toEqual(['Retention', 'Excess']);
    expect(uk.edition.currency.code).toBe('GBP');
    expect(uk.lists('us-states')).toEqual(registry.resolve('us-states', 'uk'));
  });

  it("keeps the host's forms, which the server checks the dialogs with", () => {
    const uk = recordEditionContext(host(), 'uk');
    expect(uk.form('policy-non-premium')).toEqual(registry.resolve('policy-non-premium', 'us'));
  });

  it('is the same context for a record of the host edition', () => {
    const context = host();
    expect(recordEditionContext(context, 'us')).toBe(context);
  });
});
