import { evaluateLogic } from '../../../engine/index.ts';
import type { ScanFinding } from '../accounts/providers.ts';
import {
  AGGREGATE_WEIGHTS, INDUSTRY_BASELINES, INDUSTRY_GROUP_LABELS, NAICS_GROUPS, RISK_ADJUSTMENTS, RISK_FACTOR_LABELS, RISK_FACTORS, SIC_DIVISION_GROUPS,
  type IndustryGroup, type RiskFactorId,
} from './risk-model.ts';

/**
 * The risk factors of one account from its facts, by the model in risk-model.ts: the industry group's
 * baseline, then every adjustment whose test holds, each factor clamped to 0..100, and the company aggregate
 * as the weighted mean. Pure and deterministic: the same facts always give the same scores and reasons.
 */

/** What a domain scan says, as the model reads it (null values: the check was not made). */
export interface ScanFacts {
  certificateValid: boolean;
  spfPublished: boolean;
  dmarcEnforced: boolean;
  remoteDesktopExposed: boolean;
  webServerSupported: boolean;
  credentialsBreached: boolean;
  allPassed: boolean;
}

export interface RiskFacts {
  edition: 'us' | 'uk';
  industryCode: string | null;
  employees: number | null;
  revenue: number | null;
  yearsInBusiness: number | null;
  noDomainAttested: boolean;
  otherDomains: number;
  scan: ScanFacts | null;
  incidentResponsePlan: boolean | null;
  personalRecords: number | null;
  isFranchise: boolean | null;
  franchiseSystemConnectivity: boolean | null;
  entityType: string | null;
  percentInternationalSales: number | null;
  changeInScope: boolean | null;
  /** Answers of a quote's security questions, when the account has any (true: the good answer). */
  security: { mfa?: boolean | undefined; backups?: boolean | undefined; fundsVerification?: boolean | undefined; edr?: boolean | undefined };
}

export interface RiskReason {
  text: string;
  points: number;
}

export interface RiskFactorScore {
  id: RiskFactorId;
  label: string;
  score: number;
  /** One sentence: the industry's starting point and what moved the score. */
  why: string;
  reasons: RiskReason[];
}

export interface RiskScores {
  industryGroup: IndustryGroup;
  industryLabel: string;
  factors: RiskFactorScore[];
  companyAggregate: number;
  industryAggregate: number;
}

const clamp = (value: number) => Math.max(0, Math.min(100, Math.round(value)));

/** The industry group of a NAICS (US) or SIC 2007 (UK) code; 'other' when unknown. */
export function industryGroupOf(edition: 'us' | 'uk', code: string | null): IndustryGroup {
  if (!code || !/^[0-9]{2,6}$/.test(code)) return 'other';
  if (edition === 'us') return NAICS_GROUPS[code.slice(0, 4)] ?? NAICS_GROUPS[code.slice(0, 2)] ?? 'other';
  // SIC codes are five digits with leading zeros (01110); a shorter one lost its zeros on the way.
  const division = Number((code.length < 5 ? code.padStart(5, '0') : code).slice(0, 2));
  return SIC_DIVISION_GROUPS.find(([from, to]) => division >= from && division <= to)?.[2] ?? 'other';
}

/** The local scan's findings (server/resources/accounts/providers.ts) as the model's scan facts. */
export function scanFactsOf(findings: readonly ScanFinding[]): ScanFacts {
  const passed = (check: string) => findings.find((finding) => finding.check === check)?.passed ?? true;
  return {
    certificateValid: passed('TLS certificate'),
    spfPublished: passed('SPF record'),
    dmarcEnforced: passed('DMARC policy'),
    remoteDesktopExposed: !passed('Remote desktop exposure'),
    webServerSupported: passed('Web server software'),
    credentialsBreached: !passed('Breached credentials'),
    allPassed: findings.length > 0 && findings.every((finding) => finding.passed),
  };
}

/** The weighted mean of the eight factor scores (AGGREGATE_WEIGHTS, per cent). */
export function aggregateOf(scores: Readonly<Record<RiskFactorId, number>>): number {
  const total = RISK_FACTORS.reduce((sum, id) => sum + scores[id] * AGGREGATE_WEIGHTS[id], 0);
  return clamp(total / 100);
}

/** The industry aggregate: what a typical organisation of the group scores (its baselines' weighted mean). */
export function industryAggregateOf(group: IndustryGroup): number {
  const baseline = INDUSTRY_BASELINES[group];
  return aggregateOf(Object.fromEntries(RISK_FACTORS.map((id, index) => [id, baseline[index]!])) as Record<RiskFactorId, number>);
}

export function riskScoresOf(facts: RiskFacts): RiskScores {
  const group = industryGroupOf(facts.edition, facts.industryCode);
  const baseline = INDUSTRY_BASELINES[group];
  const scope = facts as unknown as Record<string, unknown>;
  const applied = RISK_ADJUSTMENTS.filter((adjustment) => evaluateLogic(adjustment.when, scope) === true);
  const industryLabel = INDUSTRY_GROUP_LABELS[group];
  const factors = RISK_FACTORS.map((id, index): RiskFactorScore => {
    const start = baseline[index]!;
    const reasons = applied.flatMap((adjustment) => (adjustment.points[id] ? [{ text: adjustment.why, points: adjustment.points[id]! }] : []));
    const score = clamp(reasons.reduce((sum, reason) => sum + reason.points, start));
    const moved = reasons.map((reason) => `${reason.text} (${reason.points > 0 ? '+' : ''}${reason.points})`).join('. ');
    const why = moved ? `Starts at ${start}, typical of ${industryLabel}. ${moved}.` : `Typical of ${industryLabel} (${start}); nothing known about the account moves it.`;
    return { id, label: RISK_FACTOR_LABELS[id], score, why, reasons };
  });
  const byId = Object.fromEntries(factors.map((factor) => [factor.id, factor.score])) as Record<RiskFactorId, number>;
  return { industryGroup: group, industryLabel, factors, companyAggregate: aggregateOf(byId), industryAggregate: industryAggregateOf(group) };
}
