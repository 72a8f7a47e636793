import { fileURLToPath } from 'node:url';
import { createRegistry, raterDefinitionsOf, type RaterDefinitions } from '../../engine/index.ts';
import { readDefinitionFiles } from '../../engine/node/file-source.ts';
import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/database.ts';
import { ratedColumns } from '../lifecycle/index.ts';
import { generateBookAccounts, type BookAccount, type BookAgency } from './demo-book-accounts.ts';
import { generateSession, renewalDueQuote, type BookQuote, type BookQuoteContext } from './demo-book-quotes.ts';
import { bookRandom } from './demo-book-random.ts';
import { writeBookSubjectivities } from './demo-book-subjectivities.ts';

/**
 * A realistic book for the demo world of a development start (after the named demo clients,
 * server/seed/demo-records.ts): a few hundred client accounts under the US agencies and the UK brokerage,
 * spread over their teams and agents, and a few thousand quotes over the last nine months in every status,
 * each rated by the real rater so its premium is what the quote editor shows. Generated from a seeded
 * random sequence and dated relative to the clock's today, so every start writes the same book, current.
 * Rows are written in multi-row batches: an embedded database seeds it in seconds.
 */

export interface DemoBookOptions {
  /** The rater of each edition; the shipped definitions otherwise (a development start has published nothing yet). */
  raters?: Record<'us' | 'uk', RaterDefinitions>;
  /** Client accounts per agency name (the demo world's agencies). */
  accounts?: Readonly<Record<string, number>>;
  /** About how many quotes in all. */
  quotes?: number;
  seed?: number;
}

export interface DemoBookSummary {
  accounts: number;
  quotes: number;
  events: number;
}

const DAY_MS = 86_400_000;
const SPAN_DAYS = 270;
/** Clients of each agency whose policy, bound about a year ago, comes up for renewal within the next 20 to 85 days. */
const RENEWALS_DUE_PER_AGENCY = 3;
const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Accounts per agency and where their clients are (the regions of demo-book-data.ts), with the team of each region. */
const AGENCY_PLANS: Readonly<Record<string, Pick<BookAgency, 'accounts' | 'regions' | 'places'>>> = {
  'Summit Risk Partners': {
    accounts: 130, regions: { West: 'West Coast', East: 'East Coast', 'New England': 'East Coast' },
    places: [['West', 45], ['East', 30], ['Central', 15], ['South', 10], ['New England', 5]],
  },
  'Harbor Insurance Group': { accounts: 45, regions: { 'New England': 'New England' }, places: [['New England', 70], ['East', 30]] },
  'Secure Agency': { accounts: 25, regions: {}, places: [['South', 85], ['Central', 15]] },
  'Thames Cyber Brokers': {
    accounts: 100, regions: { London: 'City' },
    places: [['London', 40], ['South', 15], ['North', 15], ['Midlands', 10], ['Scotland', 10], ['Wales', 5], ['Northern Ireland', 5]],
  },
};

/** Roles whose users look after client accounts. */
const AGENT_ROLES = ['agency-admin', 'agency-principal-producer', 'agency-producer'];

export function shippedRaters(): Record<'us' | 'uk', RaterDefinitions> {
  const registry = createRegistry(readDefinitionFiles(PROJECT_ROOT));
  return { us: raterDefinitionsOf(registry, 'us'), uk: raterDefinitionsOf(registry, 'uk') };
}

/** The first day on which every rating table of both editions has a version in force. */
function firstEffectiveDate(raters: Record<'us' | 'uk', RaterDefinitions>): string {
  let first = '0000-01-01';
  for (const rater of Object.values(raters)) {
    for (const versions of rater.tables.values()) {
      const earliest = versions.reduce((min, version) => (version.effectiveDate < min ? version.effectiveDate : min), '9999-12-31');
      if (earliest > first) first = earliest;
    }
  }
  return first;
}

