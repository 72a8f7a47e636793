import { memo } from 'react';
import { Code, List, Text } from '@chakra-ui/react';

export interface PanelMessage {
  path: string;
  text: string;
  color: string;
}

/** The engine's messages; memoised on their text so typing that changes no message repaints nothing. */
export const MessageList = memo(
  function MessageList({ messages }: { messages: PanelMessage[] }) {
    if (messages.length === 0) {
      return (
        <Text fontSize="sm" color="fg.muted">
          None
        </Text>
      );
    }
    return (
      <List.Root fontSize="sm" gap="1" ps="4" data-testid="panel-messages">
        {messages.map((message) => (
          <List.Item key={`${message.path}:${message.text}`}>
            <Code fontSize="xs">{message.path}</Code>{' '}
            <Text as="span" color={message.color}>
              {message.text}
            </Text>
          </List.Item>
        ))}
      </List.Root>
    );
  },
  (prev, next) => JSON.stringify(prev.messages) === JSON.stringify(next.messages),
);
