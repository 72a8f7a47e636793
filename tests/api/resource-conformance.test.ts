import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { InjectOptions } from 'fastify';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * One conformance suite for every resource with a list, a get or a write, as data: the same checks run
 * over each resource's cases (paging, every declared sort both ways, search, filters, date ranges, the
 * tenant rule, get by id, a foreign id answering like a missing one, writes refused by the definition in
 * both editions, undeclared sorts refused). Expected answers are computed from the rows the list itself
 * returns, and every case also states how many rows it must find, so no check passes by finding nothing.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Value = string | number | null;

let t: TestApp;
const tokens: Record<string, string> = {};
const accounts: Record<string, string> = {};
/** Seeded claim ids by their seed name. */
const claims: Record<string, string> = {};

const UK_HOST = 'console.example.uk';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** A sortable field: how to read the value it orders by from a row (lower-cased text, as the SQL compares). */
interface SortCase { field: string; value: (row: Json) => Value }
/** A query and the rows it must find, with their number. */
interface MatchCase { query: string; matches: (row: Json) => boolean; count: number }

interface ListResource {
  name: string;
  url: string;
  /** Who reads the list: a caller who sees every seeded row. */
  reader: string;
  /** The rows' unique key and the tie-break after the sort field (both in the sort's direction). */
  key: (row: Json) => Value;
  tieBreak: (row: Json) => Value[];
  sorts: SortCase[];
  undeclaredSorts: string[];
  /** The smallest page size the contract allows (paging is checked with it). */
  smallPage: number;
  maxPage: number;
  search: MatchCase[];
  filters: MatchCase[];
  ranges: MatchCase[];
  badRanges: string[];
  /** [caller, the seeded rows it sees]: the tenant rule on the list. */
  tenants: Array<{ caller: string; sees: () => Value[] }>;
}

const lower = (value: unknown): string | null => (typeof value === 'string' ? value.toLowerCase() : null);
const text = (row: Json, fields: string[], wanted: string) => fields.some((field) => lower(row[field])?.includes(wanted.toLowerCase()));

const seeded = (...names: string[]) => () => names.map((name) => claims[name]!);

const CLAIMS: ListResource = {
  name: 'claims',
  url: '/api/claims/v1/search',
  reader: 'admin',
  key: (row) => row.id,
  tieBreak: (row) => [row.created, row.id],
  sorts: [
    { field: 'created', value: (row) => row.created },
    { field: 'modified', value: (row) => row.modified },
    { field: 'claimNumber', value: (row) => row.claimNumber },
    { field: 'companyName', value: (row) => lower(row.companyName) },
    { field: 'name', value: (row) => lower(row.name) },
    { field: 'lossDate', value: (row) => row.lossDate },
    { field: 'status', value: (row) => row.status },
    { field: 'accountName', value: (row) => lower(row.accountName) },
    { field: 'agencyName', value: (row) => lower(row.agencyName) },
  ],
  undeclaredSorts: ['premium,asc', 'data,desc', 'id'],
  smallPage: 2,
  maxPage: 1000,
  search: [
    { query: 'search=delta', matches: (row) => text(row, ['companyName'], 'delta'), count: 1 },
    { query: 'search=DELTA', matches: (row) => text(row, ['companyName'], 'delta'), count: 1 },
    { query: 'search=%20%20echo%20', matches: (row) => text(row, ['companyName'], 'echo'), count: 1 },
    { query: 'search=avery', matches: (row) => text(row, ['name'], 'avery'), count: 2 },
    { query: 'search=thameside', matches: (row) => text(row, ['accountName'], 'thameside'), count: 1 },
    { query: 'search=CLM-2026', matches: (row) => row.claimNumber !== null, count: 2 },
    { query: 'search=%25', matches: () => false, count: 0 },
    { query: 'search=stone_', matches: () => false, count: 0 },
  ],
  filters: [
    { query: 'status=FILED', matches: (row) => row.status === 'FILED', count: 2 },
    { query: 'status=UN_FILED', matches: (row) => row.status === 'UN_FILED', count: 4 },
    { query: 'accountId={acme}', matches: (row) => row.accountId === accounts.acme, count: 4 },
    { query: 'accountId={harborClient}', matches: (row) => row.accountId === accounts.harborClient, count: 1 },
    { query: 'status=FILED&accountId={acme}', matches: (row) => row.status === 'FILED' && row.accountId === accounts.acme, count: 2 },
    { query: 'status=FILED&search=foxtrot', matches: (row) => row.status === 'FILED' && text(row, ['companyName'], 'foxtrot'), count: 1 },
  ],
  ranges: [
    { query: 'lossDateFrom=2026-01-20', matches: (row) => row.lossDate !== null && row.lossDate >= '2026-01-20', count: 4 },
    { query: 'lossDateTo=2026-01-20', matches: (row) => row.lossDate !== null && row.lossDate <= '2026-01-20', count: 3 },
    { query: 'lossDateFrom=2026-01-20&lossDateTo=2026-02-01', matches: (row) => row.lossDate !== null && row.lossDate >= '2026-01-20' && row.lossDate <= '2026-02-01', count: 3 },
    { query: 'lossDateFrom=2026-02-02&lossDateTo=2026-02-14', matches: () => false, count: 0 },
  ],
  badRanges: ['lossDateFrom=2026-13-45', 'lossDateTo=yesterday', 'lossDateFrom=2026-1-5', `lossDateTo=${'9'.repeat(11)}`],
  tenants: [
    { caller: 'agent', sees: seeded('delta', 'echo', 'foxtrot', 'india') },
    { caller: 'policyholder', sees: seeded('delta', 'echo', 'foxtrot', 'india') },
    { caller: 'broker', sees: seeded('golf') },
    { caller: 'otherAgent', sees: seeded('hotel') },
    { caller: 'carrier', sees: seeded() },
  ],
};

