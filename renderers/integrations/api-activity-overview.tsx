import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Box, Card, HStack, NativeSelect, SimpleGrid, Skeleton, Stack, Stat, Table, Text, chakra } from '@chakra-ui/react';
import { errorMessage } from '../../api/api-error.ts';
import type { SuccessOf } from '../../api/run.ts';
import { usePageContext } from '../page/page-context.ts';
import { run } from '../session/run.ts';
import { ActivityChart } from './activity-chart.tsx';

type Graph = SuccessOf<'getApiActivityGraph'>;
type Stats = SuccessOf<'getApiActivityStats'>;
type DateFilter = 'LAST_24_HOURS' | 'LAST_7_DAYS' | 'LAST_30_DAYS' | 'LAST_90_DAYS';

/** The periods the overview offers (the `dateFilter` presets of spec 001 section 7 API activity). */
export const PERIODS: ReadonlyArray<{ value: DateFilter; label: string }> = [
  { value: 'LAST_24_HOURS', label: 'Last 24 hours' },
  { value: 'LAST_7_DAYS', label: 'Last 7 days' },
  { value: 'LAST_30_DAYS', label: 'Last 30 days' },
  { value: 'LAST_90_DAYS', label: 'Last 90 days' },
];

type Loaded = { status: 'loading' } | { status: 'ready'; graph: Graph; stats: Stats } | { status: 'error'; message: string };
/** An answer with the choice it answers, so a newer choice shows as loading until its own answer arrives. */
type Answer = Loaded & { choice: string };

/**
 * The API activity page's `api-activity-overview` component: over a period and optionally one key, the
 * totals by outcome, the durations, the requests per hour or day as a stacked bar chart, and the busiest
 * keys and routes. The list of the requests themselves is the page's table.
 */
