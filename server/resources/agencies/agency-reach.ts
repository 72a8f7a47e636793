import type { SqlParams } from '../../db/sql-params.ts';
import type { Caller } from '../../services.ts';
import { tenantScopeOf } from '../../tenancy/tenant-scope.ts';

/**
 * Which agencies a caller reaches, on top of the one tenant rule (server/tenancy/tenant-scope.ts): provider
 * staff every agency; a cluster or an aggregator (digital agency) the agencies that belong to it, and a
 * carrier or a managed security provider those it works with; an agency itself; anyone else none. An agency out of reach answers exactly like one that does not exist.
 */
export type AgencyReach =
  | { kind: 'all' }
  | { kind: 'organisation'; organisationId: string }
  | { kind: 'self'; agencyId: string }
  | { kind: 'none' };

/** Organisation types that see the agencies belonging to them or working with them (organisation_agencies). */
const GROUPING_TYPES: readonly string[] = ['CLUSTER', 'DIGITAL', 'CARRIER', 'MSSP'];

export function agencyReachOf(caller: Pick<Caller, 'accountType' | 'accountId'>): AgencyReach {
  if (tenantScopeOf(caller).reach === 'all') return { kind: 'all' };
  if (caller.accountType === 'AGENCY') return { kind: 'self', agencyId: caller.accountId };
  if (GROUPING_TYPES.includes(caller.accountType)) return { kind: 'organisation', organisationId: caller.accountId };
  return { kind: 'none' };
}

/**
 * Who may change an agency's profile and logos: provider staff with agency:write any agency, an agency its
 * own; nobody else (a cluster or an aggregator reads its agencies but does not edit them).
 */
export function agencyWriteReachOf(caller: Pick<Caller, 'accountType' | 'accountId' | 'permissions'>): AgencyReach {
  const reach = agencyReachOf(caller);
  if (reach.kind === 'all') return caller.permissions.has('agency:write') ? reach : { kind: 'none' };
  return reach.kind === 'self' ? reach : { kind: 'none' };
}

/** The SQL condition 'the agency in `column` is within reach', its values added to `params`. */
export function agencyReachCondition(reach: AgencyReach, column: string, params: SqlParams): string {
  switch (reach.kind) {
    case 'all':
      return 'TRUE';
    case 'self':
      return `${column} = ${params.add(reach.agencyId, 'uuid')}`;
    case 'organisation':
      return `EXISTS (SELECT 1 FROM organisation_agencies reach_oa WHERE reach_oa.agency_id = ${column} AND reach_oa.organisation_id = ${params.add(reach.organisationId, 'uuid')})`;
    case 'none':
      return 'FALSE';
  }
}

/** Organisation types that oversee their agencies' business (not a managed security provider, which only places clients). */
const OVERSEEING_TYPES: readonly string[] = ['CLUSTER', 'DIGITAL', 'CARRIER'];

/**
 * The SQL condition 'the row's agency is one the caller oversees': a cluster its member agencies, a digital
 * agency its partner agencies, a carrier the agencies it appoints (read-only lists of their binders and
 * policies); provider staff every agency; anyone else none. The rows' own operations keep the tenant rule.
 */
export function overseenAgencyCondition(caller: Pick<Caller, 'accountType' | 'accountId'>, column: string, params: SqlParams): string {
  const reach = agencyReachOf(caller);
  if (reach.kind === 'all') return 'TRUE';
  return reach.kind === 'organisation' && OVERSEEING_TYPES.includes(caller.accountType) ? agencyReachCondition(reach, column, params) : 'FALSE';
}
