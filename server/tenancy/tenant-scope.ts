import { PROVIDER_ACCOUNT_TYPE } from '../auth/session-context.ts';
import type { SqlParams } from '../db/sql-params.ts';
import type { Caller } from '../services.ts';

/** Account types that manage client accounts: their clients' rows carry the managing account as agency_id. */
export const MANAGING_ACCOUNT_TYPES: readonly string[] = ['AGENCY', 'DIGITAL'];

/**
 * Which account-owned rows a caller reaches, in one place for every repository: provider staff reach all;
 * everyone reaches the rows on their own account; an agency (or digital agent) also the rows of the
 * accounts it manages. The scope comes from the session's caller (the account it acts in), never from
 * the request.
 */
export type TenantScope =
  | { reach: 'all' }
  | { reach: 'own'; accountId: string }
  | { reach: 'managed'; accountId: string };

export function managesClients(accountType: string): boolean {
  return MANAGING_ACCOUNT_TYPES.includes(accountType);
}

export function tenantScopeOf(caller: Pick<Caller, 'accountType' | 'accountId'>): TenantScope {
  if (caller.accountType === PROVIDER_ACCOUNT_TYPE) return { reach: 'all' };
  return { reach: managesClients(caller.accountType) ? 'managed' : 'own', accountId: caller.accountId };
}

/** The SQL columns of a row's owner: the account it is on, and the account that manages that account. */
export interface TenantColumns {
  account: string;
  agency: string;
}

/**
 * The SQL condition 'this row is within the scope', its values added to `params`. Used with a lookup by id,
 * a row of another tenant is simply not found, so it answers exactly like an id that does not exist.
 */
export function tenantCondition(scope: TenantScope, columns: TenantColumns, params: SqlParams): string {
  if (scope.reach === 'all') return 'TRUE';
  const accountId = params.add(scope.accountId, 'uuid');
  if (scope.reach === 'own') return `${columns.account} = ${accountId}`;
  return `(${columns.account} = ${accountId} OR ${columns.agency} = ${accountId})`;
}

/**
 * The accounts the caller works on behalf of (a claim is reported on one of them), within the tenant rule:
 * provider staff any policyholder account, an agency the accounts it manages (not itself), anyone else
 * their own account.
 */
export function clientAccountCondition(
  scope: TenantScope,
  columns: { id: string; agency: string; type: string },
  params: SqlParams,
): string {
  if (scope.reach === 'all') return `${columns.type} = ${params.add('CUSTOMER')}`;
  const accountId = params.add(scope.accountId, 'uuid');
  return scope.reach === 'managed' ? `${columns.agency} = ${accountId}` : `${columns.id} = ${accountId}`;
}
