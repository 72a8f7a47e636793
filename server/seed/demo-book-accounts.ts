import { ukNationOf } from '../lifecycle/index.ts';
import type { BookRandom } from './demo-book-random.ts';
import {
  FIRST_NAMES, SURNAMES, UK_BUSINESS_PARKS, UK_INDUSTRIES, UK_NAME_WORDS, UK_PLACES, UK_STREETS, UK_SUFFIXES, US_INDUSTRIES,
  US_NAME_WORDS, US_PLACES, US_STREETS, US_SUFFIXES, type BookIndustry, type BookPlace,
} from './demo-book-data.ts';

/** An agency of the demo world the book is written for: its teams and the users who work its accounts. */
export interface BookAgency {
  id: string;
  name: string;
  edition: 'us' | 'uk';
  teams: ReadonlyArray<{ id: string; name: string; isDefault: boolean }>;
  agents: ReadonlyArray<{ id: string; email: string }>;
  /** How many client accounts it gets. */
  accounts: number;
  /** Which team looks after a region (BookPlace.region), by team name; the default team otherwise. */
  regions: Readonly<Record<string, string>>;
  /** The regions its clients are in, with weights. */
  places: ReadonlyArray<readonly [string, number]>;
}

/** One generated client account with what its rows need. */
export interface BookAccount {
  id: string;
  name: string;
  edition: 'us' | 'uk';
  agency: BookAgency;
  teamId: string;
  agentUserId: string;
  createdAt: Date;
  address1: string;
  address2: string | null;
  address3: string | null;
  city: string;
  state: string | null;
  zipCode: string;
  phone: string;
  domainName: string | null;
  industry: BookIndustry;
  revenue: number;
  employees: number;
  yearEstablished: number;
  ownershipType: string;
  entityType: string;
  contact: { firstName: string; lastName: string; email: string | null; phone: string };
  /** The US state or the UK nation the rater reads. */
  riskState: string;
  securityAnswers: Record<string, unknown> | null;
}

const DAY_MS = 86_400_000;
const POSTCODE_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

const slug = (name: string) => name.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '');

/** Revenue drawn log-uniformly in the industry's range, rounded to a figure a client would state. */
function revenueOf(random: BookRandom, [min, max]: readonly [number, number]): number {
  const raw = Math.exp(Math.log(min) + random.next() * (Math.log(max) - Math.log(min)));
  const step = raw >= 10_000_000 ? 1_000_000 : raw >= 1_000_000 ? 100_000 : 10_000;
  return Math.max(step, Math.round(raw / step) * step);
}

function companyName(random: BookRandom, edition: 'us' | 'uk', industry: BookIndustry, place: BookPlace): string {
  const noun = random.pick(industry.nouns);
  if (industry.partnership && random.chance(0.6)) {
    const [a, b] = [random.pick(SURNAMES), random.pick(SURNAMES)];
    const people = a === b ? a : `${a} & ${b}`;
    return edition === 'uk' ? `${people} ${noun} LLP` : `${people} ${noun}`;
  }
  const words = edition === 'uk' ? UK_NAME_WORDS : US_NAME_WORDS;
  const first = random.chance(0.2) ? place.city.replace(/ upon Tyne$/, '') : random.pick(words);
  const suffix = noun.endsWith('LLP') || noun.endsWith(' Inc') ? '' : random.pick(edition === 'uk' ? UK_SUFFIXES : US_SUFFIXES);
  return [first, noun, suffix].filter(Boolean).join(' ');
}

function addressOf(random: BookRandom, edition: 'us' | 'uk', place: BookPlace) {
  if (edition === 'us') {
    const [from, to] = place.zip as readonly [number, number];
    const suite = random.chance(0.35) ? `Suite ${random.pick([100, 110, 200, 210, 300, 350, 400, 500, 620, 800])}` : null;
    return {
      address1: `${random.int(1, 98) * (random.chance(0.5) ? 10 : 1) + random.int(0, 9)} ${random.pick(US_STREETS)}`, address2: suite, address3: null,
      zipCode: String(random.int(from, to)).padStart(5, '0'),
    };
  }
  const district = random.pick(place.zip as readonly string[]);
  const inward = `${random.int(1, 9)}${random.pick([...POSTCODE_LETTERS])}${random.pick([...POSTCODE_LETTERS])}`;
  const inPark = random.chance(0.25);
  return {
    address1: inPark ? `Unit ${random.int(1, 24)}, ${random.pick(UK_BUSINESS_PARKS)}` : `${random.int(1, 180)} ${random.pick(UK_STREETS)}`,
    address2: null, address3: null, zipCode: `${district} ${inward}`,
  };
}