export function ApiActivityOverview() {
  const { edition, permissions } = usePageContext();
  const [period, setPeriod] = useState<DateFilter>('LAST_7_DAYS');
  const [apiClientId, setApiClientId] = useState('');
  const [answer, setAnswer] = useState<Answer>();
  const keys = useKeys(permissions.has('api-key:read'));
  const choice = `${period} ${apiClientId}`;
  const loaded: Loaded = answer?.choice === choice ? answer : { status: 'loading' };

  useEffect(() => {
    const controller = new AbortController();
    const query = { dateFilter: period, ...(apiClientId ? { apiClientId } : {}) };
    const answered = `${period} ${apiClientId}`;
    Promise.all([
      run('getApiActivityGraph', { query, signal: controller.signal }),
      run('getApiActivityStats', { query, signal: controller.signal }),
    ])
      .then(([graph, stats]) => !controller.signal.aborted && setAnswer({ status: 'ready', graph, stats, choice: answered }))
      .catch((error: unknown) => !controller.signal.aborted && setAnswer({ status: 'error', message: errorMessage(error), choice: answered }));
    return () => controller.abort();
  }, [period, apiClientId]);

  const number = useMemo(() => new Intl.NumberFormat(edition.locale), [edition.locale]);
  const ms = (value: number | null) => (value === null ? '—' : `${number.format(value)} ms`);

  return (
    <Stack gap="5" data-testid="api-activity-overview">
      <HStack gap="4" wrap="wrap" align="end">
        <Picker id="activity-period" label="Period" value={period} onChange={(value) => setPeriod(value as DateFilter)}>
          {PERIODS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Picker>
        {keys.length > 0 && (
          <Picker id="activity-key" label="API key" value={apiClientId} onChange={setApiClientId}>
            <option value="">All keys</option>
            {keys.map((key) => (
              <option key={key.keyId} value={key.keyId}>
                {key.name} ({key.keyId})
              </option>
            ))}
          </Picker>
        )}
      </HStack>

      {loaded.status === 'error' && (
        <Alert.Root status="error" data-testid="api-activity-error">
          <Alert.Indicator />
          <Alert.Title>{loaded.message}</Alert.Title>
        </Alert.Root>
      )}
      {loaded.status === 'loading' && <Skeleton height="72" role="status" aria-label="Loading" />}
      {loaded.status === 'ready' && (
        <>
          <SimpleGrid columns={{ base: 2, md: 3, lg: 6 }} gap="3">
            <Figure label="Requests" value={number.format(loaded.stats.total)} />
            <Figure label="Successful" value={number.format(loaded.stats.success)} help={share(loaded.stats.success, loaded.stats.total)} />
            <Figure label="Refused (4xx)" value={number.format(loaded.stats.clientError)} help={share(loaded.stats.clientError, loaded.stats.total)} />
            <Figure label="Failed (5xx)" value={number.format(loaded.stats.serverError)} help={share(loaded.stats.serverError, loaded.stats.total)} />
            <Figure label="Average time" value={ms(loaded.stats.averageDurationMs)} />
            <Figure label="95th percentile" value={ms(loaded.stats.p95DurationMs)} />
          </SimpleGrid>
          <Card.Root variant="outline">
            <Card.Header>
              <Card.Title as="h2" fontSize="md">
                {loaded.graph.interval === 'HOUR' ? 'Requests per hour' : 'Requests per day (UTC)'}
              </Card.Title>
            </Card.Header>
            <Card.Body>
              {loaded.stats.total === 0 ? (
                <Text color="fg.muted" data-testid="api-activity-empty">
                  No requests made with an API key in this period.
                </Text>
              ) : (
                <ActivityChart graph={loaded.graph} locale={edition.locale} />
              )}
            </Card.Body>
          </Card.Root>
          {loaded.stats.total > 0 && (
            <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
              <Busiest
                title="Busiest keys"
                headers={['Key', 'Requests', 'Refused or failed']}
                rows={loaded.stats.byKey.map((key) => [`${key.keyName} (${key.apiClientId})`, number.format(key.total), number.format(key.failed)])}
              />
              <Busiest
                title="Busiest routes"
                headers={['Route', 'Requests']}
                rows={loaded.stats.byPath.map((route) => [`${route.method} ${route.path}`, number.format(route.total)])}
              />
            </SimpleGrid>
          )}
        </>
      )}
    </Stack>
  );
}

/** The organisation's keys for the key picker (when the user may read them). */
function useKeys(mayRead: boolean) {
  const [keys, setKeys] = useState<Array<{ keyId: string; name: string }>>([]);
  useEffect(() => {
    if (!mayRead) return undefined;
    const controller = new AbortController();
    run('listApiKeys', { query: { size: 100, sort: 'name,asc' }, signal: controller.signal })
      .then((page) => !controller.signal.aborted && setKeys(page.content.map(({ keyId, name }) => ({ keyId, name }))))
      // Without the list the overview still works for every key together.
      .catch(() => undefined);
    return () => controller.abort();
  }, [mayRead]);
  return keys;
}

const share = (part: number, total: number) => (total === 0 ? undefined : `${Math.round((part / total) * 1000) / 10}%`);

function Picker({ id, label, value, onChange, children }: { id: string; label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  return (
    <Stack gap="1">
      <chakra.label htmlFor={id} fontSize="xs" color="fg.muted">
        {label}
      </chakra.label>
      <NativeSelect.Root size="sm" width="64">
        <NativeSelect.Field id={id} value={value} onChange={(event) => onChange(event.target.value)} bg="bg">
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Stack>
  );
}

function Figure({ label, value, help }: { label: string; value: string; help?: string }) {
  return (
    <Card.Root variant="outline" size="sm">
      <Card.Body>
        <Stat.Root>
          <Stat.Label>{label}</Stat.Label>
          <Stat.ValueText>{value}</Stat.ValueText>
        </Stat.Root>
        {/* Outside the stat: it is a <dl>, which may hold only its term and value. */}
        {help && (
          <Text fontSize="xs" color="fg.muted" mt="1">
            {help}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function Busiest({ title, headers, rows }: { title: string; headers: string[]; rows: string[][] }) {
  return (
    <Box>
      <Text as="h2" fontWeight="semibold" mb="2">
        {title}
      </Text>
      <Table.Root size="sm" variant="outline" aria-label={title}>
        <Table.Header>
          <Table.Row>
            {headers.map((header, index) => (
              <Table.ColumnHeader key={header} textAlign={index === 0 ? 'start' : 'end'}>
                {header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((cells) => (
            <Table.Row key={cells[0]}>
              {cells.map((cell, index) => (
                <Table.Cell key={index} textAlign={index === 0 ? 'start' : 'end'} fontFamily={index === 0 ? 'mono' : undefined} fontSize={index === 0 ? 'xs' : undefined}>
                  {cell}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
