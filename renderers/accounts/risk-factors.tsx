import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, Card, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Chart, useChart } from '@chakra-ui/charts';
import { Cell, Pie, PieChart } from 'recharts';
import { errorMessage } from '../../api/api-error.ts';
import type { SuccessOf } from '../../api/run.ts';
import { usePageChanges } from '../page/page-changes.ts';
import type { PageComponentProps } from '../page/page-context.ts';
import { run } from '../session/run.ts';

type RiskFactorsAnswer = NonNullable<SuccessOf<'getAccountRiskFactors'>>;
type Loaded = { status: 'loading' } | { status: 'ready'; answer: RiskFactorsAnswer } | { status: 'error'; message: string };

/** A score's colour: strong, fair or weak (the same bands for every donut). */
function colorOf(score: number): string {
  if (score >= 70) return 'green.solid';
  if (score >= 40) return 'orange.solid';
  return 'red.solid';
}

/** One score out of 100 as a donut (Chakra's charts over recharts), the score written in its middle. */
export function ScoreDonut({ label, score, size = 'sm' }: { label: string; score: number; size?: 'sm' | 'lg' }) {
  const chart = useChart({
    data: [
      { name: 'score', value: score, color: colorOf(score) },
      { name: 'rest', value: 100 - score, color: 'border.muted' },
    ],
  });
  const box = size === 'lg' ? 132 : 104;
  return (
    <Box position="relative" boxSize={`${box}px`} flexShrink={0} role="img" aria-label={`${label}: ${score} out of 100`} data-testid="score-donut" data-score={score}>
      <Chart.Root boxSize={`${box}px`} chart={chart}>
        <PieChart responsive>
          <Pie
            data={chart.data}
            dataKey={chart.key('value')}
            nameKey="name"
            innerRadius={size === 'lg' ? 48 : 36}
            outerRadius={size === 'lg' ? 62 : 48}
            startAngle={90}
            endAngle={-270}
            stroke="none"
            isAnimationActive={false}
          >
            {chart.data.map((item) => (
              <Cell key={item.name} fill={chart.color(item.color)} />
            ))}
          </Pie>
        </PieChart>
      </Chart.Root>
      <Stack position="absolute" inset="0" align="center" justify="center" gap="0" pointerEvents="none">
        <Text fontSize={size === 'lg' ? '2xl' : 'lg'} fontWeight="semibold" lineHeight="1">
          {score}
        </Text>
        <Text fontSize="2xs" color="fg.muted">
          / 100
        </Text>
      </Stack>
    </Box>
  );
}

/**
 * The account's risk factors (spec 002 section 2 'Risk factor panels show scores 0 to 100 for network
 * security, cloud security, endpoint security, dark intelligence, funds transfer, cyber extortion, compliance,
 * supply chain, and company, industry and portfolio aggregates'; the review page's donut charts). The server
 * computes them from the account's data; each factor says why. A change made on the page reads them again.
 */
export function RiskFactors({ params }: PageComponentProps) {
  const accountId = typeof params?.accountId === 'string' ? params.accountId : undefined;
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [revision, setRevision] = useState(0);
  usePageChanges(useCallback(() => setRevision((count) => count + 1), []));

  useEffect(() => {
    if (!accountId) return undefined;
    const controller = new AbortController();
    run('getAccountRiskFactors', { params: { id: accountId }, signal: controller.signal })
      .then((answer) => !controller.signal.aborted && answer && setLoaded({ status: 'ready', answer }))
      .catch((error: unknown) => !controller.signal.aborted && setLoaded({ status: 'error', message: errorMessage(error) }));
    return () => controller.abort();
  }, [accountId, revision]);

  return (
    <Card.Root data-testid="risk-factors">
      <Card.Header>
        <Heading as="h2" size="lg">
          Risk Factors
        </Heading>
        {loaded.status === 'ready' && (
          <Text color="fg.muted" fontSize="sm">
            {loaded.answer.source}
          </Text>
        )}
      </Card.Header>
      <Card.Body>
        {!accountId && <Text color="fg.muted">No account to score.</Text>}
        {accountId && loaded.status === 'loading' && (
          <HStack gap="6" role="status" aria-label="Loading">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} boxSize="132px" rounded="full" />
            ))}
          </HStack>
        )}
        {loaded.status === 'error' && (
          <Alert.Root status="error" data-testid="risk-factors-error">
            <Alert.Indicator />
            <Alert.Title>{loaded.message}</Alert.Title>
            <Button size="sm" variant="outline" onClick={() => setRevision((count) => count + 1)}>
              Try again
            </Button>
          </Alert.Root>
        )}
        {loaded.status === 'ready' && <RiskFactorPanels answer={loaded.answer} />}
      </Card.Body>
    </Card.Root>
  );
}

function RiskFactorPanels({ answer }: { answer: RiskFactorsAnswer }) {
  const aggregates = [
    { id: 'company', label: 'Company Aggregate', score: answer.companyAggregate, note: 'This account' },
    { id: 'industry', label: 'Industry Aggregate', score: answer.industryAggregate, note: `Typical of ${answer.industry}` },
    { id: 'portfolio', label: 'Portfolio Aggregate', score: answer.portfolioAggregate, note: `${answer.portfolioSize} account${answer.portfolioSize === 1 ? '' : 's'} of the portfolio` },
  ];
  return (
    <Stack gap="8">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="6" data-testid="risk-aggregates">
        {aggregates.map((aggregate) => (
          <HStack key={aggregate.id} gap="4" data-testid={`risk-aggregate-${aggregate.id}`}>
            <ScoreDonut label={aggregate.label} score={aggregate.score} size="lg" />
            <Stack gap="0">
              <Text fontWeight="semibold">{aggregate.label}</Text>
              <Text fontSize="sm" color="fg.muted">
                {aggregate.note}
              </Text>
            </Stack>
          </HStack>
        ))}
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="6" data-testid="risk-factor-grid">
        {answer.factors.map((factor) => (
          <Stack key={factor.id} gap="2" align="center" textAlign="center" data-testid={`risk-factor-${factor.id}`}>
            <ScoreDonut label={factor.label} score={factor.score} />
            <Text fontWeight="semibold">{factor.label}</Text>
            <Text fontSize="xs" color="fg.muted">
              {factor.why}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