async function agenciesOf(tx: Queryable, plans: Record<string, number>): Promise<BookAgency[]> {
  const agencies: BookAgency[] = [];
  for (const [name, plan] of Object.entries(AGENCY_PLANS)) {
    const [row] = await tx.query<{ id: string; edition: 'us' | 'uk' }>(`SELECT id, edition FROM accounts WHERE name = $1 AND account_type = 'AGENCY'`, [name]);
    if (!row) throw new Error(`Demo book: no agency '${name}' in the demo world`);
    const teams = await tx.query<{ id: string; name: string; is_default: boolean }>('SELECT id, name, is_default FROM teams WHERE account_id = $1 ORDER BY name', [row.id]);
    const agents = await tx.query<{ id: string; email: string }>(
      `SELECT id, email FROM users WHERE account_id = $1 AND status = 'ACTIVE' AND role_id = ANY($2::text[]) ORDER BY email`, [row.id, AGENT_ROLES]);
    if (agents.length === 0) throw new Error(`Demo book: agency '${name}' has no active agents`);
    agencies.push({
      id: row.id, name, edition: row.edition, accounts: plans[name] ?? plan.accounts, regions: plan.regions, places: plan.places,
      teams: teams.map((team) => ({ id: team.id, name: team.name, isDefault: team.is_default })), agents,
    });
  }
  return agencies;
}

/** INSERT of many rows in batches, each one statement with numbered parameters (well under the protocol's 65,535). */
async function insertRows(tx: Queryable, table: string, columns: readonly string[], rows: ReadonlyArray<readonly unknown[]>, batch = 400): Promise<void> {
  for (let start = 0; start < rows.length; start += batch) {
    const chunk = rows.slice(start, start + batch);
    const params: unknown[] = [];
    const tuples = chunk.map((row) => `(${row.map((value) => { params.push(value); return `$${params.length}`; }).join(', ')})`);
    await tx.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, params);
  }
}

const json = (value: unknown) => (value === null ? null : JSON.stringify(value));

async function writeAccounts(tx: Queryable, accounts: readonly BookAccount[], statuses: Map<string, string>, now: Date): Promise<void> {
  await insertRows(tx, 'accounts', ['id', 'name', 'account_type', 'edition', 'agency_id', 'created_at'],
    accounts.map((a) => [a.id, a.name, 'CUSTOMER', a.edition, a.agency.id, a.createdAt]));
  await insertRows(tx, 'teams', ['account_id', 'name', 'is_default'], accounts.map((a) => [a.id, 'Default Team', true]));
  await insertRows(tx, 'account_details', ['account_id', 'address1', 'address2', 'address3', 'city', 'state', 'zip_code', 'country', 'phone', 'domain_name',
    'industry_code', 'team_id', 'agent_user_id', 'contact_first_name', 'contact_last_name', 'contact_email', 'contact_phone', 'created_by', 'modified_at'],
  accounts.map((a) => [a.id, a.address1, a.address2, a.address3, a.city, a.state, a.zipCode, a.edition === 'uk' ? 'GB' : 'US', a.phone, a.domainName,
    a.industry.code, a.teamId, a.agentUserId, a.contact.firstName, a.contact.lastName, a.contact.email, a.contact.phone, a.agentUserId, a.createdAt]));
  await insertRows(tx, 'account_interested_agencies', ['account_id', 'agency_id', 'agent_user_id', 'added_at'],
    accounts.map((a) => [a.id, a.agency.id, a.agentUserId, a.createdAt]));
  await insertRows(tx, 'account_profiles', ['account_id', 'status', 'status_changed_at', 'revenue', 'employees', 'year_established', 'ownership_type',
    'entity_type', 'primary_naics_percentage', 'modified_at', 'modified_by'],
  accounts.map((a) => [a.id, statuses.get(a.id) ?? 'Open', now, a.revenue, a.employees, a.yearEstablished, a.ownershipType, a.entityType, 100, a.createdAt, a.agentUserId]));
  const answered = accounts.filter((a) => a.securityAnswers);
  await insertRows(tx, 'account_security_answers', ['account_id', 'answers', 'modified_at', 'modified_by'],
    answered.map((a) => [a.id, json(a.securityAnswers), a.createdAt, a.agentUserId]));
}

