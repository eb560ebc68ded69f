import { useTheme } from '@mui/material/styles';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { FigureRow } from '../lib/figure-rows';

/**
 * One bar chart of the statistics page, drawn by recharts: this module is the page's lazy part,
 * so the library loads with /stats only. Labels come converted to the current script; the
 * chart is an image to assistive technology (its table view carries the figures).
 */
export default function TribeStatsChart({
  rows,
  horizontal = false,
  valueLabel,
  withheldLabel,
}: {
  rows: readonly FigureRow[];
  horizontal?: boolean;
  valueLabel: string;
  /** What a withheld cell (count null, drawn as no bar) reads in the tooltip. */
  withheldLabel: string;
}) {
  const theme = useTheme();
  const data = rows.map((row) => ({
    label: row.label,
    value: row.value ?? 0,
    withheld: row.value === null,
  }));
  const height = horizontal ? Math.max(160, data.length * 32 + 40) : 280;
  const tick = { fill: theme.palette.text.secondary, fontSize: 12 };
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart
        data={data}
        layout={horizontal ? 'vertical' : 'horizontal'}
        margin={{ top: 8, right: 16, bottom: 8, left: horizontal ? 8 : 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
        {horizontal ? (
          <>
            <XAxis type="number" allowDecimals={false} tick={tick} />
            <YAxis type="category" dataKey="label" width={120} tick={tick} interval={0} />
          </>
        ) : (
          <>
            <XAxis dataKey="label" tick={tick} minTickGap={8} />
            <YAxis allowDecimals={false} tick={tick} width={48} />
          </>
        )}
        <Tooltip
          formatter={(value, _name, item) => [
            (item.payload as { withheld?: boolean } | undefined)?.withheld ? withheldLabel : value,
            valueLabel,
          ]}
          cursor={{ fill: theme.palette.action.hover }}
        />
        <Bar
          dataKey="value"
          fill={theme.palette.primary.main}
          isAnimationActive={false}
          name={valueLabel}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
