import { Alert, Box, Heading, Stack, Text } from '@chakra-ui/react';
import { Decimal, formatMoney, type Edition, type RatingOutcome } from '../../engine/index.ts';

/** Taxes of a rating: surplus lines tax and stamping fee, and the premium tax where the edition charges one. */
export function taxesOf(rating: Extract<RatingOutcome, { ok: true }>): string {
  return Decimal.from(rating.surplusLineTax).plus(Decimal.from(rating.surplusStampingFee)).plus(Decimal.from(rating.premiumTax)).toFixed(2);
}

/** The premium of the quote as it stands, updated by every change (a polite live region for screen readers). */
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
            <Line label="Premium" value={money(rating.premium)} testId="premium-premium" />
            <Line label="Fees" value={money(rating.fees)} testId="premium-fees" />
            <Line label="Taxes" value={money(taxesOf(rating))} testId="premium-taxes" />
            <Box borderTopWidth="1px" pt="2" mt="1">
              <Line label="Total" value={money(rating.totalPremium)} testId="premium-total" strong />
            </Box>
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
