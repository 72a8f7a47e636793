import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { openPglite } from '../../../server/db/pglite.ts';
import { SqlParams } from '../../../server/db/sql-params.ts';
import { HttpError } from '../../../server/http/http-error.ts';
import { containsPattern } from '../../../server/list/like-pattern.ts';
import { listPage } from '../../../server/list/list-query.ts';
import { LIST_FEW_MATCHES } from '../../../server/constants.ts';
import type { ListSpec } from '../../../server/list/list-spec.ts';
import { orderByOf, parseSort } from '../../../server/list/sort-order.ts';

/**
 * The generic list against a real (embedded) database: a small table whose rows make every sort, search,
 * filter and range distinguishable, so each expectation below fails when the SQL is wrong.
 */
interface Row { id: number; name: string | null; kind: string; day: string; at: Date | string; owner: string }

const OWNER_A = '00000000-0000-4000-8000-00000000000a';
const OWNER_B = '00000000-0000-4000-8000-00000000000b';

const ROWS: Array<[number, string | null, string, string, string, string]> = [
  [1, 'Alpha 50% off', 'x', '2026-01-01', '2026-01-01T10:00:00Z', OWNER_A],
  [2, 'bravo_one', 'y', '2026-01-15', '2026-01-15T23:59:59Z', OWNER_A],
  [3, 'Charlie', 'y', '2026-01-31', '2026-01-31T00:00:00Z', OWNER_B],
  [4, null, 'z', '2026-02-01', '2026-02-01T00:00:00Z', OWNER_B],
  [5, 'bravo one', 'x', '2026-01-15', '2026-01-15T12:00:00Z', OWNER_A],
  [6, 'back\\slash', 'z', '2026-03-01', '2026-03-01T08:00:00Z', OWNER_B],
];

const SPEC: ListSpec<Row, number> = {
  select: 'i.id, i.name, i.kind, i.day, i.at, i.owner',
  from: 'items i',
  sorts: { name: 'lower(i.name)', day: 'i.day', kind: 'i.kind' },
  defaultSort: { field: 'day', direction: 'desc' },
  tieBreak: ['i.id'],
  search: ['i.name', 'i.kind'],
  filters: { kind: { sql: 'i.kind' }, owner: { sql: 'i.owner', cast: 'uuid' } },
  ranges: { day: { sql: 'i.day', kind: 'date' }, at: { sql: 'i.at', kind: 'instant', params: { from: 'after', to: 'before' } } },
  toItem: (row) => row.id,
};

let db: Database;
beforeAll(async () => {
  db = await openPglite('memory://');
  await db.exec('CREATE TABLE items (id int PRIMARY KEY, name text, kind text NOT NULL, day date NOT NULL, at timestamptz NOT NULL, owner uuid NOT NULL)');
  for (const row of ROWS) await db.query('INSERT INTO items VALUES ($1, $2, $3, $4, $5, $6)', row);
}, 60_000);
afterAll(() => db.close());

const ids = async (query: Record<string, unknown>) => (await listPage(db, SPEC, query)).content;