/** Security answers as the P250 security questions form saves them; stronger controls are more common. */
function securityAnswersOf(random: BookRandom): Record<string, unknown> {
  const yes = (p: number) => random.chance(p);
  return {
    dmzSeparation: yes(0.75), thirdPartySecurityAgreement: yes(0.8), isVerifyingBankAccounts: yes(0.8), isAuthenticatingFundTransferRequests: yes(0.75),
    isPreventingUnauthorizedWireTransfers: yes(0.8), backupFrequency: random.weighted([['WEEKLY', 40], ['MONTHLY', 30], ['QUARTERLY', 15], ['SIX_MONTHS', 10], ['NEVER', 5]]),
    testedFullFailover: yes(0.55),
  };
}

/**
 * The client accounts of one agency: names, addresses in the agency's regions, industries, figures, the team
 * of their region and one of the agency's agents, created over the last `spanDays` before `now`.
 */
export function generateBookAccounts(random: BookRandom, agency: BookAgency, now: Date, spanDays: number, taken: Set<string>): BookAccount[] {
  const industries = agency.edition === 'uk' ? UK_INDUSTRIES : US_INDUSTRIES;
  const places = agency.edition === 'uk' ? UK_PLACES : US_PLACES;
  const defaultTeam = agency.teams.find((team) => team.isDefault) ?? agency.teams[0]!;
  const accounts: BookAccount[] = [];
  while (accounts.length < agency.accounts) {
    const region = random.weighted(agency.places);
    const place = random.pick(places.filter((candidate) => candidate.region === region));
    const industry = random.weighted(industries.map((entry) => [entry, entry.weight] as const));
    const name = companyName(random, agency.edition, industry, place);
    if (taken.has(name.toLowerCase())) continue;
    taken.add(name.toLowerCase());
    const revenue = revenueOf(random, industry.revenue);
    const employees = Math.max(2, Math.round((revenue / industry.revenuePerEmployee) * (0.7 + random.next() * 0.6)));
    const address = addressOf(random, agency.edition, place);
    const domainName = random.chance(0.92) ? `${slug(name.replace(/\s+(Inc|LLC|Co|Corp|Ltd|Limited|plc|LLP)$/, ''))}.${agency.edition === 'uk' ? 'co.uk' : random.pick(['com', 'com', 'com', 'net', 'org'])}` : null;
    const firstName = random.pick(FIRST_NAMES);
    const lastName = random.pick(SURNAMES);
    const teamName = agency.regions[region];
    const team = agency.teams.find((candidate) => candidate.name === teamName) ?? defaultTeam;
    accounts.push({
      id: random.uuid(),
      name,
      edition: agency.edition,
      agency,
      teamId: team.id,
      agentUserId: random.pick(agency.agents).id,
      // Older accounts first get the earliest quotes; every account exists before its first quote.
      createdAt: new Date(now.getTime() - (spanDays + random.int(5, 400)) * DAY_MS - random.int(0, 86_399) * 1000),
      ...address,
      city: place.city,
      state: place.state,
      phone: `${place.phone}${agency.edition === 'us' ? '01' : '0'}${String(random.int(0, agency.edition === 'us' ? 99 : 999)).padStart(agency.edition === 'us' ? 2 : 3, '0')}`,
      domainName,
      industry,
      revenue,
      employees,
      yearEstablished: now.getUTCFullYear() - random.weighted([[random.int(2, 10), 3], [random.int(10, 30), 4], [random.int(30, 90), 2]]),
      ownershipType: random.weighted([['Private', 80], ['Partnership', industry.partnership ? 30 : 3], ['Non-Profit', industry.code.startsWith('8132') || industry.code === '522130' ? 60 : 2], ['Public', revenue > 100_000_000 ? 20 : 1]]),
      entityType: random.weighted([['Independent', 80], ['Subsidiary', 8], ['Parent', 5], ['Holding', 3], ['Branch', 4]]),
      contact: { firstName, lastName, email: domainName ? `${firstName}.${lastName}@${domainName}`.toLowerCase() : null, phone: `${place.phone}${agency.edition === 'us' ? '01' : '0'}${String(random.int(0, agency.edition === 'us' ? 99 : 999)).padStart(agency.edition === 'us' ? 2 : 3, '0')}` },
      riskState: agency.edition === 'uk' ? ukNationOf(address.zipCode) : place.state!,
      securityAnswers: random.chance(0.8) ? securityAnswersOf(random) : null,
    });
  }
  return accounts;
}
