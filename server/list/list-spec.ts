/**
 * What a list operation declares about itself: where its rows come from, what may sort, what the search
 * reads, and which query parameters filter. The SQL here is written by code; values from the request only
 * ever become parameters (list-query.ts).
 */
export type SortDirection = 'asc' | 'desc';

/** An equality filter (a repeated parameter or an array value is a one-of). */
export interface ListFilter {
  /** The SQL expression compared with the parameter's value. */
  sql: string;
  /** SQL type the value is read as ('uuid'); text when left out. */
  cast?: string;
}

/**
 * A range over a date column. By default the query parameters are `<field>From` and `<field>To`, both
 * YYYY-MM-DD and inclusive: the whole of the To day counts, on a DATE column and on a timestamp alike.
 * `instant` ranges take date-times and compare them as instants (both ends inclusive).
 */
export interface ListRange {
  sql: string;
  kind: 'date' | 'instant';
  /** Other names for the two parameters (the audit log's `from` and `to`). */
  params?: { from: string; to: string };
}

/**
 * A search through another table by key: the rows whose `key` is the `id` of a `table` row whose `match`
 * contains the text. It reads the same rows as searching the joined column, but each arm can use its own
 * index (a trigram index on the looked-up column, a btree on the key), so a search over a million rows
 * reads the matches instead of every row.
 */
export interface KeyedSearch {
  /** The list's column holding the other table's key ('q.account_id'). */
  key: string;
  /** The table looked up; it is aliased `k`. */
  table: string;
  /** The text it looks in, on the alias k ('k.name'). */
  match: string;
  /** The looked-up table's key on the alias k; 'k.id' when left out. */
  id?: string;
}

export interface ListSpec<Row, Item> {
  /** The columns, without SELECT. */
  select: string;
  /** The FROM clause with its joins, without FROM; every expression below may use its aliases. */
  from: string;
  /**
   * The one table, with its alias ('quotes q'), the total is counted over when `from` joins more. A join
   * may be left out only when it neither drops nor repeats a row (a NOT NULL foreign key, a LEFT JOIN to a
   * key), so every filter, range and search expression must read this table alone. Counting a million
   * rows costs the joins otherwise.
   */
  countFrom?: string;
  /** Sort field (the API's name) -> the SQL expression it orders by. Nothing else may sort. */
  sorts: Readonly<Record<string, string>>;
  defaultSort: { field: string; direction: SortDirection };
  /**
   * Expressions that order rows the sort leaves equal, the last one unique (the primary key), so pages
   * never overlap or skip a row. They follow the sort's direction.
   */
  tieBreak: readonly string[];
  /** Text expressions the `search` parameter looks in (case-insensitive, the text taken literally), or tables looked up by key. */
  search?: ReadonlyArray<string | KeyedSearch>;
  /** Query parameter name -> the filter it sets. */
  filters?: Readonly<Record<string, ListFilter>>;
  /** Field name -> its range (parameters `<field>From`, `<field>To` unless named). */
  ranges?: Readonly<Record<string, ListRange>>;
  /** One row as the API answers it. */
  toItem(row: Row): Item;
}

/** The request's query as the contract validated it: page, size, sort 'field,direction', search, filters. */
export type ListRequest = Readonly<Record<string, unknown>>;

export interface ListPage<Item> {
  content: Item[];
  totalElements: number;
  page: number;
  size: number;
}
