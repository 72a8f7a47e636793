import { Tabs } from '@chakra-ui/react';
import { useSearchParams } from 'react-router';
import type { TabsBlock } from '../../../engine/index.ts';
import type { PageScope } from '../page-scope.ts';
import { BlockView } from './block-view.tsx';

/** Tabs, each a block; the selected one is in the query string (`?tab=POLICIES`), so a link opens it. */
export function TabsBlockView({ block, scope }: { block: TabsBlock; scope: PageScope }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get(block.param);
  const selected = block.tabs.some((tab) => tab.id === asked) ? asked! : block.tabs[0]!.id;
  const select = (value: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(block.param, value);
        return next;
      },
      { replace: true },
    );
  return (
    <Tabs.Root value={selected} onValueChange={(details) => select(details.value)} variant="line" lazyMount unmountOnExit>
      <Tabs.List>
        {block.tabs.map((tab) => (
          <Tabs.Trigger key={tab.id} value={tab.id}>
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {block.tabs.map((tab) => (
        <Tabs.Content key={tab.id} value={tab.id}>
          <BlockView block={tab.block} scope={scope} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
