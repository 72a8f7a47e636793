import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
import type { Caller } from '../../services.ts';
import { clientAccountCondition, tenantScopeOf } from '../../tenancy/tenant-scope.ts';

/** What the rater and the quote need to know about the client account being quoted. */
export interface AccountRisk {
  id: string;
  name: string;
  edition: 'us' | 'uk';
  agencyId: string | null;
  status: string;
  /** A US state, or the UK nation the postcode lies in. */
  riskState: string | null;
  industryCode: string | null;
  revenue: number | null;
  employees: number | null;
  teamId: string | null;
  agentUserId: string | null;
  securityAnswers: Record<string, unknown>;
}

/**
 * The client account of a quote, within the tenant rule (an agency the accounts it manages, provider staff
 * any business account): another tenant's account answers like a missing one. Values the agent entered on
 * the profile win over the company directory's.
 */
export async function findQuotableAccount(db: Queryable, caller: Caller, accountId: string): Promise<AccountRisk | null> {
  const params = new SqlParams();
  const id = params.add(accountId, 'uuid');
  const visible = clientAccountCondition(tenantScopeOf(caller), { id: 'a.id', agency: 'a.agency_id', type: 'a.account_type' }, params);
  const [row] = await db.query<{
    id: string; name: string; edition: 'us' | 'uk'; agency_id: string | null; status: string | null; state: string | null; zip_code: string | null;
    industry_code: string | null; revenue: string | null; employees: number | null; team_id: string | null; agent_user_id: string | null;
    security_answers: Record<string, unknown> | null;
  }>(
    `SELECT a.id, a.name, a.edition, a.agency_id, p.status, d.state, d.zip_code, coalesce(d.industry_code, f.industry_code) AS industry_code,
       coalesce(p.revenue, f.revenue)::text AS revenue, coalesce(p.employees, f.employees) AS employees, d.team_id, d.agent_user_id,
       q.answers AS security_answers
     FROM accounts a
     LEFT JOIN account_details d ON d.account_id = a.id
     LEFT JOIN account_profiles p ON p.account_id = a.id
     LEFT JOIN account_firmographics f ON f.account_id = a.id
     LEFT JOIN account_security_answers q ON q.account_id = a.id
     WHERE a.id = ${id} AND a.account_type = 'CUSTOMER' AND ${visible}`,
    params.values,
  );
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    edition: row.edition,
    agencyId: row.agency_id,
    status: row.status ?? 'Open',
    riskState: row.edition === 'uk' ? ukNationOf(row.zip_code) : row.state,
    industryCode: row.industry_code,
    revenue: row.revenue === null ? null : Number(row.revenue),
    employees: row.employees,
    teamId: row.team_id,
    agentUserId: row.agent_user_id,
    securityAnswers: row.security_answers ?? {},
  };
}

/** The UK nation of a postcode by its area letters (Scotland, Wales, Northern Ireland; England otherwise). */
export function ukNationOf(postcode: string | null): string {
  const area = (postcode ?? '').toUpperCase().match(/^[A-Z]{1,2}/)?.[0] ?? '';
  if (area === 'BT') return 'NIR';
  if (['AB', 'DD', 'DG', 'EH', 'FK', 'G', 'HS', 'IV', 'KA', 'KW', 'KY', 'ML', 'PA', 'PH', 'TD', 'ZE'].includes(area)) return 'SCT';
  if (['CF', 'LD', 'LL', 'NP', 'SA'].includes(area)) return 'WLS';
  return 'ENG';
}