const AUDIT: ListResource = {
  name: 'audit log',
  url: '/api/audit/v1/entries',
  reader: 'admin',
  key: (row) => row.id,
  tieBreak: (row) => [row.id],
  sorts: [
    { field: 'at', value: (row) => row.at },
    { field: 'action', value: (row) => row.action },
    { field: 'actor', value: (row) => lower(row.actorEmail) },
  ],
  undeclaredSorts: ['target,asc', 'detail,desc', 'address'],
  smallPage: 25,
  maxPage: 100,
  search: [
    // Six reported, two saved again, two filed.
    { query: 'search=claim.', matches: (row) => text(row, ['action', 'target', 'actorEmail'], 'claim.'), count: 10 },
    // Two sign-ins and one claim.
    { query: 'search=OTHERAGENCY', matches: (row) => text(row, ['action', 'target', 'actorEmail'], 'otheragency'), count: 3 },
    { query: 'search=claim_create', matches: () => false, count: 0 },
  ],
  filters: [
    { query: 'action=claim.create', matches: (row) => row.action === 'claim.create', count: 6 },
    { query: 'action=claim.file', matches: (row) => row.action === 'claim.file', count: 2 },
    { query: 'actor={brokerUser}', matches: (row) => row.actorUserId === accounts.brokerUser, count: 4 },
    { query: 'actor={brokerUser}&action=claim.create', matches: (row) => row.actorUserId === accounts.brokerUser && row.action === 'claim.create', count: 1 },
  ],
  ranges: [
    // The seeding wrote one claim a minute from 10:00; both ends are inclusive instants.
    { query: 'from=2026-03-02T10:02:00.000Z', matches: (row) => row.at >= '2026-03-02T10:02:00.000Z', count: 14 },
    { query: 'to=2026-03-02T10:02:00.000Z&action=claim.create', matches: (row) => row.at <= '2026-03-02T10:02:00.000Z' && row.action === 'claim.create', count: 3 },
    { query: 'from=2026-03-02T10:01:00.000Z&to=2026-03-02T10:03:00.000Z', matches: (row) => row.at >= '2026-03-02T10:01:00.000Z' && row.at <= '2026-03-02T10:03:00.000Z', count: 3 },
  ],
  badRanges: ['from=yesterday', 'to=2026-13-45T00:00:00Z'],
  tenants: [],
};

/** The users of an organisation, as their admins and provider staff list them (users.test.ts holds the rest). */
const userIds: Record<string, string[]> = {};
const USERS: ListResource = {
  name: 'users',
  url: '/api/auth/v1/users/all',
  reader: 'admin',
  key: (row) => row.id,
  tieBreak: (row) => [lower(row.email), row.id],
  sorts: [
    { field: 'name', value: (row) => lower(`${row.lastName} ${row.firstName}`) },
    { field: 'email', value: (row) => lower(row.email) },
    { field: 'roleName', value: (row) => lower(row.roleName) },
    { field: 'accountName', value: (row) => lower(row.accountName) },
    { field: 'status', value: (row) => row.status },
    { field: 'created', value: (row) => row.createdAt },
  ],
  undeclaredSorts: ['phone,asc', 'teamNames,desc', 'id'],
  smallPage: 4,
  maxPage: 1000,
  search: [
    { query: 'search=conformance', matches: (row) => text(row, ['lastName'], 'conformance'), count: 3 },
    { query: 'search=OLIVIA', matches: (row) => text(row, ['firstName'], 'olivia'), count: 1 },
    { query: 'search=thames%20cyber', matches: (row) => text(row, ['accountName'], 'thames cyber'), count: 1 },
    { query: 'search=%25', matches: () => false, count: 0 },
  ],
  filters: [
    { query: 'accountType=CARRIER', matches: (row) => row.accountType === 'CARRIER', count: 1 },
    { query: 'accountType=AGENCY&accountType=CUSTOMER', matches: (row) => ['AGENCY', 'CUSTOMER'].includes(row.accountType), count: 8 },
    { query: 'status=PENDING_VALIDATION', matches: (row) => row.status === 'PENDING_VALIDATION', count: 3 },
    { query: 'roleId=agency-producer', matches: (row) => row.roleId === 'agency-producer', count: 2 },
    { query: 'accountId={summit}&status=PENDING_VALIDATION', matches: (row) => row.accountId === accounts.summit && row.status === 'PENDING_VALIDATION', count: 3 },
  ],
  ranges: [],
  badRanges: [],
  tenants: [
    { caller: 'agent', sees: () => userIds.summit! },
    { caller: 'broker', sees: () => userIds.thames! },
    { caller: 'carrier', sees: () => userIds.carrier! },
  ],
};

