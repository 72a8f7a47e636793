import { useState } from 'react';
import { Tabs } from '@chakra-ui/react';
import { useSearchParams } from 'react-router';
import type { TabsBlock } from '../../../engine/index.ts';
import { ConfirmDialog } from '../../dialog/confirm-dialog.tsx';
import type { PageScope } from '../page-scope.ts';
import { UNSAVED_CHANGES_TEXTS, UnsavedWorkContext, useUnsavedWorkScope } from '../unsaved-work.ts';
import { BlockView } from './block-view.tsx';

/** Spec 002 'UW switching tabs': a tab left with unsaved changes loses them, so the user chooses. */
const SWITCH_TABS_EXPLANATION = 'Your changes on this tab are not saved. Switch tabs and lose them, or go back to them?';

/**
 * Tabs, each a block; the selected one is in the query string (`?tab=POLICIES`), so a link opens it. A tab
 * is unmounted when left, so one whose forms hold changes asks first: SWITCH drops them, GO BACK stays.
 */
export function TabsBlockView({ block, scope }: { block: TabsBlock; scope: PageScope }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const work = useUnsavedWorkScope();
  const [pending, setPending] = useState<string>();
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
  const ask = (value: string) => {
    if (value === selected) return;
    if (work.any()) setPending(value);
    else select(value);
  };
  return (
    <UnsavedWorkContext.Provider value={work}>
      <Tabs.Root value={selected} onValueChange={(details) => ask(details.value)} variant="line" lazyMount unmountOnExit>
        {/* On a phone the tabs scroll sideways rather than widen the page. */}
        <Tabs.List overflowX="auto" overflowY="hidden" position="relative" scrollbarWidth="thin">
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
      {pending !== undefined && (
        <ConfirmDialog
          title={UNSAVED_CHANGES_TEXTS.question}
          text={SWITCH_TABS_EXPLANATION}
          confirmLabel={UNSAVED_CHANGES_TEXTS.switchLabel}
          cancelLabel={UNSAVED_CHANGES_TEXTS.goBackLabel}
          busy={false}
          destructive
          onConfirm={() => {
            setPending(undefined);
            select(pending);
          }}
          onClose={() => setPending(undefined)}
        />
      )}
    </UnsavedWorkContext.Provider>
  );
}
