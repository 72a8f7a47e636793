import { Button, HStack } from '@chakra-ui/react';
import { FOLLOW_UP_LABELS, type FollowUp } from './quote-texts.ts';

interface QuoteActionBarProps {
  busy: FollowUp | undefined;
  /** The quote cannot be sent (the account may not be quoted, or the rater refused the choices). */
  disabled: boolean;
  cartCount: number | undefined;
  start: (action: FollowUp) => void;
}

/** Quote Now, Add to List and View List (the cart with its count). */
export function QuoteActionBar({ busy, disabled, cartCount, start }: QuoteActionBarProps) {
  return (
    <HStack gap="3" wrap="wrap" data-testid="quote-actions">
      <Button colorPalette="blue" onClick={() => start('quote-now')} loading={busy === 'quote-now'} disabled={disabled || busy !== undefined}>
        {FOLLOW_UP_LABELS['quote-now']}
      </Button>
      <Button variant="outline" onClick={() => start('add-to-list')} loading={busy === 'add-to-list'} disabled={disabled || busy !== undefined}>
        {FOLLOW_UP_LABELS['add-to-list']}
      </Button>
      <Button variant="ghost" onClick={() => start('open-cart')} disabled={busy !== undefined}>
        {cartCount ? `${FOLLOW_UP_LABELS['open-cart']} (${cartCount})` : FOLLOW_UP_LABELS['open-cart']}
      </Button>
    </HStack>
  );
}
