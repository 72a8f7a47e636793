/** A page path that opens one quote ('quotes/:quoteId'). */
const QUOTE_PAGE = /^quotes\/:[A-Za-z][A-Za-z0-9]*$/;

/**
 * Where Quote Now goes: the new quote's page when the area has one (a page definition at quotes/:id),
 * else the quotes list. The cart's request always goes to the list.
 */
export function quoteDestination(pagePaths: readonly string[], areaBase: string, quoteId?: string): string {
  return quoteId && pagePaths.some((path) => QUOTE_PAGE.test(path)) ? `${areaBase}/quotes/${quoteId}` : `${areaBase}/quotes`;
}
