import type { PageBlock } from '../../../engine/index.ts';
import type { PageScope } from '../page-scope.ts';
import { ComponentBlockView } from './component-block.tsx';
import { DetailBlockView } from './detail-block.tsx';
import { NoticeBlockView } from './notice-block.tsx';
import { TableBlockView } from './table-block.tsx';
import { TabsBlockView } from './tabs-block.tsx';

/** One block of a page, drawn by the view of its type. */
export function BlockView({ block, scope, showTitle }: { block: PageBlock; scope: PageScope; showTitle?: boolean }) {
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
