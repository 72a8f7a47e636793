import { formatDate, formatMoney, type Edition, type RaterDefinitions } from '../../../engine/index.ts';
import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { renderDocument, type DocumentBlock } from '../../documents/pdf-document.ts';
import type { Caller } from '../../services.ts';
import { tenantCondition, tenantScopeOf } from '../../tenancy/tenant-scope.ts';
import { policyTenant, type PolicyRow } from './policy-repository.ts';
import { DOCUMENT_PROVIDER } from '../../constants.ts';

interface PeriodRow {
  policy_number: string;
  product: string;
  status: string;
  effective_date: string;
  end_date: string;
  cancellation_date: string | null;
  agg_limit: string;
  deductible: string;
  premium: string;
}

interface ClaimRow {
  claim_number: string;
  loss_date: string | null;
  filed_at: Date;
  summary: string | null;
}

/**
 * The loss run of a client account as of a policy (spec 002 section 7 'GET policy/{accountId}/loss-runs/{policyId}'):
 * every policy period of the account the caller may see up to that policy's, each with the claims filed whose
 * loss date falls in it. What a prior carrier's loss run gives an underwriter: the history of cover and of losses.
 * Claims here are the notices filed through the console; reserves and payments are kept by the claims team and
 * the report says so rather than print figures it does not have.
 */
export async function lossRunPdf(db: Queryable, caller: Caller, policy: PolicyRow, rater: RaterDefinitions, edition: Edition, asOf: Date): Promise<Uint8Array> {
  const params = new SqlParams();
  const account = params.add(policy.account_id, 'uuid');
  const until = params.add(policy.effective_date, 'date');
  const periods = await db.query<PeriodRow>(
    `SELECT p.policy_number, p.product, p.status, p.effective_date::text AS effective_date, p.end_date::text AS end_date,
       p.cancellation_date::text AS cancellation_date, p.agg_limit::text AS agg_limit, p.deductible::text AS deductible, p.premium::text AS premium
     FROM policies p WHERE p.account_id = ${account} AND p.effective_date <= ${until} AND ${policyTenant(caller, params)}
     ORDER BY p.effective_date DESC, p.policy_number`,
    params.values,
  );
  const claimParams = new SqlParams();
  const claimAccount = claimParams.add(policy.account_id, 'uuid');
  const claims = await db.query<ClaimRow>(
    `SELECT c.claim_number, c.loss_date::text AS loss_date, c.filed_at, left(c.data->>'lossDescription', 120) AS summary
     FROM claims c WHERE c.account_id = ${claimAccount} AND c.is_filed
       AND ${tenantCondition(tenantScopeOf(caller), { account: 'c.account_id', agency: 'c.agency_id' }, claimParams)}
     ORDER BY c.loss_date, c.claim_number`,
    claimParams.values,
  );
  const money = (value: string) => formatMoney(Number(value), edition);
  const date = (value: string | null) => (value ? formatDate(value.slice(0, 10), edition.locale) : '-');
  const inPeriod = (period: PeriodRow, claim: ClaimRow) =>
    claim.loss_date !== null && claim.loss_date >= period.effective_date && claim.loss_date < (period.cancellation_date ?? period.end_date);

  const blocks: DocumentBlock[] = [
    { kind: 'heading', text: 'Loss Run Report' },
    {
      kind: 'fields',
      fields: [
        ['Named Insured', policy.company_name],
        ['As Of', date(asOf.toISOString())],
        ['Policy Periods', String(periods.length)],
        ['Claims Reported', String(periods.reduce((count, period) => count + claims.filter((claim) => inPeriod(period, claim)).length, 0))],
      ],
    },
  ];
  for (const period of periods) {
    const reported = claims.filter((claim) => inPeriod(period, claim));
    blocks.push(
      { kind: 'subheading', text: `${period.policy_number} - ${rater.allProducts.get(period.product)?.title ?? period.product}` },
      {
        kind: 'fields',
        fields: [
          ['Policy Period', `${date(period.effective_date)} to ${date(period.end_date)}`],
          ['Status', period.cancellation_date ? `${period.status} (cancelled ${date(period.cancellation_date)})` : period.status],
          ['Aggregate Limit', money(period.agg_limit)],
          ['Retention', money(period.deductible)],
          ['Written Premium', money(period.premium)],
        ],
      },
      reported.length === 0
        ? { kind: 'paragraph', text: 'No claims reported in this period.' }
        : {
          kind: 'table',
          columns: ['Claim', 'Date of Loss', 'Reported', 'Description'],
          rows: reported.map((claim) => [claim.claim_number, date(claim.loss_date), date(new Date(claim.filed_at).toISOString()), claim.summary ?? '-']),
        },
    );
  }
  blocks.push({
    kind: 'paragraph',
    text: 'Claims are those reported through the console with a date of loss within the policy period. Reserves and payments are kept by the claims team and are available from them on request.',
  });
  return renderDocument({ title: `Loss Run ${policy.company_name}`, author: DOCUMENT_PROVIDER, footer: `${DOCUMENT_PROVIDER} - loss run - ${policy.company_name}`, createdAt: asOf }, blocks);
}
