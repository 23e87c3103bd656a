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

function ChartFigure({
  id,
  title,
  summary,
  children,
  table,
}: {
  id: string;
  title: string;
  summary: string;
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
        {children}
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
        <table>
          <caption>Minutes practised per day, last 30 days</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Minutes</th>
              <th scope="col">Sessions</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row">{longDate(d.date)}</th>
                <td>{d.minutes}</td>
                <td>{d.sessions}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <ResponsiveContainer width="100%" height={220}>
        <BarChart
          data={days}
          margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
          accessibilityLayer={false}
        >
          <CartesianGrid
            strokeDasharray="3 3"
            vertical={false}
            stroke={muted}
            strokeOpacity={0.25}
          />
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
      </ResponsiveContainer>
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
        top[0] ? `Most practised: ${top[0].patternName} (${top[0].count}).` : 'No sessions yet.'
      }
      table={
        <table>
          <caption>Sessions per pattern</caption>
          <thead>
            <tr>
              <th scope="col">Pattern</th>
              <th scope="col">Sessions</th>
            </tr>
          </thead>
          <tbody>
            {patterns.map((p) => (
              <tr key={p.patternName}>
                <th scope="row">{p.patternName}</th>
                <td>{p.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <ResponsiveContainer width="100%" height={height}>
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
      </ResponsiveContainer>
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
        <table>
          <caption>Stillness per camera session, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Session day</th>
              <th scope="col">Stillness (0-100)</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.createdAt}>
                <th scope="row">{longDate(p.date)}</th>
                <td>{p.stillness}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <ResponsiveContainer width="100%" height={200}>
        <LineChart
          data={data}
          margin={{ top: 8, right: 16, bottom: 0, left: -16 }}
          accessibilityLayer={false}
        >
          <CartesianGrid
            strokeDasharray="3 3"
            vertical={false}
            stroke={muted}
            strokeOpacity={0.25}
          />
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
      </ResponsiveContainer>
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
