import type { Queryable } from '../../db/database.ts';
import { localScanner, type ScanFinding } from '../accounts/providers.ts';
import type { ProfileRow } from './repository.ts';
import { riskScoresOf, scanFactsOf, type RiskFacts, type RiskScores } from './risk-factors.ts';

/**
 * The facts the risk model reads, gathered from the database for one or many accounts (a portfolio): the
 * profile, the latest local scan of the current primary domain (or the same deterministic scan computed now,
 * when none was recorded: it sends nothing to the domain), and the security answers when the account gave
 * any on a quote's questions.
 */

type Answers = Record<string, unknown>;

const yes = (value: unknown) => value === true || value === 'YES';
const no = (value: unknown) => value === false || value === 'NO';

/** A good answer true, a bad one false, unanswered undefined. */
function answered(good: boolean, bad: boolean): boolean | undefined {
  if (good) return true;
  return bad ? false : undefined;
}

/** The security answers (account-questions: the P250 security questions and the cyber application) as the model reads them. */
export function securityFactsOf(security: Answers, cyber: Answers): RiskFacts['security'] {
  const mfa = [cyber.mfaEmail, cyber.mfaRemoteAccess, cyber.mfaAdminAccounts];
  const funds = [security.isVerifyingBankAccounts, security.isAuthenticatingFundTransferRequests];
  return {
    mfa: answered(mfa.every(yes), mfa.some(no)),
    edr: answered(yes(cyber.edr), no(cyber.edr)),
    backups: answered(
      typeof security.backupFrequency === 'string' && security.backupFrequency !== 'NEVER' && security.testedFullFailover === true,
      security.backupFrequency === 'NEVER',
    ),
    fundsVerification: answered(funds.every(yes), funds.some(no)),
  };
}

const num = (value: string | null): number | null => (value === null ? null : Number(value));

export function riskFactsOf(row: ProfileRow, findings: readonly ScanFinding[] | null, security: RiskFacts['security'], year: number): RiskFacts {
  return {
    edition: row.edition,
    industryCode: row.industry_code,
    employees: row.employees,
    revenue: num(row.revenue),
    yearsInBusiness: row.year_established === null ? null : year - row.year_established,
    noDomainAttested: row.domain_name === null && row.no_domain_attested_at !== null,
    otherDomains: row.other_domains?.length ?? 0,
    scan: findings ? scanFactsOf(findings) : null,
    incidentResponsePlan: row.incident_response_plan,
    personalRecords: row.collecting_personal_information === true ? num(row.number_of_personal_records) : null,
    isFranchise: row.is_franchise,
    franchiseSystemConnectivity: row.franchise_system_connectivity,
    entityType: row.entity_type,
    percentInternationalSales: num(row.percent_international_sales),
    changeInScope: row.change_in_scope,
    security,
  };
}

async function tableExists(db: Queryable, name: string): Promise<boolean> {
  const [row] = await db.query<{ present: boolean }>('SELECT to_regclass($1) IS NOT NULL AS present', [name]);
  return row?.present === true;
}

/** The risk scores of each account, by account id, from one read per kind of fact. */
export async function riskScoresOfRows(db: Queryable, rows: readonly ProfileRow[], year: number): Promise<Map<string, RiskScores>> {
  const ids = rows.map((row) => row.id);
  const scans = await db.query<{ account_id: string; domain_name: string; findings: unknown }>(
    `SELECT DISTINCT ON (account_id) account_id, domain_name, findings FROM account_scans WHERE account_id = ANY($1::uuid[])
     ORDER BY account_id, scanned_at DESC, id DESC`,
    [ids],
  );
  const scanOf = new Map(scans.map((scan) => [scan.account_id, scan]));
  const answers = new Map<string, { security: Answers; cyber: Answers }>();
  // The answers belong to the quoting area (server/lifecycle/account-questions); read them when it is installed.
  if (await tableExists(db, 'account_security_answers')) {
    for (const row of await db.query<{ account_id: string; answers: Answers }>('SELECT account_id, answers FROM account_security_answers WHERE account_id = ANY($1::uuid[])', [ids])) {
      answers.set(row.account_id, { security: row.answers, cyber: answers.get(row.account_id)?.cyber ?? {} });
    }
  }
  if (await tableExists(db, 'account_questionnaires')) {
    const cyberRows = await db.query<{ account_id: string; answers: Answers }>(
      `SELECT account_id, answers FROM account_questionnaires WHERE account_id = ANY($1::uuid[]) AND questionnaire = 'cyber'`,
      [ids],
    );
    for (const row of cyberRows) answers.set(row.account_id, { security: answers.get(row.account_id)?.security ?? {}, cyber: row.answers });
  }
  const scores = new Map<string, RiskScores>();
  for (const row of rows) {
    let findings: ScanFinding[] | null = null;
    if (row.domain_name) {
      const stored = scanOf.get(row.id);
      findings = stored && stored.domain_name === row.domain_name
        ? ((typeof stored.findings === 'string' ? JSON.parse(stored.findings) : stored.findings) as ScanFinding[])
        : localScanner.scan(row.domain_name).findings;
    }
    const given = answers.get(row.id);
    scores.set(row.id, riskScoresOf(riskFactsOf(row, findings, securityFactsOf(given?.security ?? {}, given?.cyber ?? {}), year)));
  }
  return scores;
}
