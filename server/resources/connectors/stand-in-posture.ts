import { createHash } from 'node:crypto';
import type { PostureSource } from './catalogue.ts';

/**
 * What the local stand-in provider reports about a directory (or a tool's credentials): a score out of the
 * provider's maximum, its daily history and the recommended actions. Deterministic for a subject and a
 * calendar day, so a test knows what the console must show and two reads of one day agree.
 */

export interface PostureAction {
  id: string;
  title: string;
  description: string;
  category: string;
  severity: 'HIGH' | 'MEDIUM' | 'LOW';
  status: 'TO_DO' | 'IN_PROGRESS' | 'COMPLETED';
  scoreImpact: number;
  shortlisted: boolean;
}

export interface Posture {
  subject: { id: string; name: string };
  score: { current: number; max: number; measuredAt: string };
  history: { date: string; score: number }[];
  actions: PostureAction[];
}

type Template = [id: string, title: string, category: string, severity: PostureAction['severity'], impact: number, description: string];

const TEMPLATES: Readonly<Record<PostureSource, readonly Template[]>> = {
  microsoft: [
    ['mfa-admins', 'Require multifactor authentication for administrative roles', 'Identity', 'HIGH', 10, 'Administrators without a second factor are the first target of credential phishing.'],
    ['mfa-all-users', 'Ensure all users can complete multifactor authentication', 'Identity', 'HIGH', 9, 'Register every user for MFA so that sign-in risk policies can challenge them.'],
    ['legacy-auth', 'Block legacy authentication', 'Identity', 'HIGH', 8, 'Protocols such as POP and IMAP basic auth bypass MFA.'],
    ['safe-links', 'Turn on Safe Links for Office 365', 'E-mail', 'MEDIUM', 6, 'Links in e-mail and documents are checked when they are clicked.'],
    ['safe-attachments', 'Turn on Safe Attachments in block mode', 'E-mail', 'MEDIUM', 6, 'Attachments are opened in a sandbox before they reach the mailbox.'],
    ['self-service-reset', 'Enable self-service password reset', 'Identity', 'LOW', 2, 'Users reset forgotten passwords without calling the help desk.'],
    ['audit-log', 'Turn on audit log search', 'Data', 'MEDIUM', 4, 'Investigations need a searchable record of mailbox and admin activity.'],
    ['external-forwarding', 'Block automatic forwarding to external domains', 'E-mail', 'HIGH', 7, 'Mail forwarding rules are a common way data leaves after an account takeover.'],
    ['device-compliance', 'Mark devices without a compliance policy as not compliant', 'Devices', 'MEDIUM', 5, 'Only managed, compliant devices should reach company data.'],
    ['global-admins', 'Designate fewer than five Global Administrators', 'Identity', 'MEDIUM', 4, 'Every extra global administrator widens the blast radius of one stolen account.'],
    ['dlp-policies', 'Create data loss prevention policies', 'Data', 'LOW', 3, 'Sensitive information such as card numbers is detected before it is shared.'],
    ['sign-in-risk', 'Turn on sign-in risk policy', 'Identity', 'MEDIUM', 6, 'Risky sign-ins are challenged or blocked automatically.'],
  ],
  google: [
    ['2sv-enforced', 'Enforce 2-Step Verification for all users', 'Identity', 'HIGH', 10, 'Passwords alone are not enough to protect Workspace accounts.'],
    ['security-keys-admins', 'Require security keys for super administrators', 'Identity', 'HIGH', 8, 'Phishing-resistant keys protect the accounts that can change everything.'],
    ['less-secure-apps', 'Turn off access for less secure apps', 'Identity', 'MEDIUM', 6, 'Apps that do not use modern sign-in cannot be protected by 2-Step Verification.'],
    ['public-buckets', 'Remove public access from Cloud Storage buckets', 'Cloud', 'HIGH', 9, 'Publicly readable buckets are a frequent cause of data exposure.'],
    ['drive-sharing', 'Warn when files are shared outside the organisation', 'Data', 'MEDIUM', 4, 'Users see a warning before sharing a file with an external address.'],
    ['gmail-spoofing', 'Turn on protection against domain spoofing', 'E-mail', 'MEDIUM', 5, 'Messages pretending to come from your domain are quarantined.'],
    ['service-account-keys', 'Rotate service account keys older than 90 days', 'Cloud', 'MEDIUM', 5, 'Long-lived keys are hard to track once copied.'],
    ['audit-logs', 'Export audit logs to long-term storage', 'Data', 'LOW', 3, 'Investigations need logs that outlive the default retention.'],
    ['mobile-management', 'Require basic mobile device management', 'Devices', 'LOW', 3, 'Lost phones can be wiped and screen locks are enforced.'],
    ['oauth-apps', 'Review third-party apps with access to company data', 'Identity', 'MEDIUM', 4, 'Unreviewed OAuth apps can read mail and files.'],
  ],
  aws: [
    ['root-mfa', 'Enable MFA on the root account', 'Identity', 'HIGH', 10, 'The root user can do anything in the account, including closing it.'],
    ['root-keys', 'Remove access keys of the root user', 'Identity', 'HIGH', 9, 'Root access keys cannot be restricted by any policy.'],
    ['cloudtrail', 'Turn on CloudTrail in every region', 'Logging', 'HIGH', 8, 'Without a trail, changes to the account cannot be investigated.'],
    ['s3-public', 'Block public access to S3 buckets at account level', 'Storage', 'HIGH', 9, 'One setting stops any bucket from being made public by mistake.'],
    ['guardduty', 'Enable GuardDuty threat detection', 'Monitoring', 'MEDIUM', 6, 'Detects compromised instances and unusual API calls.'],
    ['ebs-encryption', 'Encrypt new EBS volumes by default', 'Storage', 'MEDIUM', 4, 'Snapshots and volumes stay protected if they are shared.'],
    ['security-groups', 'Restrict security groups open to 0.0.0.0/0 on SSH and RDP', 'Network', 'HIGH', 7, 'Remote administration ports open to the internet are scanned constantly.'],
    ['iam-rotation', 'Rotate IAM access keys every 90 days', 'Identity', 'MEDIUM', 4, 'Old keys are often forgotten in scripts and repositories.'],
    ['backup-plans', 'Protect critical resources with AWS Backup plans', 'Resilience', 'MEDIUM', 5, 'Tested backups decide how fast you recover from ransomware.'],
    ['config-recorder', 'Enable AWS Config recording', 'Logging', 'LOW', 3, 'A history of resource configuration supports audits and investigations.'],
  ],
  tools: [
    ['critical-vulns', 'Patch critical vulnerabilities on internet-facing hosts', 'Vulnerabilities', 'HIGH', 10, 'Exploited vulnerabilities on exposed hosts are the leading cause of ransomware claims.'],
    ['edr-coverage', 'Install the endpoint agent on every workstation and server', 'Endpoints', 'HIGH', 8, 'Unprotected devices are blind spots for detection and response.'],
    ['stale-agents', 'Investigate agents that have not reported for 14 days', 'Endpoints', 'MEDIUM', 4, 'A silent agent may mean a device was tampered with or retired.'],
    ['tls-config', 'Disable TLS 1.0 and 1.1 on public services', 'Network', 'MEDIUM', 5, 'Old protocol versions have known weaknesses.'],
    ['training-completion', 'Reach 90% completion of security awareness training', 'People', 'MEDIUM', 5, 'Trained staff report phishing instead of clicking it.'],
    ['backup-test', 'Test a full restore from backup this quarter', 'Resilience', 'HIGH', 7, 'Backups that were never restored cannot be trusted.'],
    ['waf-rules', 'Turn on managed rules of the web application firewall', 'Network', 'MEDIUM', 4, 'Common attacks such as SQL injection are blocked at the edge.'],
    ['policy-drift', 'Fix hosts that drifted from the hardening policy', 'Compliance', 'LOW', 3, 'Configuration drift reopens weaknesses that were closed.'],
    ['secrets-in-code', 'Remove secrets found in source repositories', 'Code', 'HIGH', 6, 'Keys in code end up in forks, logs and backups.'],
    ['dns-security', 'Turn on DNSSEC for your primary domain', 'Network', 'LOW', 2, 'Signed DNS answers protect users from spoofed records.'],
  ],
};

