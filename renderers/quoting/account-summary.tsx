import { Alert, Badge, Box, DataList, Heading, HStack } from '@chakra-ui/react';
import { formatMoney, type Edition } from '../../engine/index.ts';
import type { QuoteAccount } from './use-quote-account.ts';

/** The verify step: the account the quote is for, with what the rater reads, in the edition's words. */
export function AccountSummary({ account, edition }: { account: QuoteAccount; edition: Edition }) {
  const terms = edition.terms;
  const items: Array<[string, string]> = [
    [edition.address.hasState === false ? 'Nation' : 'State', account.riskState ?? '—'],
    [terms.IndustryCode ?? 'Industry Code', account.industryCode ?? '—'],
    [terms.Revenue ?? 'Revenue', account.revenue ? formatMoney(account.revenue, edition) : '—'],
    ['Employees', account.employees ? String(account.employees) : '—'],
  ];
  return (
    <Box as="section" aria-labelledby="quote-account-heading" borderWidth="1px" rounded="md" p="4" bg="bg" data-testid="quote-account">
      <HStack justify="space-between" mb="3" wrap="wrap">
        <Heading as="h2" size="md" id="quote-account-heading">
          {account.name}
        </Heading>
        <Badge colorPalette={account.canRequestQuote ? 'green' : 'orange'}>{account.status}</Badge>
      </HStack>
      <DataList.Root orientation="horizontal" size="sm">
        {items.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      {!account.canRequestQuote && account.reason && (
        <Alert.Root status="warning" mt="3" data-testid="quote-account-reason">
          <Alert.Indicator />
          <Alert.Title>{account.reason}</Alert.Title>
        </Alert.Root>
      )}
    </Box>
  );
}
