import {
  addDays, addMonths, applyP250Change, createP250State, p250RatingInput, rateQuote, type P250State, type RaterDefinitions, type RatingResult,
} from '../../engine/index.ts';
import { QUOTE_OFFER_DAYS } from '../constants.ts';
import { P100_FAMILY } from '../resources/accounts/quote-effects.ts';
import { type AccountRisk, ratingInputOf, type QuoteRequestBody } from '../lifecycle/index.ts';
import type { BookAccount } from './demo-book-accounts.ts';
import { DECLINE_REASONS, LOSS_REASONS, REFERRAL_REASONS } from './demo-book-data.ts';
import type { BookRandom } from './demo-book-random.ts';

export interface BookEvent {
  from: string | null;
  to: string;
  action: string;
  detail: Record<string, unknown> | null;
  userId: string | null;
  at: Date;
}

export interface BookQuote {
  id: string;
  account: BookAccount;
  risk: AccountRisk;
  createdBy: string;
  product: string;
  status: string;
  agencyStatus: 'ACTIVE' | 'BOUND' | 'INVALID';
  inCart: boolean;
  body: QuoteRequestBody;
  rating: RatingResult;
  createdAt: Date;
  modifiedAt: Date;
  expiresOn: string;
  needByDate: string | null;
  decision: Record<string, unknown> | null;
  events: BookEvent[];
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

const US_PRODUCTS = (account: BookAccount): Array<readonly [string, number]> => [
  ['P250', 40], ['P100', account.revenue <= 100_000_000 ? 22 : 0], ['P250_S', 6], ['P100_PRO', account.industry.professional ? 12 : 3],
  ['PRIME_CLOUD', account.industry.tech ? 6 : 2], ['PRIME_TECH', account.industry.tech ? 16 : 0],
  ['PRIME_TECH_PLUS', account.industry.tech && account.revenue >= 1_000_000 ? 8 : 0], ['P250_EXCESS', account.revenue >= 20_000_000 ? 3 : 0],
  ['ZSP', account.employees <= 1000 ? 3 : 0],
];
const UK_PRODUCTS = (account: BookAccount): Array<readonly [string, number]> => [
  ['P_ONE', account.revenue <= 50_000_000 ? 38 : 0], ['P_ONE_PLUS', 36], ['PRIME_ONE_TECH', account.industry.tech ? 20 : 0],
  ['PRIME_ONE_TECH_PLUS', account.industry.tech && account.revenue >= 1_000_000 ? 10 : 0],
];

/** Statuses by the age of a quote: recent quotes are mostly open, older ones have run their course. */
const RECENT: ReadonlyArray<readonly [string, number]> = [
  ['READY', 52], ['REFERRED', 10], ['INDICATION', 6], ['IN_REVIEW', 6], ['REQUESTED', 7], ['DECLINED', 4], ['LOST', 4], ['BOUND', 6], ['INVALID', 2], ['DRAFT', 3],
];
const OLD: ReadonlyArray<readonly [string, number]> = [
  ['READY', 16], ['EXPIRED', 30], ['LOST', 16], ['BOUND', 14], ['DECLINED', 8], ['INVALID', 5], ['REFERRED', 4], ['INDICATION', 3], ['IN_REVIEW', 2], ['REQUESTED', 2],
];

export interface BookQuoteContext {
  random: BookRandom;
  raters: Record<'us' | 'uk', RaterDefinitions>;
  now: Date;
  /** The first day every rating table is in force: no quote takes effect before it. */
  firstEffectiveDate: string;
  underwriterId: string;
  /** Drafts per user so far (the cart holds five; the book leaves room). */
  drafts: Map<string, number>;
}

function riskOf(account: BookAccount): AccountRisk {
  return {
    id: account.id, name: account.name, edition: account.edition, agencyId: account.agency.id, status: 'Open', riskState: account.riskState,
    industryCode: account.industry.code, revenue: account.revenue, employees: account.employees, teamId: account.teamId,
    agentUserId: account.agentUserId, securityAnswers: account.securityAnswers ?? {},
  };
}

/** The request the quote editor sends for a state (renderers/quoting/quote-request.ts quoteRequestOf). */
function requestOf(state: P250State, accountId: string): QuoteRequestBody {
  const input = p250RatingInput(state);
  const coverages: NonNullable<QuoteRequestBody['coverages']> = {};
  for (const [id, request] of Object.entries(input.coverages)) {
    const asDate = state.coverages[Number(id)]?.retroActivePeriod?.asDate;
    coverages[id] = { ...request, ...(asDate ? { retroActiveDate: asDate } : {}) };
  }
  return {
    accountId, product: state.product, preset: state.presets.find((preset) => preset.id === state.global.preset)?.name ?? 'CUSTOM',
    effectiveDate: state.global.effectiveDate, endDate: state.global.endDate, aggLimit: state.global.limit, deductible: state.global.deductible,
    waitingPeriod: input.waitingPeriod ?? null, retroActivePeriod: input.retroActivePeriod ?? null, triaExclusionAttested: false, coverages,
  };
}

/** Lower options are asked for more often than the top of the range. */
function optionOf(random: BookRandom, options: readonly number[]): number {
  return options[Math.min(options.length - 1, Math.floor(options.length * random.next() ** 1.6))]!;
}

/**
 * One quote variation as an agent builds it in the editor: the product's state for the account on the day
 * (a preset where the product has them), sometimes another limit, deductible or waiting period, then rated
 * by the server's own path (ratingInputOf and rateQuote) so the stored premium is what the rater says.
 */
function rateVariation(
  context: BookQuoteContext, account: BookAccount, risk: AccountRisk, product: string, created: Date, startsOn?: string,
): { body: QuoteRequestBody; rating: RatingResult } | null {
  const { random } = context;
  const rater = context.raters[account.edition];
  const today = isoDay(created);
  const offset = random.weighted([[random.int(0, 14), 40], [random.int(15, 45), 45], [random.int(46, 70), 15]]);
  const wanted = startsOn ?? addDays(today, offset);
  const effectiveDate = wanted < context.firstEffectiveDate ? context.firstEffectiveDate : wanted;
  const presets = rater.presets.some((set) => set.products.includes(product));
  try {
    let state = createP250State({
      product, today, effectiveDate,
      ...(presets ? { presetName: random.weighted([['BASIC', 20], ['POPULAR', 55], ['ELITE', 25]]) } : {}),
      account: {
        state: account.riskState, industryCode: account.industry.code, revenue: account.revenue, employees: account.employees, agencyId: account.agency.id,
        ...(account.securityAnswers ? { securityQuestions: account.securityAnswers } : {}),
      },
    }, rater);
    if (random.chance(0.4)) state = applyP250Change(state, { type: 'limit', value: optionOf(random, state.options.limits) }, rater);
    if (random.chance(0.3)) state = applyP250Change(state, { type: 'deductible', value: optionOf(random, state.options.deductibles) }, rater);
    if (state.options.waitingPeriods.length > 0 && random.chance(0.1)) state = applyP250Change(state, { type: 'waitingPeriod', value: random.pick(state.options.waitingPeriods) }, rater);
    const body = requestOf(state, account.id);
    const outcome = rateQuote(ratingInputOf(body, risk), rater);
    return outcome.ok ? { body, rating: outcome } : null;
  } catch {
    return null;
  }
}

/**
 * A time `hours` after `from`; when that would be in the future, somewhere between `from` and a few minutes
 * ago instead (so the newest changes spread over the last hours rather than piling up just before now).
 */
function after(context: BookQuoteContext, from: Date, hours: number): Date {
  const latest = context.now.getTime() - context.random.int(5, 90) * 60_000;
  const wanted = from.getTime() + hours * HOUR_MS;
  const at = wanted <= latest ? wanted : from.getTime() + context.random.next() * Math.max(0, latest - from.getTime());
  return new Date(Math.max(from.getTime() + 60_000, at));
}

/** The history that leads to a status, as the quote actions write it (server/lifecycle/quotes/transitions.ts). */
function historyOf(context: BookQuoteContext, quote: Omit<BookQuote, 'events' | 'modifiedAt' | 'decision' | 'agencyStatus' | 'needByDate'>, status: string) {
  const { random, underwriterId } = context;
  const agent = quote.createdBy;
  const created = quote.createdAt;
  const events: BookEvent[] = [];
  let decision: Record<string, unknown> | null = null;
  let at = created;
  const push = (from: string | null, to: string, action: string, userId: string | null, hours: number, detail: Record<string, unknown> | null = null) => {
    at = events.length === 0 ? created : after(context, at, hours);
    events.push({ from, to, action, detail, userId, at });
  };
  const viaCart = ['REQUESTED', 'IN_REVIEW'].includes(status) || (status === 'READY' && random.chance(0.3)) || status === 'DRAFT';
  if (viaCart) {
    push(null, 'DRAFT', 'cart', agent, 0);
    if (status !== 'DRAFT') push('DRAFT', status === 'READY' ? 'READY' : 'REQUESTED', 'request', agent, random.int(1, 30) / 10, { agent: null, agentEmail: null, retailAgent: null, teamIds: [] });
    if (status === 'IN_REVIEW') push('REQUESTED', 'IN_REVIEW', 'review', underwriterId, random.int(2, 40));
  } else if (status === 'INDICATION') {
    push(null, 'INDICATION', 'create', agent, 0);
  } else {
    push(null, 'READY', 'create', agent, 0);
  }
  const referral = () => {
    const reason = random.pick(REFERRAL_REASONS);
    decision = { kind: 'referred', reason, by: agent, at: '' };
    push('READY', 'REFERRED', 'refer', agent, random.int(1, 48), { reason });
    decision.at = at.toISOString();
  };
  switch (status) {
    case 'REFERRED': referral(); break;
    case 'DECLINED': {
      const from = random.chance(0.6) ? (referral(), 'REFERRED') : 'READY';
      const reasonSummary = random.pick(DECLINE_REASONS);
      push(from, 'DECLINED', 'decline', underwriterId, random.int(6, 120), { reasonSummary });
      decision = { kind: 'declined', reasonSummary, reason: `${reasonSummary}: outside the appetite for ${quote.product}.`, isNotificationEnabled: true, by: underwriterId, at: at.toISOString() };
      break;
    }
    case 'LOST': {
      const reasonSummary = random.pick(LOSS_REASONS);
      push('READY', 'LOST', 'lose', agent, random.int(48, 600), { reasonSummary });
      decision = { kind: 'lost', productType: quote.product, reasonSummary, reason: 'The client chose another carrier.', by: agent, at: at.toISOString() };
      break;
    }
    case 'EXPIRED': {
      const expiry = new Date(`${quote.expiresOn}T00:05:00Z`);
      at = expiry;
      events.push({ from: 'READY', to: 'EXPIRED', action: 'expire', detail: { expiresOn: quote.expiresOn }, userId: null, at: expiry });
      break;
    }
    case 'INVALID': {
      push('READY', 'INVALID', 'ACCOUNT_CHANGED', agent, random.int(24, 400), { fields: ['revenue'], family: 'P100' });
      decision = { reasonSummary: 'Account details changed', reason: 'Account details changed: revenue', by: agent, at: at.toISOString() };
      break;
    }
    case 'BOUND':
      push('READY', 'READY', 'sendToPolicyholder', agent, random.int(2, 72));
      push('READY', 'BOUND', 'bind', agent, random.int(24, 400));
      break;
    default:
  }
  return { events, decision: decision as Record<string, unknown> | null };
}

/**
 * A quote bound about a year ago whose policy ends `endsInDays` from now: the book's policies all started
 * within its nine months, so without these none would be up for renewal (the Open For Renewal filter and
 * Renew in the policies list would show nothing). Written a week or two
 * before it starts, on the product each edition sells most. Null when that start is before the rating
 * tables take effect, or the rater refuses the risk.
 */
export function renewalDueQuote(context: BookQuoteContext, account: BookAccount, endsInDays: number): BookQuote | null {
  const { random, now } = context;
  const startsOn = addDays(addMonths(isoDay(now), -12), endsInDays);
  if (startsOn < context.firstEffectiveDate) return null;
  const createdBy = account.agentUserId;
  const created = new Date(new Date(`${addDays(startsOn, -random.int(7, 20))}T00:00:00Z`).getTime() + random.int(9 * 60, 17 * 60) * 60_000);
  const product = account.edition === 'uk' ? 'P_ONE' : 'P250';
  const risk = riskOf(account);
  const rated = rateVariation(context, account, risk, product, created, startsOn);
  if (!rated || rated.body.effectiveDate !== startsOn) return null;
  const base = {
    id: random.uuid(), account, risk, createdBy, product, status: 'BOUND', inCart: false, body: rated.body, rating: rated.rating,
    createdAt: created, expiresOn: addDays(isoDay(created), QUOTE_OFFER_DAYS),
  };
  const { events, decision } = historyOf(context, base, 'BOUND');
  return { ...base, events, decision, needByDate: null, modifiedAt: events[events.length - 1]!.at, agencyStatus: 'BOUND' };
}

/** The quotes of one account's quoting session: one to four variations on one day, each with its status. */
export function generateSession(context: BookQuoteContext, account: BookAccount, created: Date, count: number): BookQuote[] {
  const { random, now } = context;
  const risk = riskOf(account);
  const ageDays = (now.getTime() - created.getTime()) / DAY_MS;
  const products = account.edition === 'uk' ? UK_PRODUCTS(account) : US_PRODUCTS(account);
  const createdBy = random.chance(0.75) ? account.agentUserId : random.pick(account.agency.agents).id;
  const quotes: BookQuote[] = [];
  let bound = false;
  for (let index = 0; index < count; index += 1) {
    const at = new Date(created.getTime() + index * random.int(2, 20) * 60_000);
    const product = random.weighted(products);
    const rated = rateVariation(context, account, risk, product, at) ?? rateVariation(context, account, risk, account.edition === 'uk' ? 'P_ONE_PLUS' : 'P250', at);
    if (!rated) continue;
    const expiresOn = addDays(isoDay(at), QUOTE_OFFER_DAYS);
    let status = random.weighted(ageDays <= QUOTE_OFFER_DAYS ? RECENT : OLD);
    if (status === 'EXPIRED' && expiresOn >= isoDay(now)) status = 'READY';
    if (status === 'DRAFT' && (ageDays > 6 || (context.drafts.get(createdBy) ?? 0) >= 3)) status = 'READY';
    if (status === 'INVALID' && !P100_FAMILY.has(rated.body.product)) status = ageDays > QUOTE_OFFER_DAYS ? 'EXPIRED' : 'READY';
    if (status === 'EXPIRED' && expiresOn >= isoDay(now)) status = 'READY';
    // A Ready quote past its offer has expired, as the calendar would have moved it (policy-calendar.ts).
    if (status === 'READY' && expiresOn < isoDay(now)) status = 'EXPIRED';
    // One policy per session: the other variations of a bound one were lost to it.
    if (status === 'BOUND' && bound) status = 'LOST';
    if (status === 'BOUND') bound = true;
    if (status === 'DRAFT') context.drafts.set(createdBy, (context.drafts.get(createdBy) ?? 0) + 1);
    const base = { id: random.uuid(), account, risk, createdBy, product: rated.body.product, status, inCart: status === 'DRAFT', body: rated.body, rating: rated.rating, createdAt: at, expiresOn };
    const { events, decision } = historyOf(context, base, status);
    let needByDate: string | null = null;
    if (['READY', 'REFERRED', 'IN_REVIEW', 'REQUESTED', 'INDICATION', 'DRAFT'].includes(status) && random.chance(0.18)) {
      needByDate = addDays(isoDay(at), random.int(7, 30));
      const last = events[events.length - 1]!;
      const when = after(context, last.at, random.int(1, 24));
      events.push({ from: status, to: status, action: 'needBy', detail: { needByDate }, userId: createdBy, at: when });
    }
    quotes.push({
      ...base, events, decision, needByDate, modifiedAt: events[events.length - 1]!.at,
      agencyStatus: status === 'BOUND' ? 'BOUND' : status === 'DECLINED' || status === 'INVALID' ? 'INVALID' : 'ACTIVE',
    });
  }
  return quotes;
}
