import type { Row, TableQuery } from '../table/table-types.ts';

/** The most rows a CSV export collects. */
export const EXPORT_ROW_LIMIT = 10_000;
/** The export asks for pages of this size (the contract's largest). */
export const EXPORT_PAGE_SIZE = 100;

export interface RowsPage {
  content: Row[];
  totalElements: number;
}

/** Every row that matches the query, page by page, up to EXPORT_ROW_LIMIT: the CSV export's rows, not only the page on screen. */
export async function fetchAllRows(readPage: (query: TableQuery) => Promise<RowsPage>, query: TableQuery): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 0; rows.length < EXPORT_ROW_LIMIT; page += 1) {
    const answer = await readPage({ ...query, page, size: EXPORT_PAGE_SIZE });
    rows.push(...answer.content);
    if (rows.length >= answer.totalElements || answer.content.length === 0) break;
  }
  return rows.slice(0, EXPORT_ROW_LIMIT);
}
