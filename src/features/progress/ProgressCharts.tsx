import type { ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { DayMinutes, PatternCount, StillnessPoint } from '../../domain/stats';

/**
 * The three progress charts (recharts, loaded only on /progress: this module is the one
 * that imports it). Each chart is a picture for the eye; screen readers get the same
 * numbers as a table next to it.
 */
function cssVar(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

const shortDate = (key: string) => {
  const [, m, d] = key.split('-');
  return `${Number(d)}/${Number(m)}`;
};

const longDate = (key: string) => {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString(undefined, {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
};

/** The screen-reader table beside a chart: a caption, column headings, one row per point. */
function ChartTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly { key: string; head: ReactNode; cells: readonly ReactNode[] }[];
}) {
  return (
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row">{r.head}</th>
            {r.cells.map((c, i) => (
              <td key={i}>{c}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Faint horizontal grid lines (a direct child of the chart, as recharts expects). */
const gridLines = (muted: string) => (
  <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={muted} strokeOpacity={0.25} />
);

function ChartFigure({
  id,
  title,
  summary,
  plotHeight,
  children,
  table,
}: {
  id: string;
  title: string;
  summary: string;
  /** Pixel height of the plot; its width follows the card. */
  plotHeight: number;
  /** The recharts chart. */
  children: ReactNode;
  table: ReactNode;
}) {
  return (
    <figure className="chart-card card" aria-labelledby={`${id}-title`}>
      <figcaption>
        <h3 id={`${id}-title`}>{title}</h3>
        <p className="muted">{summary}</p>
      </figcaption>
      <div className="chart-card__plot" aria-hidden="true">
        <ResponsiveContainer width="100%" height={plotHeight}>
          {children}
        </ResponsiveContainer>
      </div>
      <div className="visually-hidden">{table}</div>
    </figure>
  );
}

export function MinutesPerDayChart({ days }: { days: DayMinutes[] }) {
  const total = Math.round(days.reduce((a, d) => a + d.minutes, 0) * 10) / 10;
  const active = days.filter((d) => d.sessions > 0).length;
  const primary = cssVar('--color-primary', '#1f6f78');
  const muted = cssVar('--color-text-muted', '#4d6469');
  return (
    <ChartFigure
      id="chart-minutes"
      title="Minutes per day, last 30 days"
      summary={`${total} minutes over ${active} ${active === 1 ? 'day' : 'days'} with practice.`}
      table={
        <ChartTable
          caption="Minutes practiced per day, last 30 days"
          columns={['Day', 'Minutes', 'Sessions']}
          rows={days.map((d) => ({
            key: d.date,
            head: longDate(d.date),
            cells: [d.minutes, d.sessions],
          }))}
        />
      }
      plotHeight={220}
    >
      <BarChart
        data={days}
        margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
        accessibilityLayer={false}
      >
        {gridLines(muted)}
        <XAxis
          dataKey="date"
          tickFormatter={shortDate}
          interval={6}
          tick={{ fill: muted, fontSize: 12 }}
        />
        <YAxis allowDecimals={false} tick={{ fill: muted, fontSize: 12 }} />
        <Tooltip
          labelFormatter={(l) => longDate(String(l))}
          formatter={(v) => [`${String(v)} min`, 'Practice']}
        />
        <Bar dataKey="minutes" fill={primary} radius={[4, 4, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ChartFigure>
  );
}

export function SessionsPerPatternChart({ patterns }: { patterns: PatternCount[] }) {
  const top = patterns.slice(0, 8);
  const accent = cssVar('--color-accent', '#7b5ea7');
  const muted = cssVar('--color-text-muted', '#4d6469');
  const height = Math.max(120, top.length * 40 + 40);
  return (
    <ChartFigure
      id="chart-patterns"
      title="Sessions per pattern"
      summary={
        top[0] ? `Most practiced: ${top[0].patternName} (${top[0].count}).` : 'No sessions yet.'
      }
      table={
        <ChartTable
          caption="Sessions per pattern"
          columns={['Pattern', 'Sessions']}
          rows={patterns.map((p) => ({
            key: p.patternName,
            head: p.patternName,
            cells: [p.count],
          }))}
        />
      }
      plotHeight={height}
    >
      <BarChart
        data={top}
        layout="vertical"
        margin={{ top: 0, right: 16, bottom: 0, left: 8 }}
        accessibilityLayer={false}
      >
        <XAxis type="number" allowDecimals={false} tick={{ fill: muted, fontSize: 12 }} />
        <YAxis
          type="category"
          dataKey="patternName"
          width={120}
          tick={{ fill: muted, fontSize: 12 }}
        />
        <Tooltip formatter={(v) => [String(v), 'Sessions']} />
        <Bar dataKey="count" fill={accent} radius={[0, 4, 4, 0]} isAnimationActive={false} />
      </BarChart>
    </ChartFigure>
  );
}

export function StillnessTrendChart({ points }: { points: StillnessPoint[] }) {
  const color = cssVar('--color-exhale', '#3c7d5a');
  const muted = cssVar('--color-text-muted', '#4d6469');
  const data = points.map((p, i) => ({ ...p, n: i + 1 }));
  const last = points[points.length - 1];
  return (
    <ChartFigure
      id="chart-stillness"
      title="Stillness trend (camera sessions)"
      summary={
        last
          ? `Latest stillness: ${last.stillness} out of 100, over ${points.length} camera ${points.length === 1 ? 'session' : 'sessions'}.`
          : ''
      }
      table={
        <ChartTable
          caption="Stillness per camera session, oldest first"
          columns={['Session day', 'Stillness (0-100)']}
          rows={points.map((p) => ({
            key: p.createdAt,
            head: longDate(p.date),
            cells: [p.stillness],
          }))}
        />
      }
      plotHeight={200}
    >
      <LineChart
        data={data}
        margin={{ top: 8, right: 16, bottom: 0, left: -16 }}
        accessibilityLayer={false}
      >
        {gridLines(muted)}
        <XAxis dataKey="date" tickFormatter={shortDate} tick={{ fill: muted, fontSize: 12 }} />
        <YAxis domain={[0, 100]} tick={{ fill: muted, fontSize: 12 }} />
        <Tooltip
          labelFormatter={(l) => longDate(String(l))}
          formatter={(v) => [`${String(v)} / 100`, 'Stillness']}
        />
        <Line
          type="monotone"
          dataKey="stillness"
          stroke={color}
          strokeWidth={2}
          dot
          isAnimationActive={false}
        />
      </LineChart>
    </ChartFigure>
  );
}

export interface ProgressChartsProps {
  days: DayMinutes[];
  patterns: PatternCount[];
  stillness: StillnessPoint[];
}

export default function ProgressCharts({ days, patterns, stillness }: ProgressChartsProps) {
  return (
    <div className="progress-charts">
      <MinutesPerDayChart days={days} />
      <SessionsPerPatternChart patterns={patterns} />
      {stillness.length > 0 ? <StillnessTrendChart points={stillness} /> : null}
    </div>
  );
}