async function writeQuotes(tx: Queryable, quotes: readonly BookQuote[]): Promise<number> {
  const [sequence] = await tx.query<{ last: number; called: boolean }>('SELECT last_value::int AS last, is_called AS called FROM quote_number_seq');
  const base = sequence!.called ? sequence!.last : sequence!.last - 1;
  await insertRows(tx, 'quotes', ['id', 'quote_number', 'account_id', 'agency_id', 'team_id', 'agent_user_id', 'edition', 'product', 'status', 'agency_status',
    'in_cart', 'cart_added_at', 'preset', 'is_surplus', 'currency', 'agg_limit', 'deductible', 'waiting_period', 'retro_active_period', 'effective_date',
    'end_date', 'expires_on', 'need_by_date', 'premium', 'total_premium', 'surplus_line_tax', 'surplus_stamping_fee', 'risk_state', 'industry_code',
    'request_data', 'original_request', 'rating', 'decision', 'customer_first_name', 'customer_last_name', 'customer_email', 'customer_phone',
    'created_by', 'created_at', 'modified_at'],
  quotes.map((q, index) => {
    const columns = ratedColumns(q.body, q.rating, q.risk);
    const bound = q.status === 'BOUND';
    const { contact } = q.account;
    return [q.id, `Q-${q.createdAt.getUTCFullYear()}-${String(base + index + 1).padStart(6, '0')}`, q.account.id, q.account.agency.id, q.account.teamId,
      q.account.agentUserId, q.account.edition, q.product, q.status, q.agencyStatus, q.inCart, q.inCart ? q.createdAt : null, columns.preset,
      columns.is_surplus, q.rating.currency, columns.agg_limit, columns.deductible, columns.waiting_period, columns.retro_active_period,
      columns.effective_date, columns.end_date, q.expiresOn, q.needByDate, q.rating.premium, q.rating.totalPremium, q.rating.surplusLineTax,
      q.rating.surplusStampingFee, q.risk.riskState, q.risk.industryCode, json(columns.request_data), json(columns.request_data), json(q.rating),
      json(q.decision), bound ? contact.firstName : null, bound ? contact.lastName : null, bound ? contact.email : null, bound ? contact.phone : null,
      q.createdBy, q.createdAt, q.modifiedAt];
  }), 200);
  await tx.query(`SELECT setval('quote_number_seq', $1::bigint)`, [base + quotes.length]);
  const events = quotes.flatMap((q, index) => q.events.map((event, order) => [q.id, event.from, event.to, event.action,
    json(order === 0 ? { quoteNumber: `Q-${q.createdAt.getUTCFullYear()}-${String(base + index + 1).padStart(6, '0')}` } : event.detail), event.userId, event.at]));
  await insertRows(tx, 'quote_events', ['quote_id', 'from_status', 'to_status', 'action', 'detail', 'user_id', 'at'], events, 1000);
  return events.length;
}

/** How many quotes each account gets: most a handful, a few many, some none yet (prospects). */
function quoteCounts(random: ReturnType<typeof bookRandom>, accounts: readonly BookAccount[], total: number): number[] {
  const weights = accounts.map(() => (random.chance(0.1) ? 0 : -Math.log(1 - random.next()) + 0.15));
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((weight) => (weight === 0 ? 0 : Math.max(1, Math.round((weight / sum) * total))));
}

/** The book's random stream unless a test names another. */
const BOOK_SEED = 20_260_301;

