import { useMemo } from 'react';
import { Chart, useChart } from '@chakra-ui/charts';
import { Area, AreaChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import type { SuccessOf } from '../../api/run.ts';

type Point = SuccessOf<'getConnectorScoresHistory'>['content'][number];

/** The tool's daily score as a share of its maximum (Chakra's charts over recharts); days are the provider's UTC days. */
export function ScoreHistoryChart({ points, locale }: { points: readonly Point[]; locale: string }) {
  const data = useMemo(() => {
    const label = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    return points.map((point) => ({ day: label.format(new Date(`${point.date}T00:00:00Z`)), score: point.percentage }));
  }, [points, locale]);
  const chart = useChart({ data, series: [{ name: 'score', label: 'Score (%)', color: 'blue.solid' }] });
  return (
    <Chart.Root maxH="xs" chart={chart} data-testid="connector-score-history" role="img" aria-label="Score history as a percentage of the maximum">
      <AreaChart responsive data={chart.data}>
        <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
        <XAxis axisLine={false} tickLine={false} dataKey={chart.key('day')} minTickGap={16} />
        <YAxis axisLine={false} tickLine={false} domain={[0, 100]} width={36} unit="%" />
        <Tooltip animationDuration={100} content={<Chart.Tooltip />} />
        {chart.series.map((item) => (
          <Area
            key={item.name}
            isAnimationActive={false}
            type="monotone"
            dataKey={chart.key(item.name)}
            stroke={chart.color(item.color)}
            fill={chart.color(item.color)}
            fillOpacity={0.15}
            strokeWidth={2}
          />
        ))}
      </AreaChart>
    </Chart.Root>
  );
}
