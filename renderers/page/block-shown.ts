import { evaluateLogic, type PageBlock } from '../../engine/index.ts';
import type { PageScope } from './page-scope.ts';

/** A block shows while its `when` holds over the page scope; a block without one always shows. */
export function blockShown(block: PageBlock, scope: PageScope): boolean {
  return block.when === undefined || Boolean(evaluateLogic(block.when, scope as unknown as Record<string, unknown>));
}
