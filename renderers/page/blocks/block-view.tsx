import type { PageBlock } from '../../../engine/index.ts';
import { blockShown } from '../block-shown.ts';
import type { PageScope } from '../page-scope.ts';
import { ComponentBlockView } from './component-block.tsx';
import { DetailBlockView } from './detail-block.tsx';
import { NoticeBlockView } from './notice-block.tsx';
import { TableBlockView } from './table-block.tsx';
import { TabsBlockView } from './tabs-block.tsx';

/** One block of a page, drawn by the view of its type, while its `when` holds over the page scope. */
export function BlockView({ block, scope, showTitle }: { block: PageBlock; scope: PageScope; showTitle?: boolean }) {
  if (!blockShown(block, scope)) return null;
  switch (block.type) {
    case 'table':
      return <TableBlockView block={block} scope={scope} showTitle={showTitle} />;
    case 'tabs':
      return <TabsBlockView block={block} scope={scope} />;
    case 'detail':
      return <DetailBlockView block={block} scope={scope} />;
    case 'component':
      return <ComponentBlockView block={block} scope={scope} />;
    case 'notice':
      return <NoticeBlockView block={block} />;
  }
}