describe('sorting', () => {
  test.each<[string, number[]]>([
    ['', [6, 4, 3, 5, 2, 1]],
    ['day,asc', [1, 2, 5, 3, 4, 6]],
    ['day,desc', [6, 4, 3, 5, 2, 1]],
    ['day,ASC', [1, 2, 5, 3, 4, 6]],
    ['day', [1, 2, 5, 3, 4, 6]],
    // Empty names come last in both directions; equal kinds keep the id order of the direction.
    ['name,asc', [1, 6, 5, 2, 3, 4]],
    ['name,desc', [3, 2, 5, 6, 1, 4]],
    ['kind,asc', [1, 5, 2, 3, 4, 6]],
    ['kind,desc', [6, 4, 3, 2, 5, 1]],
  ])('sort=%s orders %j', async (sort, expected) => {
    expect(await ids(sort ? { sort, size: 100 } : { size: 100 })).toEqual(expected);
  });

  test.each([
    ['premium,asc', "Cannot sort by 'premium'. Sortable fields: name, day, kind."],
    ['toString,asc', "Cannot sort by 'toString'. Sortable fields: name, day, kind."],
    ['day,sideways', "Sort direction 'sideways' is not asc or desc."],
  ])('sort=%s is refused with 400: %s', (sort, message) => {
    const refusal = (() => {
      try {
        parseSort(SPEC, sort);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({ statusCode: 400, body: { message } });
  });

  test('the order names the tie-break in the sort direction, after the field with empty values last', () => {
    expect(orderByOf(SPEC, { field: 'name', direction: 'desc' })).toBe('lower(i.name) DESC NULLS LAST, i.id DESC');
  });
});

describe('paging', () => {
  test('pages follow one another without overlap; the total counts every match; a page past the end is empty', async () => {
    const pages = await Promise.all([0, 1, 2, 3].map((page) => listPage(db, SPEC, { page, size: 2, sort: 'day,asc' })));
    expect(pages.map((page) => page.content)).toEqual([[1, 2], [5, 3], [4, 6], []]);
    expect(pages.map((page) => [page.totalElements, page.page, page.size])).toEqual([[6, 0, 2], [6, 1, 2], [6, 2, 2], [6, 3, 2]]);
  });

  test('the default page is the first of 25', async () => {
    expect(await listPage(db, SPEC, {})).toMatchObject({ page: 0, size: 25, totalElements: 6 });
  });
});

describe('search, filters and ranges', () => {
  test.each<[string, Record<string, unknown>, number[]]>([
    ['search is case-insensitive and finds text anywhere', { search: 'BRAVO' }, [2, 5]],
    ['search is trimmed', { search: '  charlie ' }, [3]],
    ['search reads every declared column', { search: 'z' }, [4, 6]],
    ['% is a character, not a wildcard', { search: '50%' }, [1]],
    ['_ is a character, not a wildcard', { search: 'o_o' }, [2]],
    ['\\ is a character, not an escape', { search: 'k\\s' }, [6]],
    ['a blank search is no search', { search: '   ' }, [1, 2, 3, 4, 5, 6]],
    ['an equality filter', { kind: 'y' }, [2, 3]],
    ['a one-of filter', { kind: ['x', 'z'] }, [1, 4, 5, 6]],
    ['an emptied filter is no filter', { kind: '' }, [1, 2, 3, 4, 5, 6]],
    ['a uuid filter', { owner: OWNER_B }, [3, 4, 6]],
    ['filters combine with search', { owner: OWNER_A, search: 'bravo' }, [2, 5]],
    ['a date range includes both days', { dayFrom: '2026-01-15', dayTo: '2026-01-31' }, [2, 3, 5]],
    ['a range open at one end', { dayFrom: '2026-02-01' }, [4, 6]],
    ['a range open at the other end', { dayTo: '2026-01-01' }, [1]],
    ['an instant range with its own parameter names, both ends inclusive', { after: '2026-01-15T12:00:00Z', before: '2026-01-31T00:00:00Z' }, [2, 3, 5]],
  ])('%s', async (_, query, expected) => {
    expect((await ids({ ...query, size: 100, sort: 'day,asc' })).sort((a, b) => a - b)).toEqual(expected);
  });

  test('a date range on a timestamp column takes the whole To day', async () => {
    const spec: ListSpec<Row, number> = { ...SPEC, ranges: { at: { sql: 'i.at', kind: 'date' } } };
    const page = await listPage(db, spec, { atFrom: '2026-01-15', atTo: '2026-01-15', size: 100, sort: 'day,asc' });
    expect(page.content.sort((a, b) => a - b)).toEqual([2, 5]);
  });

  test.each([
    [{ dayFrom: '2026-13-45' }, 'dayFrom must be a date (YYYY-MM-DD).'],
    [{ dayTo: 'yesterday' }, 'dayTo must be a date (YYYY-MM-DD).'],
    [{ after: 'soon' }, 'after must be a date and time.'],
  ])('%j is refused: %s', async (query, message) => {
    await expect(listPage(db, SPEC, query)).rejects.toMatchObject({ statusCode: 400, body: { message } });
  });

  test('the scope condition is added to every query, in the same parameters', async () => {
    const scope = (params: SqlParams) => `i.owner = ${params.add(OWNER_A, 'uuid')}`;
    // 'h' is in rows 1, 3 and 6; only row 1 is owner A's.
    expect((await listPage(db, SPEC, { search: 'h', size: 100, sort: 'day,asc' })).totalElements).toBe(3);
    const page = await listPage(db, SPEC, { search: 'h', size: 100, sort: 'day,asc' }, scope);
    expect(page).toMatchObject({ content: [1], totalElements: 1 });
  });
});

describe('a search through another table by key, counted over the narrower FROM', () => {
  // The owner's name is searched by looking owners up (each arm its own index at scale), the total counted
  // over items alone: both must find exactly the rows the plain joined search finds.
  const JOINED: ListSpec<Row, number> = { ...SPEC, from: 'items i JOIN owners o ON o.id = i.owner', search: ['i.name', 'o.name'] };
  const KEYED: ListSpec<Row, number> = { ...JOINED, countFrom: 'items i', search: ['i.name', { key: 'i.owner', table: 'owners', match: 'k.name' }] };

  beforeAll(async () => {
    await db.exec('CREATE TABLE owners (id uuid PRIMARY KEY, name text NOT NULL)');
    await db.query('INSERT INTO owners VALUES ($1, $2), ($3, $4)', [OWNER_A, 'Harbor Dental', OWNER_B, 'Summit Bravo Works']);
  });

  test.each<[string, Record<string, unknown>, number[]]>([
    ["the owner's name", { search: 'dental' }, [1, 2, 5]],
    ["the row's own text or the owner's name", { search: 'bravo' }, [2, 3, 4, 5, 6]],
    ['text in neither', { search: 'nowhere' }, []],
    ['the owner lookup takes the text literally', { search: 'r_d%' }, []],
    ['with a filter', { search: 'bravo', kind: 'y' }, [2, 3]],
    ['no search', {}, [1, 2, 3, 4, 5, 6]],
  ])('%s', async (_, query, expected) => {
    const [joined, keyed] = await Promise.all([JOINED, KEYED].map((spec) => listPage(db, spec, { ...query, size: 2, sort: 'day,asc' })));
    expect(keyed).toEqual(joined);
    expect(keyed?.totalElements).toBe(expected.length);
    const all = await listPage(db, KEYED, { ...query, size: 100, sort: 'day,asc' });
    expect(all.content.sort((a, b) => a - b)).toEqual(expected);
  });
});

describe('a list declared for scale reads its page by key, in every shape, exactly as the plain query', () => {
  // More rows than LIST_FEW_MATCHES, so each shape runs: the page's keys sorted on the counted table, the
  // keys of few matches sorted after, and the plain query when the sort reads a joined table.
  const MANY = LIST_FEW_MATCHES + 1_000;
  const PLAIN: ListSpec<{ id: number }, number> = {
    select: 'm.id',
    from: 'many m JOIN owners o ON o.id = m.owner',
    sorts: { day: 'm.day', owner: 'lower(o.name)', kind: 'm.kind' },
    defaultSort: { field: 'day', direction: 'desc' },
    tieBreak: ['m.id'],
    search: ['m.kind', 'o.name'],
    filters: { kind: { sql: 'm.kind' } },
    toItem: (row) => row.id,
  };
  const SCALED: ListSpec<{ id: number }, number> = { ...PLAIN, countFrom: 'many m', search: ['m.kind', { key: 'm.owner', table: 'owners', match: 'k.name' }] };

  beforeAll(async () => {
    await db.exec(`CREATE TABLE many (id int PRIMARY KEY, kind text NOT NULL, day date NOT NULL, owner uuid NOT NULL);
      INSERT INTO many SELECT n, 'kind-' || (n % 7), date '2026-01-01' + (n % 90), CASE WHEN n % 3 = 0 THEN '${OWNER_A}'::uuid ELSE '${OWNER_B}'::uuid END
      FROM generate_series(1, ${MANY}) AS n`);
  });

  test.each<[string, Record<string, unknown>]>([
    ['many matches, sorted on the counted table', { sort: 'day,desc' }],
    ['many matches, a later page', { sort: 'day,asc', page: 37 }],
    ['many matches, sorted on a joined table (the plain query)', { sort: 'owner,asc', page: 3 }],
    ['few matches', { kind: 'kind-3', sort: 'day,desc', page: 2 }],
    ["few matches found through the owner's name", { search: 'dental', kind: 'kind-1', sort: 'kind,asc' }],
    ['a page past the end', { kind: 'kind-3', page: 1_000 }],
  ])('%s', async (_, query) => {
    const [plain, scaled] = await Promise.all([PLAIN, SCALED].map((spec) => listPage(db, spec, { size: 25, ...query })));
    expect(scaled).toEqual(plain);
    expect(plain!.totalElements).toBeGreaterThan(0);
  });

  test.each<[string, Record<string, unknown>, RegExp]>([
    ['many matches sorted on the counted table: the page\'s keys', { sort: 'day,desc' }, /= ANY\(ARRAY\(SELECT m\.id FROM many m +ORDER BY m\.day DESC NULLS LAST, m\.id DESC LIMIT \$\d+::int OFFSET \$\d+::bigint\)\) ORDER BY/],
    ['many matches sorted on a joined table: the plain query', { sort: 'owner,asc' }, /^SELECT m\.id FROM many m JOIN owners o ON o\.id = m\.owner +ORDER BY lower\(o\.name\)/],
    ['few matches: all their keys, sorted after', { kind: 'kind-3' }, /= ANY\(ARRAY\(SELECT m\.id FROM many m WHERE m\.kind = \$1::text\)\) ORDER BY m\.day DESC NULLS LAST, m\.id DESC LIMIT/],
  ])('%s', async (_, query, shape) => {
    const statements: string[] = [];
    const recorder = { query: (sql: string, values?: readonly unknown[]) => (statements.push(sql), db.query(sql, values)), exec: (sql: string) => db.exec(sql) };
    await listPage(recorder as typeof db, SCALED, { size: 25, ...query });
    expect(statements[1]).toMatch(shape);
  });

  test('both sides of the few-matches line are covered by the cases above', async () => {
    expect((await listPage(db, SCALED, {})).totalElements).toBeGreaterThan(LIST_FEW_MATCHES);
    expect((await listPage(db, SCALED, { kind: 'kind-3' })).totalElements).toBeLessThanOrEqual(LIST_FEW_MATCHES);
  });
});

test.each([
  ['plain', '%plain%'],
  ['MiXeD', '%mixed%'],
  ['50%_\\', '%50\\%\\_\\\\%'],
])('containsPattern(%j) is %j', (text, pattern) => {
  expect(containsPattern(text)).toBe(pattern);
});
