import { useMemo } from 'react';
import { Chart, useChart } from '@chakra-ui/charts';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { SuccessOf } from '../../api/run.ts';

type Graph = SuccessOf<'getApiActivityGraph'>;

/**
 * Requests per bucket as stacked bars by outcome (Chakra's charts over recharts). Hourly buckets are
 * labelled in the viewer's time; daily buckets are UTC days, as the server counts them.
 */
export function ActivityChart({ graph, locale }: { graph: Graph; locale: string }) {
  const data = useMemo(() => {
    const label = new Intl.DateTimeFormat(locale, graph.interval === 'HOUR' ? { hour: '2-digit', minute: '2-digit' } : { month: 'short', day: 'numeric', timeZone: 'UTC' });
    return graph.buckets.map((bucket) => ({
      label: label.format(new Date(bucket.start)),
      successful: bucket.success,
      refused: bucket.clientError,
      failed: bucket.serverError,
    }));
  }, [graph, locale]);
  const chart = useChart({
    data,
    series: [
      { name: 'successful', label: 'Successful', color: 'green.solid', stackId: 'outcome' },
      { name: 'refused', label: 'Refused (4xx)', color: 'orange.solid', stackId: 'outcome' },
      { name: 'failed', label: 'Failed (5xx)', color: 'red.solid', stackId: 'outcome' },
    ],
  });
  return (
    <Chart.Root maxH="xs" chart={chart} data-testid="api-activity-chart" role="img" aria-label="Requests over the period by outcome">
      <BarChart responsive data={chart.data}>
        <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
        <XAxis axisLine={false} tickLine={false} dataKey={chart.key('label')} minTickGap={12} />
        <YAxis axisLine={false} tickLine={false} allowDecimals={false} width={40} />
        <Tooltip cursor={{ fill: chart.color('bg.muted') }} animationDuration={100} content={<Chart.Tooltip />} />
        <Legend content={<Chart.Legend />} />
        {chart.series.map((item) => (
          <Bar isAnimationActive={false} key={item.name} dataKey={chart.key(item.name)} fill={chart.color(item.color)} stackId={item.stackId} />
        ))}
      </BarChart>
    </Chart.Root>
  );
}
