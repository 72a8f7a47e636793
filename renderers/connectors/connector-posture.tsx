import { useEffect, useState } from 'react';
import { Alert, Badge, Box, Card, HStack, Heading, SegmentGroup, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useParams } from 'react-router';
import { errorMessage } from '../../api/api-error.ts';
import type { SuccessOf } from '../../api/run.ts';
import { usePageContext } from '../page/page-context.ts';
import { run } from '../session/run.ts';
import { ScoreHistoryChart } from './score-history-chart.tsx';

type Score = SuccessOf<'getConnectorLatestScore'>;
type Point = SuccessOf<'getConnectorScoresHistory'>['content'][number];
type Action = SuccessOf<'getConnectorShortlistActions'>['content'][number];

type Loaded =
  | { status: 'loading' }
  | { status: 'ready'; score: Score; history: Point[]; shortlist: Action[] }
  | { status: 'error'; message: string };

const PERIODS = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
];
const SEVERITY_PALETTE = { HIGH: 'red', MEDIUM: 'orange', LOW: 'gray' } as const;

/**
 * A connected tool's posture as its provider reports it (spec 001 section 7): the latest score, the score
 * history drawn as a chart, and the shortlisted actions to do first. The full action list is the page's table.
 */
export function ConnectorPosture() {
  const { connectorId = '' } = useParams();
  const { edition } = usePageContext();
  const [days, setDays] = useState('30');
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    const signal = controller.signal;
    (async () => {
      const connection = await run('getConnection', { params: { id: connectorId }, signal });
      const params = { connectorType: connection.connectorType, connectorId };
      // The score first: reading it may fetch a fresh snapshot that the history and the actions then include.
      const score = await run('getConnectorLatestScore', { params, signal });
      const [history, shortlist] = await Promise.all([
        run('getConnectorScoresHistory', { params, query: { days: Number(days) }, signal }),
        run('getConnectorShortlistActions', { params, signal }),
      ]);
      if (!signal.aborted) setLoaded({ status: 'ready', score, history: history.content, shortlist: shortlist.content });
    })().catch((error: unknown) => !signal.aborted && setLoaded({ status: 'error', message: errorMessage(error) }));
    return () => controller.abort();
  }, [connectorId, days]);

  if (loaded.status === 'loading') return <Skeleton height="64" rounded="md" data-testid="connector-posture-loading" />;
  if (loaded.status === 'error') {
    return (
      <Alert.Root status="error" data-testid="connector-posture-error">
        <Alert.Indicator />
        <Alert.Title>{loaded.message}</Alert.Title>
      </Alert.Root>
    );
  }
  const { score, history, shortlist } = loaded;
  const date = new Intl.DateTimeFormat(edition.locale, { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <Stack gap="4" data-testid="connector-posture">
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4">
        <Card.Root variant="outline">
          <Card.Body gap="1">
            <Text color="fg.muted" fontSize="sm">Latest score</Text>
            {score.score === null ? (
              <Text>No score reported yet.</Text>
            ) : (
              <>
                <Heading as="p" size="3xl" data-testid="connector-latest-score">
                  {score.score} <Text as="span" fontSize="lg" color="fg.muted">/ {score.maxScore}</Text>
                </Heading>
                <Text fontSize="sm">{score.percentage}% of the maximum</Text>
                {score.measuredAt && <Text fontSize="xs" color="fg.muted">Measured {date.format(new Date(score.measuredAt))}</Text>}
              </>
            )}
          </Card.Body>
        </Card.Root>
        <Card.Root variant="outline" gridColumn={{ lg: 'span 2' }}>
          <Card.Body gap="3">
            <HStack justify="space-between" wrap="wrap">
              <Text color="fg.muted" fontSize="sm">Score history</Text>
              <SegmentGroup.Root size="xs" value={days} onValueChange={(details) => details.value && setDays(details.value)} aria-label="Period">
                <SegmentGroup.Indicator />
                <SegmentGroup.Items items={PERIODS} />
              </SegmentGroup.Root>
            </HStack>
            {history.length > 0 ? <ScoreHistoryChart points={history} locale={edition.locale} /> : <Text>No history reported yet.</Text>}
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
      <Box>
        <Heading as="h2" size="lg" mb="3">Do these first</Heading>
        {shortlist.length === 0 ? (
          <Text color="fg.muted">The provider recommends nothing more right now.</Text>
        ) : (
          <Stack gap="2" as="ol" data-testid="connector-shortlist">
            {shortlist.map((action) => (
              <Card.Root as="li" key={action.id} size="sm" variant="subtle">
                <Card.Body>
                  <HStack justify="space-between" align="start" gap="4">
                    <Box>
                      <Text fontWeight="medium">{action.title}</Text>
                      <Text fontSize="sm" color="fg.muted">{action.description}</Text>
                    </Box>
                    <Stack gap="1" align="end" flexShrink={0}>
                      <Badge colorPalette={SEVERITY_PALETTE[action.severity]}>{action.severity === 'HIGH' ? 'High' : action.severity === 'MEDIUM' ? 'Medium' : 'Low'}</Badge>
                      <Text fontSize="xs" color="fg.muted">+{action.scoreImpact} points</Text>
                    </Stack>
                  </HStack>
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
