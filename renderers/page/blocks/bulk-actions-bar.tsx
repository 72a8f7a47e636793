import { Button, HStack, Text } from '@chakra-ui/react';
import type { PageAction } from '../../../engine/index.ts';

/**
 * What a table's chosen rows can have done to them at once: how many are chosen, one button per bulk action
 * (disabled while none is chosen) and a way to clear the choice.
 */
export function BulkActionsBar({ actions, count, onStart, onClear }: { actions: PageAction[]; count: number; onStart: (action: PageAction) => void; onClear: () => void }) {
  return (
    <HStack gap="3" wrap="wrap" data-testid="bulk-actions" role="group" aria-label="Actions on the chosen rows">
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {count === 0 ? 'Choose rows to act on several at once' : `${count} selected`}
      </Text>
      {actions.map((action) => (
        <Button key={action.id} size="sm" variant="outline" colorPalette={action.destructive ? 'red' : 'blue'} disabled={count === 0} onClick={() => onStart(action)}>
          {action.label}
        </Button>
      ))}
      {count > 0 && (
        <Button size="sm" variant="ghost" onClick={onClear}>
          Clear selection
        </Button>
      )}
    </HStack>
  );
}