const MAX_SCORE: Readonly<Record<PostureSource, number>> = { microsoft: 250, google: 100, aws: 100, tools: 100 };
const HISTORY_DAYS = 90;
const DAY_MS = 86_400_000;
const STATUSES: readonly PostureAction['status'][] = ['TO_DO', 'TO_DO', 'IN_PROGRESS', 'COMPLETED'];
const SHORTLIST_SIZE = 5;

function hashOf(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** A subject id in GUID form (an Azure tenant id looks like this), stable for a provider and a name. */
export function subjectIdOf(source: PostureSource, name: string): string {
  const hex = hashOf(`${source}:${name.trim().toLowerCase()}`).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A number in [0, 1) from a text, stable across runs. */
function unit(text: string): number {
  return hashOf(text).readUInt32BE(0) / 2 ** 32;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The score ratio of a subject on a calendar day (days since 1970): a slow wave around its own level, with a little daily noise. */
function ratioOn(seed: string, day: number): number {
  const level = 0.4 + unit(`${seed}:level`) * 0.3;
  const phase = unit(`${seed}:phase`) * Math.PI * 2;
  const noise = (unit(`${seed}:day:${day}`) - 0.5) * 0.04;
  return Math.min(0.97, Math.max(0.08, level + 0.1 * Math.sin(day / 17 + phase) + noise));
}

export function standInPosture(source: PostureSource, subject: { id: string; name: string }, now: Date): Posture {
  const seed = `${source}:${subject.id}`;
  const max = MAX_SCORE[source];
  const today = Math.floor(now.getTime() / DAY_MS);
  const history = Array.from({ length: HISTORY_DAYS }, (_, index) => {
    const day = today - (HISTORY_DAYS - 1) + index;
    return { date: new Date(day * DAY_MS).toISOString().slice(0, 10), score: round1(max * ratioOn(seed, day)) };
  });
  const actions = TEMPLATES[source].map(([id, title, category, severity, impact, description]) => ({
    id: `${source}-${id}`,
    title,
    description,
    category,
    severity,
    status: STATUSES[Math.floor(unit(`${seed}:action:${id}`) * STATUSES.length)]!,
    scoreImpact: round1((impact * max) / 100),
    shortlisted: false,
  }));
  const shortlist = actions.filter((action) => action.status !== 'COMPLETED').sort((a, b) => b.scoreImpact - a.scoreImpact || a.id.localeCompare(b.id)).slice(0, SHORTLIST_SIZE);
  for (const action of shortlist) action.shortlisted = true;
  return {
    subject,
    score: { current: history[history.length - 1]!.score, max, measuredAt: new Date(today * DAY_MS).toISOString() },
    history,
    actions,
  };
}
