import { getPath } from '../../engine/index.ts';
import { fillPath, type PageScope } from './page-scope.ts';

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)\}/g;

/**
 * Where a page kept for an address goes (its `redirect`, `{route.accountId}`, `{query.policyId}` filled from
 * the address), or undefined when the address lacks one of them: then the page shows its own blocks, which
 * say what the link lacks, rather than going to a broken path.
 */
export function redirectPath(template: string, scope: PageScope): string | undefined {
  const values = scope as unknown as Record<string, unknown>;
  const missing = [...template.matchAll(PLACEHOLDER)].some(([, name]) => {
    const value = getPath(values, name!);
    return value === undefined || value === null || value === '';
  });
  return missing ? undefined : fillPath(template, values);
}
