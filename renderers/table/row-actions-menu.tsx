import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { LuEllipsisVertical } from 'react-icons/lu';
import { evaluateRule, type PageAction } from '../../engine/index.ts';
import type { Row } from './table-types.ts';

/** The actions a row offers (each action's `when` is json-logic over the row). */
export function RowActionsMenu({ actions, row, onAction }: { actions: PageAction[]; row: Row; onAction: (action: PageAction, row: Row) => void }) {
  const offered = actions.filter(
    (action) => action.when === undefined || evaluateRule({ id: action.id, when: action.when, effects: [] }, row).active,
  );
  if (offered.length === 0) return null;
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <IconButton size="2xs" variant="ghost" aria-label="Row actions">
          <LuEllipsisVertical />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {offered.map((action) => (
              // After the menu has given focus back to its trigger (a microtask once an item is chosen): an action
              // that opens a dialog then keeps the focus it gives its first field, which is not blurred (and
              // marked as a missing answer) before the user typed anything.
              <Menu.Item key={action.id} value={action.id} onSelect={() => setTimeout(() => onAction(action, row), 0)}>
                {action.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
