import { describe, expect, test } from 'vitest';
import { SqlParams } from '../../../server/db/sql-params.ts';
import { clientAccountCondition, tenantCondition, tenantScopeOf, type TenantScope } from '../../../server/tenancy/tenant-scope.ts';

const OWN = '00000000-0000-4000-8000-0000000000aa';

/** [account type of the caller, its scope]: the tenant rule as data. */
const SCOPES: Array<[string, TenantScope]> = [
  ['COWBELL', { reach: 'all' }],
  ['AGENCY', { reach: 'managed', accountId: OWN }],
  ['DIGITAL', { reach: 'managed', accountId: OWN }],
  ['CUSTOMER', { reach: 'own', accountId: OWN }],
  ['CARRIER', { reach: 'own', accountId: OWN }],
  ['VENDOR', { reach: 'own', accountId: OWN }],
];

describe('the tenant scope comes from the account the session acts in', () => {
  test.each(SCOPES)('%s reaches %j', (accountType, scope) => {
    expect(tenantScopeOf({ accountType, accountId: OWN })).toEqual(scope);
  });
});

describe('conditions', () => {
  const columns = { account: 'c.account_id', agency: 'c.agency_id' };
  test.each<[TenantScope, string, unknown[]]>([
    [{ reach: 'all' }, 'TRUE', []],
    [{ reach: 'own', accountId: OWN }, 'c.account_id = $2::uuid', [OWN]],
    [{ reach: 'managed', accountId: OWN }, '(c.account_id = $2::uuid OR c.agency_id = $2::uuid)', [OWN]],
  ])('rows of %j: %s', (scope, sql, values) => {
    const params = new SqlParams();
    params.add('an earlier parameter');
    expect(tenantCondition(scope, columns, params)).toBe(sql);
    expect(params.values.slice(1)).toEqual(values);
  });

  test.each<[TenantScope, string, unknown[]]>([
    [{ reach: 'all' }, 'account_type = $1', ['CUSTOMER']],
    [{ reach: 'own', accountId: OWN }, 'id = $1::uuid', [OWN]],
    [{ reach: 'managed', accountId: OWN }, 'agency_id = $1::uuid', [OWN]],
  ])('client accounts of %j: %s', (scope, sql, values) => {
    const params = new SqlParams();
    expect(clientAccountCondition(scope, { id: 'id', agency: 'agency_id', type: 'account_type' }, params)).toBe(sql);
    expect(params.values).toEqual(values);
  });
});
