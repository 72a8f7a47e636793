import { Alert } from '@chakra-ui/react';
import type { NoticeBlock } from '../../../engine/index.ts';

/** A short text on a page: what the area offers, or what it does not offer yet. */
export function NoticeBlockView({ block }: { block: NoticeBlock }) {
  return (
    <Alert.Root status="info" variant="subtle" data-testid="block-notice">
      <Alert.Indicator />
      <Alert.Content>
        {block.title && <Alert.Title>{block.title}</Alert.Title>}
        <Alert.Description>{block.text}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
