import { getPath } from '../../engine/index.ts';
import { fillPath, PATH_FIELD, type PageScope } from './page-scope.ts';

/**
 * Where a page kept for an address goes (its `redirect`, `{route.accountId}`, `{query.policyId}` filled from
 * the address), or undefined when the address lacks one of them: then the page shows its own blocks, which
 * say what the link lacks, rather than going to a broken path.
 */
export function redirectPath(template: string, scope: PageScope): string | undefined {
  const values = scope as unknown as Record<string, unknown>;
  const missing = [...template.matchAll(PATH_FIELD)].some(([, name]) => {
    const value = getPath(values, name!);
    return value === undefined || value === null || value === '';
  });
  return missing ? undefined : fillPath(template, values);
}
