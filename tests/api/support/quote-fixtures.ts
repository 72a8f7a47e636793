import { createP250State, p250RatingInput, raterDefinitionsOf } from '../../../engine/index.ts';
import { registry } from '../../support/registry.ts';
import type { TestApp } from './test-app.ts';

/** A client account of an agency with the firmographics the rater needs, made straight in the database. */
export async function clientOf(
  t: TestApp,
  agencyName: string,
  name: string,
  risk: { edition: 'us' | 'uk'; state: string | null; zip: string; industry: string; revenue: number },
): Promise<string> {
  const [agency] = await t.db.query<{ id: string }>('SELECT id FROM accounts WHERE name = $1', [agencyName]);
  const [row] = await t.db.query<{ id: string }>(
    `INSERT INTO accounts (name, account_type, edition, agency_id, created_at) VALUES ($1, 'CUSTOMER', $2, $3, now()) RETURNING id`,
    [name, risk.edition, agency!.id],
  );
  await t.db.query(
    `INSERT INTO account_details (account_id, address1, city, state, zip_code, country, industry_code, modified_at)
     VALUES ($1, '1 Main Street', 'Springfield', $2, $3, $4, $5, now())`,
    [row!.id, risk.state, risk.zip, risk.edition === 'uk' ? 'GB' : 'US', risk.industry],
  );
  await t.db.query(`INSERT INTO account_profiles (account_id, status, revenue, employees, modified_at) VALUES ($1, 'Open', $2, 40, now())
    ON CONFLICT (account_id) DO UPDATE SET revenue = EXCLUDED.revenue, employees = EXCLUDED.employees`, [row!.id, risk.revenue]);
  return row!.id;
}

/** The request the P250 editor sends: the engine's default state for the account, as the rater reads it. */
export function p250Request(accountId: string, edition: 'us' | 'uk', state: string, today: string, product = 'P250', presetName?: string) {
  const rater = raterDefinitionsOf(registry, edition);
  const p250 = createP250State({ product, account: { state, industryCode: '541512', revenue: 5_000_000 }, today, presetName }, rater);
  const input = p250RatingInput(p250);
  return {
    accountId, product, preset: presetName ?? 'POPULAR', effectiveDate: input.effectiveDate, endDate: p250.global.endDate, aggLimit: input.aggLimit,
    deductible: input.deductible, waitingPeriod: input.waitingPeriod, retroActivePeriod: input.retroActivePeriod, coverages: input.coverages,
  };
}
