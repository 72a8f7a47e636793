import type { PageAction, PageBlock, PageDefinition } from '../definitions/types.ts';

/** A block with the JSON pointer it sits at in its page, for faults and tests. */
export interface LocatedBlock {
  block: PageBlock;
  pointer: string;
}

/** Every block of a page, nested ones (tabs, a detail's related blocks) included, in reading order. */
export function blocksOf(page: PageDefinition): LocatedBlock[] {
  const found: LocatedBlock[] = [];
  const visit = (block: PageBlock, pointer: string) => {
    found.push({ block, pointer });
    if (block.type === 'tabs') block.tabs.forEach((tab, index) => visit(tab.block, `${pointer}/tabs/${index}/block`));
    if (block.type === 'detail') block.related?.forEach((related, index) => visit(related, `${pointer}/related/${index}`));
  };
  page.blocks.forEach((block, index) => visit(block, `/blocks/${index}`));
  return found;
}

/** The toolbar actions of a page's table blocks, with their pointers. */
export function toolbarActionsOf(page: PageDefinition): { action: PageAction; pointer: string; table: string }[] {
  return blocksOf(page).flatMap(({ block, pointer }) =>
    block.type === 'table' ? (block.actions ?? []).map((action, index) => ({ action, pointer: `${pointer}/actions/${index}`, table: block.table })) : [],
  );
}

/** The area-relative path of a page in one persona's area (`/agency` + `claims`). */
export function pagePathIn(base: string, page: PageDefinition): string {
  return `${base}/${page.path}`;
}
