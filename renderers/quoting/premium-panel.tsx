import { Alert, Box, Heading, Stack, Text } from '@chakra-ui/react';
import { formatMoney, scheduleCharges, type Edition, type RatingOutcome } from '../../engine/index.ts';

/**
 * The premium of the quote as it stands, updated by every change (a polite live region for screen readers):
 * the rating's schedule lines, each fee and tax by its own name, as the proposal and the binder print them.
 */
export function PremiumPanel({ rating, edition }: { rating: RatingOutcome; edition: Edition }) {
  const money = (value: string) => formatMoney(Number(value), edition);
  return (
    <Box as="section" aria-labelledby="quote-premium-heading" borderWidth="1px" rounded="md" p="4" bg="bg" data-testid="quote-premium">
      <Heading as="h2" size="sm" id="quote-premium-heading" mb="3">
        Premium
      </Heading>
      <div aria-live="polite">
        {rating.ok ? (
          <Stack gap="1" fontSize="sm">
            {scheduleCharges(rating.schedule).map((charge, index) =>
              charge.kind === 'total' ? (
                <Box key="total" borderTopWidth="1px" pt="2" mt="1">
                  <Line label={charge.name} value={money(charge.amount)} testId="premium-total" strong />
                </Box>
              ) : (
                <Line key={`${charge.kind}-${index}`} label={charge.name} value={money(charge.amount)} testId={`premium-${charge.kind}`} />
              ),
            )}
          </Stack>
        ) : (
          <Alert.Root status="warning" size="sm" data-testid="premium-refused">
            <Alert.Indicator />
            <Alert.Title>{rating.reason}</Alert.Title>
          </Alert.Root>
        )}
      </div>
    </Box>
  );
}

function Line({ label, value, testId, strong }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <Stack direction="row" justify="space-between" fontWeight={strong ? 'semibold' : undefined} fontSize={strong ? 'md' : undefined}>
      <Text>{label}</Text>
      <Text data-testid={testId}>{value}</Text>
    </Stack>
  );
}
