import { memo } from 'react';
import { Badge, Code, List } from '@chakra-ui/react';
import type { Rule } from '../../engine/index.ts';

/** One rule and whether it holds; memoised so a keystroke repaints only rules that flipped. */
const RuleRow = memo(function RuleRow({ id, description, active }: { id: string; description?: string; active: boolean }) {
  return (
    <List.Item title={description} alignItems="center" gap="2" data-active={active}>
      <Badge size="sm" colorPalette={active ? 'green' : 'gray'} minW="14" justifyContent="center">
        {active ? 'active' : 'idle'}
      </Badge>
      <Code fontSize="xs" variant="plain">
        {id}
      </Code>
    </List.Item>
  );
});

/** Re-renders when a rule flips, not when the data changes without flipping one. */
export const RuleList = memo(
  function RuleList({ rules, active }: { rules: Rule[]; active: Set<string> }) {
  return (
    <List.Root fontSize="sm" gap="1" variant="plain" data-testid="panel-rules">
      {rules.map((rule) => (
        <RuleRow key={rule.id} id={rule.id} description={rule.description} active={active.has(rule.id)} />
      ))}
    </List.Root>
  );
},
  (prev, next) => prev.rules === next.rules && prev.active.size === next.active.size && [...prev.active].every((id) => next.active.has(id)),
);