/** Surplus lines licences as provider staff list them (licenses.test.ts holds the tenant rule and the writes). */
const SURPLUS: ListResource = {
  name: 'surplus licences',
  url: '/api/account/v1/agency/surplus/search',
  reader: 'admin',
  key: (row) => row.id,
  tieBreak: (row) => [row.id],
  sorts: [
    { field: 'createdAt', value: (row) => row.createdAt },
    { field: 'brokerFirstName', value: (row) => lower(row.brokerFirstName) },
    { field: 'brokerLastName', value: (row) => lower(row.brokerLastName) },
    { field: 'brokerEmail', value: (row) => lower(row.brokerEmail) },
    { field: 'surplusLicenseNumber', value: (row) => lower(row.surplusLicenseNumber) },
    { field: 'surplusLinesState', value: (row) => row.surplusLinesState },
    { field: 'signatureOnFile', value: (row) => (row.signatureOnFile ? 1 : 0) },
    { field: 'agencyName', value: (row) => lower(row.agencyName) },
  ],
  undeclaredSorts: ['id,asc', 'agencyId,desc', 'updatedAt'],
  smallPage: 2,
  maxPage: 100,
  search: [
    { query: 'search=zephyr', matches: (row) => text(row, ['brokerFirstName'], 'zephyr'), count: 1 },
    { query: 'search=BAYOU', matches: (row) => text(row, ['brokerEmail'], 'bayou'), count: 2 },
    { query: 'search=harbor', matches: (row) => text(row, ['agencyName'], 'harbor'), count: 2 },
    { query: 'search=%25', matches: () => false, count: 0 },
  ],
  filters: [
    { query: 'surplusLinesState=LA', matches: (row) => row.surplusLinesState === 'LA', count: 2 },
    { query: 'state=LA', matches: (row) => row.surplusLinesState === 'LA', count: 2 },
    { query: 'surplusLinesState=LA&agencyId={summit}', matches: (row) => row.surplusLinesState === 'LA' && row.agencyId === accounts.summit, count: 1 },
    { query: 'agencyId={harbor}', matches: (row) => row.agencyId === accounts.harbor, count: 2 },
    { query: 'email=Quill@NorthStarExcess.com', matches: (row) => row.brokerEmail === 'quill@northstarexcess.com', count: 1 },
  ],
  ranges: [
    // Spec 001 section 9: an identical from and to day is that whole day, from its first minute to its last.
    { query: 'after=2026-03-01&before=2026-03-01', matches: (row) => row.createdAt.startsWith('2026-03-01'), count: 2 },
    { query: 'after=2026-02-28', matches: (row) => row.createdAt >= '2026-02-28', count: 4 },
    { query: 'before=2026-02-27', matches: (row) => row.createdAt < '2026-02-28', count: 2 },
    { query: 'createdAtFrom=2026-02-27&createdAtTo=2026-02-28', matches: (row) => row.createdAt >= '2026-02-27' && row.createdAt < '2026-03-01', count: 2 },
  ],
  badRanges: ['after=yesterday', 'before=2026-13-45', 'createdAtFrom=2026-1-5'],
  tenants: [],
};

/** The seeded surplus licences: [first name, last name, e-mail, number, state, signature on file, agency, added]. */
const SURPLUS_SEEDS: Array<[string, string, string, string, string, boolean, 'summit' | 'harbor', string]> = [
  ['Thomas', 'Boudreaux', 'tboudreaux@bayouexcess.com', 'LA774120', 'LA', true, 'summit', '2026-02-26T12:00:00.000Z'],
  ['Odile', 'Fontenot', 'ofontenot@bayoulines.com', 'LB100221', 'LA', false, 'harbor', '2026-02-27T12:00:00.000Z'],
  ['Renee', 'Lindqvist', 'rlindqvist@bigskysurplus.com', 'MT220981', 'MT', true, 'summit', '2026-02-28T12:00:00.000Z'],
  ['Priya', 'Natarajan', 'pnatarajan@empireexcess.com', 'NY118734', 'NY', false, 'summit', '2026-03-01T00:30:00.000Z'],
  ['Zephyr', 'Adams', 'quill@northstarexcess.com', 'CO400170', 'CO', false, 'harbor', '2026-03-01T23:30:00.000Z'],
  ['Grace', 'Sullivan', 'gsullivan@baystateexcess.com', 'MA300812', 'MA', false, 'summit', '2026-03-02T09:00:00.000Z'],
];

/** The edition's states, reference data every signed-in user reads (states.test.ts holds the UK list and the writes). */
const REFERENCE_STATES: ListResource = {
  name: 'states',
  url: '/api/account/v1/state/search',
  reader: 'agent',
  key: (row) => row.id,
  tieBreak: (row) => [row.id],
  sorts: [
    { field: 'stateName', value: (row) => lower(row.stateName) },
    { field: 'stateNameAbbrv', value: (row) => row.stateNameAbbrv },
  ],
  undeclaredSorts: ['timezone,asc', 'id'],
  smallPage: 10,
  maxPage: 100,
  search: [
    { query: 'search=new', matches: (row) => text(row, ['stateName'], 'new'), count: 4 },
    { query: 'search=TX', matches: (row) => row.stateNameAbbrv === 'TX', count: 1 },
    { query: 'search=%25', matches: () => false, count: 0 },
  ],
  filters: [
    { query: 'isSupported=true', matches: (row) => row.isSupported === true, count: 51 },
    { query: 'isSupported=false', matches: (row) => row.isSupported === false, count: 0 },
  ],
  ranges: [],
  badRanges: [],
  tenants: [],
};

