import { Decimal } from './decimal.ts';

/**
 * The schedule of record: what a quote or policy is, as rated. Every coverage with the limit, retention,
 * waiting period and retroactive period (and date) it was rated at, the premium, each fee and each tax by
 * name, and the total. The quote page, the review page, the proposal, the binder, the declarations, the
 * invoice and the e-mails all print this one object; none of them works a coverage or a sum out again, so
 * what was quoted is what is printed.
 *
 * Money is held in minor units (cents, pence) as integers, so the lines add up to the total exactly;
 * coverage limits and retentions are whole currency units, as the products offer them.
 */
export interface ScheduleCoverage {
  /** The catalogue's numeric id and key (LIABILITY, PUBLIC_RELATIONS, ...). */
  id: number;
  key: string;
  label: string;
  /** The catalogue group, which sections the coverages (first party, third party, endorsements). */
  group: number;
  /** The coverage's own limit, a share of the aggregate (public relations), or the aggregate it sits under. */
  limit: number;
  retention: number;
  /** Hours, where the coverage has a waiting period. */
  waitingPeriod?: number;
  /** Years before the effective date; -1 is full prior acts. Only on coverages that carry one. */
  retroActivePeriod?: number;
  /** YYYY-MM-DD, the retroactive date a period of whole years gives. */
  retroActiveDate?: string;
}

/** A named amount: a fee or a tax. */
export interface ScheduleLine {
  name: string;
  amountMinor: number;
}

export interface Schedule {
  currency: string;
  coverages: ScheduleCoverage[];
  premiumMinor: number;
  fees: ScheduleLine[];
  taxes: ScheduleLine[];
  /** premiumMinor + every fee + every tax, exactly. */
  totalMinor: number;
  /** The version of each rating table used: table -> 'definition-id@version'. */
  tableVersions: Record<string, string>;
}

/** The names the schedule gives the fees that sit outside the rating (spec 002 section 3 Quote 'Fees'). */
export const QUOTE_FEE_NAMES = {
  brokerFee: 'Broker Fee',
  additionalBrokerFee: 'Additional Broker Fee',
  mgaFee: 'MGA Fee',
} as const;

/** The names the schedule gives the surplus lines charges (a premium tax is named by its table). */
export const SURPLUS_TAX_NAMES = { surplusLinesTax: 'Surplus Lines Tax', stampingFee: 'Stamping Fee' } as const;

const MINOR_PER_UNIT = 10n ** 10n; // Decimal holds 12 places; minor units are 2.

/** An amount in minor units, rounded half away from zero to the cent: exact for any decimal text. */
export function toMinor(amount: Decimal | string | number): number {
  const units = Decimal.from(amount).round(2).units / MINOR_PER_UNIT;
  return Number(units);
}

/** Minor units back to a decimal text with two places ('1234.50'), for the columns that keep decimals. */
export function minorToDecimalText(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not a whole number of minor units: ${minor}`);
  const negative = minor < 0;
  const digits = String(Math.abs(minor)).padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** The sum of some lines, in minor units. */
export function sumLines(lines: readonly ScheduleLine[]): number {
  return lines.reduce((total, line) => total + line.amountMinor, 0);
}

/** The total a schedule's lines add up to. */
export function scheduleTotalOf(schedule: Pick<Schedule, 'premiumMinor' | 'fees' | 'taxes'>): number {
  return schedule.premiumMinor + sumLines(schedule.fees) + sumLines(schedule.taxes);
}

/**
 * A rated schedule with the fees a quote adds outside the rating (broker, additional broker, MGA): each one
 * above zero becomes a named fee line and the total follows. The coverages and the rated lines are kept as
 * they are, so changing a broker fee never re-rates or re-derives a coverage.
 */
export function withQuoteFees(rated: Schedule, fees: { brokerFee: string | number; additionalBrokerFee: string | number; mgaFee: string | number }): Schedule {
  const extra: ScheduleLine[] = [];
  for (const key of ['brokerFee', 'additionalBrokerFee', 'mgaFee'] as const) {
    const amountMinor = toMinor(fees[key] ?? 0);
    if (amountMinor !== 0) extra.push({ name: QUOTE_FEE_NAMES[key], amountMinor });
  }
  const withFees = { ...rated, fees: [...rated.fees, ...extra] };
  return { ...withFees, totalMinor: scheduleTotalOf(withFees) };
}

/** One line of a schedule's charges as a screen or a document lists them, the amount as a decimal text. */
export interface ScheduleCharge {
  kind: 'premium' | 'fee' | 'tax' | 'total';
  name: string;
  /** Two decimals ('715.76'), exact from the minor units. */
  amount: string;
  currency: string;
}

/** The words of a schedule's premium and total lines. */
export const SCHEDULE_LINE_NAMES = { premium: 'Premium', total: 'Total Premium' } as const;

/** The premium, each fee, each tax and the total, in the order every screen and document prints them. */
export function scheduleCharges(schedule: Schedule): ScheduleCharge[] {
  const charge = (kind: ScheduleCharge['kind'], name: string, minor: number): ScheduleCharge => ({ kind, name, amount: minorToDecimalText(minor), currency: schedule.currency });
  return [
    charge('premium', SCHEDULE_LINE_NAMES.premium, schedule.premiumMinor),
    ...schedule.fees.map((line) => charge('fee', line.name, line.amountMinor)),
    ...schedule.taxes.map((line) => charge('tax', line.name, line.amountMinor)),
    charge('total', SCHEDULE_LINE_NAMES.total, schedule.totalMinor),
  ];
}
