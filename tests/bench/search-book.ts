import type pg from 'pg';

/** How big the book is: issue 9 §3 asks for a million quotes. */
export interface BookSize {
  quotes: number;
  clients: number;
  agencies: number;
}

/** Words of generated client names: 20 x 20 x 5 stems, then a number, so a word search matches a share of the book. */
const FIRST = ['Acme', 'Harbor', 'Summit', 'Northwind', 'Bluewater', 'Granite', 'Cedar', 'Pioneer', 'Atlas', 'Beacon', 'Crescent', 'Evergreen', 'Falcon', 'Liberty', 'Meridian', 'Orchid', 'Quantum', 'Redwood', 'Silverline', 'Vertex'];
const TRADE = ['Analytics', 'Bakery', 'Clinic', 'Dental', 'Engineering', 'Foods', 'Health', 'Logistics', 'Media', 'Partners', 'Realty', 'Software', 'Studios', 'Systems', 'Telecom', 'Therapy', 'Ventures', 'Wealth', 'Works', 'Legal'];
const FORM = ['LLC', 'Inc', 'Co', 'Group', 'Corp'];
/** Quote statuses in proportion: mostly live and expired quotes, a share bound (those get a policy), some with underwriting. */
const STATUSES = ['ACTIVE', 'ACTIVE', 'READY', 'EXPIRED', 'EXPIRED', 'BOUND', 'REFERRED', 'REQUESTED', 'INVALID', 'LOST', 'DECLINED', 'IN_REVIEW'];

const array = (values: readonly string[]) => `ARRAY[${values.map((value) => `'${value}'`).join(', ')}]`;

/**
 * Fills the schema the client is on with a generated US book beside the demo world: `agencies` agencies,
 * `clients` client accounts (one in fifty managed by `demoAgencyId`, so the demo agent's dashboard has a
 * realistic share), `quotes` quotes over them and a policy for each bound quote. Set-based SQL, so a
 * million rows take a minute or two; the rows are deterministic (the same book on every run).
 */
export async function fillSearchBook(client: pg.Client, size: BookSize, demoAgencyId: string, log: (line: string) => void): Promise<void> {
  const started = performance.now();
  const step = async (label: string, sql: string, values: unknown[] = []) => {
    const t0 = performance.now();
    const result = await client.query(sql, values);
    log(`  ${label}: ${result.rowCount ?? 0} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  };
  await step('agencies', `CREATE TEMP TABLE book_agencies AS
    SELECT n, gen_random_uuid() AS id FROM generate_series(1, $1::int) AS n`, [size.agencies]);
  await client.query(`INSERT INTO accounts (id, name, account_type, edition, created_at)
    SELECT id, (${array(FIRST)})[1 + n % 20] || ' Insurance Agency ' || n, 'AGENCY', 'us', timestamptz '2023-01-01' FROM book_agencies`);
  await step('client accounts', `CREATE TEMP TABLE book_clients AS
    SELECT n, gen_random_uuid() AS id,
      CASE WHEN n % 50 = 0 THEN $2::uuid ELSE (SELECT id FROM book_agencies WHERE book_agencies.n = 1 + c.n % $3::int) END AS agency_id
    FROM generate_series(1, $1::int) AS c(n)`, [size.clients, demoAgencyId, size.agencies]);
  await client.query(`INSERT INTO accounts (id, name, account_type, edition, agency_id, created_at)
    SELECT id, (${array(FIRST)})[1 + n % 20] || ' ' || (${array(TRADE)})[1 + (n / 20) % 20] || ' ' || (${array(FORM)})[1 + (n / 400) % 5] || ' ' || n,
      'CUSTOMER', 'us', agency_id, timestamptz '2023-06-01' + n * interval '1 minute' FROM book_clients`);
  await client.query('CREATE UNIQUE INDEX ON book_clients (n)');
  await step('quotes', `INSERT INTO quotes (quote_number, account_id, agency_id, edition, product, status, currency, agg_limit, deductible,
      waiting_period, retro_active_period, effective_date, end_date, expires_on, need_by_date, premium, total_premium, risk_state,
      industry_code, request_data, original_request, rating, created_at, modified_at)
    SELECT 'Q-2025-' || lpad(g::text, 7, '0'), c.id, c.agency_id, 'us', CASE WHEN g % 3 = 0 THEN 'P100' ELSE 'P250' END,
      (${array(STATUSES)})[1 + (g::bigint * 7919) % ${STATUSES.length}], 'USD', 1000000 + (g % 5) * 500000, 25000, 12, -1,
      date '2025-01-01' + g % 700, date '2025-01-01' + g % 700 + 365, date '2025-01-01' + g % 700 + 30,
      CASE WHEN (g::bigint * 7919) % ${STATUSES.length} >= 6 THEN date '2025-01-01' + g % 700 - 3 END,
      1000 + (g * 31) % 9000, round((1000 + (g * 31) % 9000) * 1.05, 2), 'TX', '541511', '{}'::jsonb, '{}'::jsonb, '{}'::jsonb,
      timestamptz '2024-01-01' + g * interval '31 seconds' - interval '1 day', timestamptz '2024-01-01' + g * interval '31 seconds'
    FROM generate_series(1, $1::int) AS g JOIN book_clients c ON c.n = 1 + g % $2::int`, [size.quotes, size.clients]);
  await step('policies (the bound quotes)', `INSERT INTO policies (policy_number, quote_id, account_id, agency_id, edition, product, status,
      currency, effective_date, end_date, agg_limit, deductible, premium, total_premium, contact_first_name, contact_last_name,
      contact_email, contact_phone, issued_at, created_at, modified_at)
    SELECT 'P-2025-' || substr(q.quote_number, 8), q.id, q.account_id, q.agency_id, 'us', q.product,
      CASE WHEN q.end_date < date '2026-11-01' THEN 'EXPIRED' ELSE 'ACTIVE' END, 'USD', q.effective_date, q.end_date, q.agg_limit,
      q.deductible, q.premium, q.total_premium, 'Pat', 'Client', 'pat.client@example.com', '5125550100', q.modified_at, q.modified_at, q.modified_at
    FROM quotes q WHERE q.status = 'BOUND' AND q.quote_number LIKE 'Q-2025-%'`);
  const t0 = performance.now();
  await client.query('ANALYZE accounts; ANALYZE quotes; ANALYZE policies; ANALYZE users; ANALYZE teams');
  log(`  analyze: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  log(`  book filled in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