/** The client (business) accounts: the two the claims are seeded on and the demo policyholder (accounts-admin.test.ts holds the rest). */
const CLIENT_ACCOUNTS: ListResource = {
  name: 'client accounts',
  url: '/api/account/v1/accounts',
  reader: 'admin',
  key: (row) => row.id,
  tieBreak: (row) => [row.id],
  sorts: [
    { field: 'name', value: (row) => lower(row.name) },
    { field: 'created', value: (row) => row.created },
    { field: 'modified', value: (row) => row.modified },
    { field: 'agencyName', value: (row) => lower(row.agencyName) },
  ],
  undeclaredSorts: ['edition,asc', 'id'],
  smallPage: 1,
  maxPage: 100,
  search: [
    { query: 'search=thameside', matches: (row) => text(row, ['name'], 'thameside'), count: 1 },
    { query: 'search=HARBOR', matches: (row) => text(row, ['name', 'agencyName'], 'harbor'), count: 1 },
    { query: 'search=%25', matches: () => false, count: 0 },
  ],
  filters: [
    { query: 'agencyId={summit}', matches: (row) => row.agencyId === accounts.summit, count: 1 },
    { query: 'type=Open', matches: (row) => row.status === 'Open', count: 3 },
    { query: 'type=Quoted&type=Active%20Policy', matches: () => false, count: 0 },
  ],
  ranges: [],
  badRanges: [],
  tenants: [
    { caller: 'agent', sees: () => [accounts.acme!] },
    { caller: 'otherAgent', sees: () => [accounts.harborClient!] },
    { caller: 'broker', sees: () => [accounts.thameside!] },
    { caller: 'policyholder', sees: () => [accounts.acme!] },
  ],
};


/** Webhooks as provider staff list them (webhooks.test.ts holds the writes and the secret's keeping). */
const WEBHOOKS: ListResource = {
  name: 'webhooks',
  url: '/api/webhook/v1',
  reader: 'admin',
  key: (row) => row.id,
  tieBreak: (row) => [row.id],
  sorts: [
    { field: 'companyName', value: (row) => lower(row.companyName) },
    { field: 'clientId', value: (row) => row.clientId },
    { field: 'webhookUrl', value: (row) => lower(row.webhookUrl) },
    { field: 'createdAt', value: (row) => row.createdAt },
    { field: 'updatedAt', value: (row) => row.updatedAt },
    { field: 'accountName', value: (row) => lower(row.accountName) },
  ],
  undeclaredSorts: ['clientSecret,asc', 'id,desc', 'accountId'],
  smallPage: 2,
  maxPage: 100,
  search: [
    { query: 'search=conformance%20hooks', matches: (row) => text(row, ['companyName'], 'conformance hooks'), count: 5 },
    { query: 'search=HARBOR', matches: (row) => text(row, ['accountName'], 'harbor'), count: 1 },
    { query: 'search=https://b.', matches: (row) => text(row, ['webhookUrl'], 'https://b.'), count: 1 },
    { query: 'search=DDDD', matches: (row) => text(row, ['clientId'], 'dddd'), count: 1 },
    { query: 'search=%25', matches: () => false, count: 0 },
  ],
  filters: [],
  ranges: [],
  badRanges: [],
  tenants: [
    { caller: 'agent', sees: () => integrationIds.summitHooks! },
    { caller: 'broker', sees: () => integrationIds.thamesHooks! },
    { caller: 'otherAgent', sees: () => integrationIds.harborHooks! },
  ],
};

/** API keys as provider staff list them (api-keys.test.ts holds the writes and the keys' use). */
const API_KEYS: ListResource = {
  name: 'API keys',
  url: '/api/auth/v1/api',
  reader: 'admin',
  key: (row) => row.keyId,
  tieBreak: (row) => [row.id],
  sorts: [
    { field: 'name', value: (row) => lower(row.name) },
    { field: 'keyId', value: (row) => row.keyId },
    { field: 'createdAt', value: (row) => row.createdAt },
    { field: 'lastUsedAt', value: (row) => row.lastUsedAt },
    { field: 'accountName', value: (row) => lower(row.accountName) },
  ],
  undeclaredSorts: ['secret,asc', 'description,desc', 'createdBy'],
  smallPage: 2,
  maxPage: 100,
  search: [
    { query: 'search=conformance%20key', matches: (row) => text(row, ['name'], 'conformance key'), count: 5 },
    { query: 'search=nightly', matches: (row) => text(row, ['description'], 'nightly'), count: 2 },
    { query: 'search=ck_CCC', matches: (row) => text(row, ['keyId'], 'ck_ccc'), count: 1 },
    { query: 'search=thames', matches: (row) => text(row, ['accountName'], 'thames'), count: 1 },
    { query: 'search=key_', matches: () => false, count: 0 },
  ],
  filters: [],
  ranges: [],
  badRanges: [],
  tenants: [
    { caller: 'agent', sees: () => integrationIds.summitKeys! },
    { caller: 'broker', sees: () => integrationIds.thamesKeys! },
    { caller: 'otherAgent', sees: () => integrationIds.harborKeys! },
  ],
};

/** The seeded webhooks' ids and keys' key ids by organisation. */
const integrationIds: Record<string, string[]> = {};

/** [company, account, client id, URL or null, created, updated]. */
const WEBHOOK_SEEDS: Array<[string, string, string, string | null, string, string]> = [
  ['Alpha Conformance Hooks', 'Summit Risk Partners', 'AAAA'.padEnd(32, '1'), 'https://a.srp.io', '2026-02-01T10:00:00.000Z', '2026-02-20T10:00:00.000Z'],
  ['beta conformance hooks', 'Summit Risk Partners', 'BBBB'.padEnd(32, '2'), null, '2026-02-02T10:00:00.000Z', '2026-02-02T10:00:00.000Z'],
  ['Gamma Conformance Hooks', 'Thames Cyber Brokers', 'CCCC'.padEnd(32, '3'), 'https://b.tcb.uk', '2026-02-03T10:00:00.000Z', '2026-02-10T10:00:00.000Z'],
  ['Delta Conformance Hooks', 'Harbor Insurance Group', 'DDDD'.padEnd(32, '4'), 'https://c.hig.io', '2026-02-04T10:00:00.000Z', '2026-02-05T10:00:00.000Z'],
  ['epsilon Conformance Hooks', 'Summit Risk Partners', 'EEEE'.padEnd(32, '5'), 'https://d.srp.io', '2026-02-05T10:00:00.000Z', '2026-02-25T10:00:00.000Z'],
];