export async function seedDemoBook(tx: Queryable, clock: Clock, options: DemoBookOptions = {}): Promise<DemoBookSummary> {
  const now = clock.now();
  const random = bookRandom(options.seed ?? BOOK_SEED);
  const raters = options.raters ?? shippedRaters();
  const firstEffective = firstEffectiveDate(raters);
  // Nine months back, but no earlier than two months before the rating tables take effect (quotes are written ahead of it).
  const spanStart = Math.max(now.getTime() - SPAN_DAYS * DAY_MS, new Date(`${firstEffective}T00:00:00Z`).getTime() - 60 * DAY_MS);
  const span = now.getTime() - spanStart;
  const [underwriter] = await tx.query<{ id: string }>(`SELECT u.id FROM users u JOIN accounts a ON a.id = u.account_id
    WHERE a.account_type = 'COWBELL' AND u.role_id = 'provider-underwriter' ORDER BY u.email LIMIT 1`);
  const agencies = await agenciesOf(tx, { ...options.accounts });
  const taken = new Set((await tx.query<{ name: string }>(`SELECT lower(name) AS name FROM accounts`)).map((row) => row.name));
  const accounts = agencies.flatMap((agency) => generateBookAccounts(random, agency, now, SPAN_DAYS, taken));

  const context: BookQuoteContext = { random, raters, now, firstEffectiveDate: firstEffective, underwriterId: underwriter?.id ?? accounts[0]!.agentUserId, drafts: new Map() };
  const counts = quoteCounts(random, accounts, options.quotes ?? 3000);
  const quotes: BookQuote[] = [];
  accounts.forEach((account, index) => {
    let left = counts[index]!;
    while (left > 0) {
      const size = Math.min(left, random.weighted([[1, 40], [2, 30], [3, 20], [4, 10]]));
      // Recent days are busier: the book grows toward today.
      const created = new Date(Math.min(now.getTime() - 2 * 3_600_000, now.getTime() - span * random.next() ** 2.2));
      quotes.push(...generateSession(context, account, created, size));
      left -= size;
    }
  });
  quotes.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));

  const statuses = new Map<string, string>();
  for (const quote of quotes) {
    if (quote.status === 'BOUND') statuses.set(quote.account.id, 'Active Policy');
    else if (!statuses.has(quote.account.id)) statuses.set(quote.account.id, 'Quoted');
  }
  // A few prospects went quiet or chose another broker before any quote.
  for (const account of accounts) if (!statuses.has(account.id) && random.chance(0.25)) statuses.set(account.id, random.pick(['Inactive', 'Lost']));

  const renewalsDue = renewalsDueOf({ ...context, random: bookRandom((options.seed ?? BOOK_SEED) + 2) }, agencies, accounts, statuses);

  await writeAccounts(tx, accounts, statuses, now);
  const events = await writeQuotes(tx, [...quotes, ...renewalsDue]);
  await writeBookSubjectivities(tx, quotes, context.underwriterId, bookRandom((options.seed ?? BOOK_SEED) + 1));
  return { accounts: accounts.length, quotes: quotes.length + renewalsDue.length, events };
}

/**
 * For a few quoted clients of each agency, the quote bound about a year ago whose policy now comes up for
 * renewal; those clients then hold an active policy. Drawn from a stream of their own, so the rest of the
 * book is what it was without them.
 */
function renewalsDueOf(context: BookQuoteContext, agencies: readonly BookAgency[], accounts: readonly BookAccount[], statuses: Map<string, string>): BookQuote[] {
  const { random } = context;
  const due: BookQuote[] = [];
  for (const agency of agencies) {
    const quoted = accounts.filter((account) => account.agency.id === agency.id && statuses.get(account.id) === 'Quoted');
    let made = 0;
    while (made < RENEWALS_DUE_PER_AGENCY && quoted.length > 0) {
      const [account] = quoted.splice(random.int(0, quoted.length - 1), 1);
      const quote = renewalDueQuote(context, account!, random.int(20, 85));
      if (!quote) continue;
      due.push(quote);
      statuses.set(account!.id, 'Active Policy');
      made += 1;
    }
  }
  return due;
}
