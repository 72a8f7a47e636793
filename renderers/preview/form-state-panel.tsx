import { memo, useMemo } from 'react';
import { Box, Card, Heading, Stack, Text } from '@chakra-ui/react';
import type { Rule, RuleContext } from '../../engine/index.ts';
import type { FormSession } from '../form/form-session.ts';
import { useSessionSnapshot } from '../form/use-form-session.ts';
import { RuleList } from './rule-list.tsx';
import { MessageList, type PanelMessage } from './message-list.tsx';

/**
 * What the engine says right now: every field's messages (shown or not yet), and which rules hold.
 * Only the small live parts subscribe to the session, so the panel's frame does not repaint per
 * keystroke (the gallery is also where form latency gets measured).
 */
export function FormStatePanel({ session }: { session: FormSession; context?: RuleContext }) {
  return (
    <Card.Root size="sm" variant="outline" position={{ lg: 'sticky' }} top={{ lg: '20' }} data-testid="form-state-panel">
      <Card.Header>
        <Heading as="h2" size="sm">
          Engine state
        </Heading>
        <LiveSummary session={session} />
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <Box>
            <Heading as="h3" size="xs" mb="1">
              Field messages
            </Heading>
            <LiveMessages session={session} />
          </Box>
          <Box>
            <Heading as="h3" size="xs" mb="1">
              Rules
            </Heading>
            <LiveRules session={session} />
          </Box>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function LiveSummary({ session }: { session: FormSession }) {
  const { state, dirty } = useSessionSnapshot(session);
  const errorCount = Object.values(state.errors).reduce((count, errors) => count + errors.length, 0);
  return <SummaryText text={`${state.valid ? 'Valid' : `${errorCount} error${errorCount === 1 ? '' : 's'}`} · ${dirty ? 'changed' : 'unchanged'}`} />;
}

const SummaryText = memo(function SummaryText({ text }: { text: string }) {
  return (
    <Text fontSize="xs" color="fg.muted">
      {text}
    </Text>
  );
});

function LiveMessages({ session }: { session: FormSession }) {
  const { state } = useSessionSnapshot(session);
  const messages: PanelMessage[] = [
    ...Object.entries(state.errors).flatMap(([path, errors]) => errors.map((error) => ({ path, text: error.message, color: 'fg.error' }))),
    ...Object.values(state.fields).flatMap((field) =>
      field.notes.map((note) => ({ path: field.path, text: note.text, color: note.level === 'warning' ? 'fg.warning' : 'fg.info' })),
    ),
  ];
  return <MessageList messages={messages} />;
}

const NO_RULES: Rule[] = [];

/** The runtime reports which rules hold after each update. */
function LiveRules({ session }: { session: FormSession }) {
  const { state } = useSessionSnapshot(session);
  const rules = session.definition.rules ?? NO_RULES;
  const active = useMemo(() => new Set(state.activeRules), [state.activeRules]);
  if (rules.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted">
        This form has no rules
      </Text>
    );
  }
  return <RuleList rules={rules} active={active} />;
}