/** [name, description, account, its maker, key id, created, last used or null]. */
const KEY_SEEDS: Array<[string, string | null, string, string, string, string, string | null]> = [
  ['Alpha conformance key', 'Nightly sync', 'Summit Risk Partners', 'agent@agency.example', 'ck_AAAAAAAAAAAAAAAAAAA1', '2026-02-01T11:00:00.000Z', '2026-03-01T08:00:00.000Z'],
  ['beta conformance key', null, 'Summit Risk Partners', 'agent@agency.example', 'ck_BBBBBBBBBBBBBBBBBBB2', '2026-02-02T11:00:00.000Z', null],
  ['Gamma conformance key', 'Portal', 'Thames Cyber Brokers', 'broker@brokerage.example', 'ck_CCCCCCCCCCCCCCCCCCC3', '2026-02-03T11:00:00.000Z', '2026-02-28T08:00:00.000Z'],
  ['Delta conformance key', 'nightly reports', 'Harbor Insurance Group', 'agent@otheragency.example', 'ck_DDDDDDDDDDDDDDDDDDD4', '2026-02-04T11:00:00.000Z', '2026-02-27T08:00:00.000Z'],
  ['epsilon conformance key', null, 'Summit Risk Partners', 'agent@agency.example', 'ck_EEEEEEEEEEEEEEEEEEE5', '2026-02-05T11:00:00.000Z', null],
];

/** Agencies as provider staff list them (agencies.test.ts holds the writes, the logos and the cluster's and aggregator's reach). */
const AGENCIES: ListResource = {
  name: 'agencies',
  url: '/api/account/v1/agency/search',
  reader: 'admin',
  key: (row) => row.id,
  tieBreak: (row) => [row.id],
  sorts: [
    { field: 'name', value: (row) => lower(row.name) },
    { field: 'users', value: (row) => row.users },
  ],
  undeclaredSorts: ['contactEmail,asc', 'edition,desc', 'id'],
  smallPage: 1,
  maxPage: 200,
  search: [
    { query: 'search=SUMMIT', matches: (row) => text(row, ['name'], 'summit'), count: 1 },
    { query: 'search=1876', matches: (row) => text(row, ['npn'], '1876'), count: 1 },
    { query: 'search=%25', matches: () => false, count: 0 },
  ],
  filters: [
    { query: 'edition=uk', matches: (row) => row.edition === 'uk', count: 1 },
    { query: 'edition=us', matches: (row) => row.edition === 'us', count: 3 },
    { query: 'organisationId={summit}', matches: () => false, count: 0 },
  ],
  ranges: [],
  badRanges: [],
  tenants: [
    { caller: 'agent', sees: () => [accounts.summit!] },
    { caller: 'otherAgent', sees: () => [accounts.harbor!] },
    { caller: 'carrier', sees: () => [] },
    { caller: 'policyholder', sees: () => [] },
  ],
};

const LISTS = [CLAIMS, AUDIT, USERS, SURPLUS, REFERENCE_STATES, CLIENT_ACCOUNTS, WEBHOOKS, API_KEYS, AGENCIES];

/** A complete US claim; the seeds below change the columns the table shows. */
const US_CLAIM = {
  name: 'Priya Raman', role: 'IT Director', email: 'priya.raman@acmeprecision.com', companyName: 'Acme Precision Manufacturing',
  workPhone: '3125550164', isRightContact: 'yes', address: '1450 West Fulton Street', city: 'Chicago', state: 'IL', zipCode: '60607',
  lossDescription: 'Ransomware encrypted the dispatch and billing servers overnight.', isAuthoritiesInvolved: 'no', isReportFiled: 'no',
};
const UK_CLAIM = {
  name: 'Oliver Hughes', email: 'oliver.hughes@thamesidefreight.co.uk', companyName: 'Thameside Freight Ltd', workPhone: '02079460321',
  isRightContact: 'yes', address: 'Unit 4, Riverside Business Park', address3: 'Barking', city: 'London', zipCode: 'IG11 0DS',
  lossDescription: 'Invoices were redirected to a fraudulent account after a mailbox compromise.',
};

/** The seeded claims, one a minute: [seed name, who reports it, on which account, host, body]. */
const SEEDS: Array<[string, string, string, string | undefined, Json]> = [
  ['delta', 'agent', 'acme', undefined, { ...US_CLAIM, name: 'Avery Stone', companyName: 'Delta Logistics', lossDate: '2026-01-05' }],
  ['echo', 'agent', 'acme', undefined, { ...US_CLAIM, name: 'Blake Young', companyName: 'Echo Dental', lossDate: '2026-01-20' }],
  ['foxtrot', 'policyholder', 'acme', undefined, { ...US_CLAIM, name: 'Casey Lane', companyName: 'Foxtrot Foods', lossDate: '2026-02-01' }],
  ['golf', 'broker', 'thameside', UK_HOST, { ...UK_CLAIM, name: 'Drew Hall', companyName: 'Golf Freight Ltd', lossDate: '2026-01-20' }],
  ['hotel', 'otherAgent', 'harborClient', undefined, { ...US_CLAIM, name: 'Emery Fox', companyName: 'Hotel Supplies', lossDate: '2026-02-15' }],
  ['india', 'agent', 'acme', undefined, { ...US_CLAIM, name: 'Avery Stone', companyName: 'India Tools' }],
];

function call(caller: string, method: InjectOptions['method'], url: string, payload?: unknown, host?: string) {
  return t.inject({
    method, url, headers: { authorization: `Bearer ${tokens[caller]}`, ...(host ? { host } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** `{name}` in a query stands for an id found while seeding. */
const filled = (query: string) => query.replace(/\{(\w+)\}/g, (_, name: string) => accounts[name] ?? claims[name] ?? name);

async function page(resource: ListResource, query: string, caller = resource.reader) {
  const response = await call(caller, 'GET', `${resource.url}?${filled(query)}`);
  expect(response.statusCode, `${resource.name} ?${query}: ${response.body}`).toBe(200);
  return response.json() as { content: Json[]; totalElements: number; page: number; size: number };
}

/** Every row of a query, page by page at the largest size. */
async function allRows(resource: ListResource, query: string, caller = resource.reader): Promise<Json[]> {
  const rows: Json[] = [];
  for (let number = 0; ; number += 1) {
    const { content, totalElements } = await page(resource, `${query}&size=${resource.maxPage}&page=${number}`, caller);
    rows.push(...content);
    if (rows.length >= totalElements || content.length === 0) {
      expect(rows).toHaveLength(totalElements);
      return rows;
    }
  }
}

/** The order a sort must give: the field's value with empty ones last either way, then the tie-break. */
function compareFor(resource: ListResource, sort: SortCase, direction: 'asc' | 'desc') {
  const sign = direction === 'asc' ? 1 : -1;
  const compare = (a: Value, b: Value) => (a === b ? 0 : a! < b! ? -sign : sign);
  return (x: Json, y: Json) => {
    const [a, b] = [sort.value(x), sort.value(y)];
    if (a !== b && (a === null || b === null)) return a === null ? 1 : -1;
    const first = compare(a, b);
    if (first !== 0) return first;
    const [ta, tb] = [resource.tieBreak(x), resource.tieBreak(y)];
    for (let i = 0; i < ta.length; i += 1) {
      const next = compare(ta[i]!, tb[i]!);
      if (next !== 0) return next;
    }
    return 0;
  };
}

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set('2026-03-02T09:55:00.000Z');
  const users = {
    admin: 'admin@provider.example', agent: 'agent@agency.example', otherAgent: 'agent@otheragency.example', broker: 'broker@brokerage.example',
    policyholder: 'policyholder@insured.example', carrier: 'carrier@carrier.example',
  };
  for (const [name, email] of Object.entries(users)) tokens[name] = (await t.tokensFor(email)).accessToken;
  // Refusals are audited too: enough entries that the audit log has more than one page of 25.
  for (let i = 0; i < 8; i += 1) expect((await call('agent', 'GET', AUDIT.url)).statusCode).toBe(403);
  const ids = async (sql: string) => (await t.db.query<{ id: string }>(sql))[0]!.id;
  accounts.acme = await ids(`SELECT id FROM accounts WHERE name = 'Acme Precision Manufacturing'`);
  accounts.brokerUser = await ids(`SELECT id FROM users WHERE email = 'broker@brokerage.example'`);
  const now = t.clock.now();
  accounts.thameside = (await t.db.query<{ id: string }>(
    `INSERT INTO accounts (name, account_type, edition, agency_id, created_at)
     SELECT 'Thameside Freight Ltd', 'CUSTOMER', 'uk', id, $1 FROM accounts WHERE name = 'Thames Cyber Brokers' RETURNING id`, [now],
  ))[0]!.id;
  accounts.harborClient = (await t.db.query<{ id: string }>(
    `INSERT INTO accounts (name, account_type, edition, agency_id, created_at)
     SELECT 'Harbor Client Co', 'CUSTOMER', 'us', id, $1 FROM accounts WHERE name = 'Harbor Insurance Group' RETURNING id`, [now],
  ))[0]!.id;

  // Three invited users, a minute apart and before the claims, so the users list has created times to sort.
  accounts.summit = await ids(`SELECT id FROM accounts WHERE name = 'Summit Risk Partners'`);
  for (const [caller, roleId, firstName, host] of [['agent', 'agency-producer', 'Quinn', undefined], ['agent', 'agency-producer', 'Reese', undefined], ['agent', 'agency-customer-service', 'Sasha', undefined]] as const) {
    t.clock.advance(60_000);
    const created = await call(caller, 'POST', '/api/auth/v1/users', { roleId, firstName, lastName: 'Conformance', email: `${firstName.toLowerCase()}@conformance.example` }, host);
    expect(created.statusCode, created.body).toBe(201);
  }
  const usersOf = async (name: string) => (await t.db.query<{ id: string }>('SELECT u.id FROM users u JOIN accounts a ON a.id = u.account_id WHERE a.name = $1', [name])).map((row) => row.id);
  userIds.summit = await usersOf('Summit Risk Partners');
  userIds.thames = await usersOf('Thames Cyber Brokers');
  userIds.carrier = await usersOf('Keystone Specialty Insurance Company');

  // Surplus licences written straight to their table (no audit entries, so the audit log's counts stand).
  accounts.harbor = await ids(`SELECT id FROM accounts WHERE name = 'Harbor Insurance Group'`);
  for (const [first, last, email, number, state, signature, agency, added] of SURPLUS_SEEDS) {
    await t.db.query(
      `INSERT INTO surplus_licenses (agency_id, broker_first_name, broker_last_name, broker_email, surplus_license_number, surplus_lines_state,
         signature_on_file, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
      [accounts[agency], first, last, email, number, state, signature, added],
    );
  }

  // Webhooks and API keys written straight to their tables (no audit entries, so the audit log's counts stand).
  for (const [company, account, clientId, url, created, updated] of WEBHOOK_SEEDS) {
    const [row] = await t.db.query<{ id: string }>(
      `INSERT INTO webhooks (account_id, company_name, client_id, client_secret_sealed, webhook_url, created_at, updated_at)
       SELECT id, $2, $3, 'v1.sealed.elsewhere.x', $4, $5, $6 FROM accounts WHERE name = $1 RETURNING id`,
      [account, company, clientId, url, created, updated],
    );
    const bucket = `${account.split(' ')[0]!.toLowerCase()}Hooks`;
    (integrationIds[bucket] ??= []).push(row!.id);
  }
  for (const [name, description, account, maker, keyId, created, lastUsed] of KEY_SEEDS) {
    await t.db.query(
      `INSERT INTO api_keys (key_id, account_id, name, description, secret_hash, created_by, created_at, updated_at, last_used_at)
       SELECT $1, a.id, $2, $3, repeat('0', 64), u.id, $5, $5, $6 FROM accounts a, users u WHERE a.name = $4 AND u.email = $7`,
      [keyId, name, description, account, created, lastUsed, maker],
    );
    const bucket = `${account.split(' ')[0]!.toLowerCase()}Keys`;
    (integrationIds[bucket] ??= []).push(keyId);
  }

  // One write a minute from 10:00, so created, modified and the audit times differ from one another.
  t.clock.set('2026-03-02T10:00:00.000Z');
  for (const [name, caller, account, host, body] of SEEDS) {
    const created = await call(caller, 'POST', `/api/policy/v1/claim?accountId=${accounts[account]}`, body, host);
    expect(created.statusCode, `${name}: ${created.body}`).toBe(201);
    claims[name] = created.json().id;
    t.clock.advance(60_000);
  }
  const writes: Array<[string, string, string, Json | undefined, string | undefined]> = [
    ['agent', 'PUT', `/api/claims/v1/${claims.delta}`, { ...SEEDS[0]![4], lossDescription: 'Backups were intact.' }, undefined],
    ['broker', 'PUT', `/api/claims/v1/${claims.golf}`, { ...SEEDS[3]![4], city: 'Barking' }, UK_HOST],
    ['policyholder', 'PUT', `/api/claims/v1/${claims.foxtrot}/file`, undefined, undefined],
    ['agent', 'PUT', `/api/claims/v1/${claims.india}/file`, undefined, undefined],
  ];
  for (const [caller, method, url, body, host] of writes) {
    const response = await call(caller, method, url, body, host);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
    t.clock.advance(60_000);
  }
  // The seeding outlived the access tokens: everyone signs in again (six more audit entries, at 10:15).
  t.clock.set('2026-03-02T10:15:00.000Z');
  for (const [name, email] of Object.entries(users)) tokens[name] = (await t.tokensFor(email)).accessToken;
}, 120_000);
afterAll(() => t.close());

describe.each(LISTS)('$name: list', (resource) => {
  test('pages are disjoint, in order, with the total; a page after the last is empty', async () => {
    const all = await allRows(resource, 'sort=' + resource.sorts[0]!.field + ',asc');
    expect(all.length).toBeGreaterThan(resource.smallPage);
    const pages: Json[] = [];
    const last = Math.ceil(all.length / resource.smallPage);
    for (let number = 0; number <= last; number += 1) {
      const one = await page(resource, `sort=${resource.sorts[0]!.field},asc&size=${resource.smallPage}&page=${number}`);
      expect(one).toMatchObject({ page: number, size: resource.smallPage, totalElements: all.length });
      expect(one.content.length).toBe(number < last ? Math.min(resource.smallPage, all.length - number * resource.smallPage) : 0);
      pages.push(...one.content);
    }
    expect(pages.map(resource.key)).toEqual(all.map(resource.key));
  });

  test.each(resource.sorts.flatMap((sort) => (['asc', 'desc'] as const).map((direction) => ({ sort, direction }))))(
    'sorts by $sort.field $direction',
    async ({ sort, direction }) => {
      const rows = await allRows(resource, `sort=${sort.field},${direction}`);
      // The check means something only when the field's values differ.
      expect(new Set(rows.map(sort.value).filter((value) => value !== null)).size).toBeGreaterThan(1);
      const expected = [...rows].sort(compareFor(resource, sort, direction));
      expect(rows.map(resource.key)).toEqual(expected.map(resource.key));
    },
  );

  test.each(resource.undeclaredSorts)('sort=%s is refused with 400 naming what may sort', async (sort) => {
    const response = await call(resource.reader, 'GET', `${resource.url}?sort=${sort}`);
    expect(response.statusCode).toBe(400);
    const message: string = response.json().message;
    expect(message).toMatch(/^sort /);
    for (const field of resource.sorts.map((declared) => declared.field)) expect(message).toContain(field);
  });

  test.each([...resource.search, ...resource.filters, ...resource.ranges])('?$query finds $count', async ({ query, matches, count }) => {
    const every = await allRows(resource, 'sort=' + resource.sorts[0]!.field + ',asc');
    const found = await allRows(resource, `${query}&sort=${resource.sorts[0]!.field},asc`);
    const expected = every.filter(matches);
    expect(expected).toHaveLength(count);
    expect(found.map(resource.key)).toEqual(expected.map(resource.key));
  });

  test.each(resource.badRanges)('?%s is refused with 400', async (query) => {
    const response = await call(resource.reader, 'GET', `${resource.url}?${query}`);
    expect(response.statusCode, response.body).toBe(400);
  });

  test.each(resource.tenants)('$caller sees only its tenant\'s rows, also when it asks for another account', async ({ caller, sees }) => {
    const rows = await allRows(resource, `sort=${resource.sorts[0]!.field},asc`, caller);
    expect(rows.map(resource.key).sort()).toEqual([...sees()].sort());
    for (const account of ['acme', 'thameside', 'harborClient']) {
      const asked = await allRows(resource, `accountId=${accounts[account]}&sort=${resource.sorts[0]!.field},asc`, caller);
      expect(asked.every((row) => sees().includes(resource.key(row)))).toBe(true);
    }
  });
});

describe('claims: get by id', () => {
  /** [caller, seeded claims it may read, claims of another tenant]. */
  const CASES: Array<[string, string[], string[]]> = [
    ['agent', ['delta', 'echo', 'foxtrot', 'india'], ['golf', 'hotel']],
    ['policyholder', ['delta', 'foxtrot'], ['golf', 'hotel']],
    ['broker', ['golf'], ['delta', 'hotel']],
    ['otherAgent', ['hotel'], ['delta', 'golf']],
    ['admin', ['delta', 'golf', 'hotel'], []],
  ];

  test.each(CASES)('%s reads its claims as the list shows them', async (caller, own) => {
    const listed = await allRows(CLAIMS, 'sort=created,asc', 'admin');
    for (const name of own) {
      const response = await call(caller, 'GET', `/api/claims/v1/${claims[name]}`);
      expect(response.statusCode, name).toBe(200);
      expect(response.json()).toMatchObject(listed.find((row) => row.id === claims[name])!);
    }
  });

  test.each(CASES.filter(([, , foreign]) => foreign.length > 0))("%s gets another tenant's claim as a missing one: 404 alike", async (caller, _, foreign) => {
    const missing = await call(caller, 'GET', `/api/claims/v1/${MISSING_ID}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Claim not found.' });
    for (const name of foreign) {
      for (const [method, url, body] of [
        ['GET', `/api/claims/v1/${claims[name]}`, undefined],
        ['PUT', `/api/claims/v1/${claims[name]}`, US_CLAIM],
        ['PUT', `/api/claims/v1/${claims[name]}/file`, undefined],
        ['DELETE', `/api/claims/v1/${claims[name]}`, undefined],
      ] as const) {
        const response = await call(caller, method, url, body);
        expect(response.statusCode, `${method} ${name}`).toBe(404);
        expect(response.json(), `${method} ${name}`).toEqual(missing.json());
      }
    }
  });
});

describe('claims: writes refused by the claim definition, in both editions', () => {
  interface Refusal {
    edition: 'US' | 'UK';
    write: 'create' | 'update';
    body: Json;
    errors: Array<{ field: string; message: string; code?: string }>;
  }
  const REFUSALS: Refusal[] = [
    { edition: 'US', write: 'create', body: { ...US_CLAIM, zipCode: '00000' }, errors: [{ field: 'zipCode', message: 'Invalid ZIP Code', code: 'pattern' }] },
    { edition: 'US', write: 'update', body: { ...US_CLAIM, city: 'Chicago 9' }, errors: [{ field: 'city', message: 'Invalid City', code: 'pattern' }] },
    { edition: 'US', write: 'create', body: { ...US_CLAIM, isRightContact: 'no' }, errors: [
      { field: 'contactName', message: 'Contact Name is a required field' },
      { field: 'contactEmail', message: 'Contact Email is a required field' },
      { field: 'contactPhone', message: 'Contact Phone is a required field' },
    ] },
    { edition: 'US', write: 'update', body: { ...US_CLAIM, state: '  ' }, errors: [{ field: 'state', message: 'State is a required field', code: 'required' }] },
    { edition: 'UK', write: 'create', body: { ...UK_CLAIM, zipCode: '60607' }, errors: [{ field: 'zipCode', message: 'Invalid Postcode', code: 'pattern' }] },
    { edition: 'UK', write: 'update', body: { ...UK_CLAIM, zipCode: undefined, city: 'L0nd0n' }, errors: [
      { field: 'city', message: 'Invalid City/Town' },
      { field: 'zipCode', message: 'Postcode is a required field', code: 'required' },
    ] },
  ];

  test.each(REFUSALS)('$edition $write: $errors.0.message', async ({ edition, write, body, errors }) => {
    const [caller, account, claim, host] = edition === 'US' ? ['agent', 'acme', 'echo', undefined] : ['broker', 'thameside', 'golf', UK_HOST];
    const before = (await call(caller, 'GET', `/api/claims/v1/${claims[claim]}`, undefined, host)).json();
    const response = write === 'create'
      ? await call(caller, 'POST', `/api/policy/v1/claim?accountId=${accounts[account]}`, body, host)
      : await call(caller, 'PUT', `/api/claims/v1/${claims[claim]}`, body, host);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Error saving claim');
    expect(response.json().errors).toHaveLength(errors.length);
    expect(response.json().errors).toMatchObject(errors);
    // Nothing was written.
    expect((await call(caller, 'GET', `/api/claims/v1/${claims[claim]}`, undefined, host)).json()).toEqual(before);
    expect((await allRows(CLAIMS, 'sort=created,asc')).length).toBe(SEEDS.length);
  });
});
