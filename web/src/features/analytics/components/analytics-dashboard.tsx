import { useState } from 'react';

import { Spinner } from '@/components/ui/spinner';

import {
  SUMMARY_PERIODS,
  useAnalyticsSummary,
  type AnalyticsSummary,
  type DailyCount,
  type SummaryPeriod,
} from '../api/get-analytics-summary';
import styles from './analytics-dashboard.module.css';

const WIDTH = 480;
const HEIGHT = 160;
const PAD = 24;

/** A line over every day of the period (SVG, no chart library). */
function DailyChart({ label, counts }: { label: string; counts: DailyCount[] }) {
  const max = Math.max(1, ...counts.map((c) => c.count));
  const step = counts.length > 1 ? (WIDTH - 2 * PAD) / (counts.length - 1) : 0;
  const points = counts
    .map((c, i) => `${PAD + i * step},${HEIGHT - PAD - (c.count / max) * (HEIGHT - 2 * PAD)}`)
    .join(' ');
  const first = counts[0]?.day ?? '';
  const last = counts[counts.length - 1]?.day ?? '';
  return (
    <svg className={styles.chart} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
      <text className={styles.axis} x={PAD} y={14}>
        {max}
      </text>
      <polyline className={styles.line} points={points} />
      <text className={styles.axis} x={PAD} y={HEIGHT - 6}>
        {first}
      </text>
      <text className={styles.axis} x={WIDTH - PAD} y={HEIGHT - 6} textAnchor="end">
        {last}
      </text>
    </svg>
  );
}

type Bar = { label: string; values: number[] };

/** Horizontal bars, one row per label, one bar per value (SVG). */
function BarChart({ label, bars, legend }: { label: string; bars: Bar[]; legend: string[] }) {
  const row = 14 * legend.length + 14;
  const height = Math.max(row, bars.length * row);
  const max = Math.max(1, ...bars.flatMap((b) => b.values));
  const left = 170;
  const room = WIDTH - left - 60;
  return (
    <svg className={styles.chart} viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={label}>
      {bars.map((bar, i) => (
        <g key={bar.label} transform={`translate(0 ${i * row})`}>
          <text className={styles.label} x={0} y={14}>
            {bar.label.length > 24 ? `${bar.label.slice(0, 23)}…` : bar.label}
          </text>
          {bar.values.map((value, j) => (
            <g key={legend[j]}>
              <rect
                className={j === 0 ? styles.bar : styles.barAlt}
                x={left}
                y={4 + j * 14}
                width={Math.max(1, (value / max) * room)}
                height={10}
              >
                <title>{`${legend[j]}: ${value}`}</title>
              </rect>
              <text className={styles.value} x={left + (value / max) * room + 6} y={13 + j * 14}>
                {value}
              </text>
            </g>
          ))}
        </g>
      ))}
    </svg>
  );
}

const sum = (counts: DailyCount[]) => counts.reduce((total, c) => total + c.count, 0);

function Figures({ summary }: { summary: AnalyticsSummary }) {
  const { funnel } = summary;
  return (
    <div className={styles.grid}>
      <section className={styles.card}>
        <h2>Daily active users</h2>
        <DailyChart label="Daily active users" counts={summary.daily_active_users} />
      </section>
      <section className={styles.card}>
        <h2>Upgrade funnel</h2>
        <BarChart
          label="Upgrade funnel"
          legend={['People']}
          bars={[
            { label: 'Upgrade dialog opened', values: [funnel.dialog_opened] },
            { label: 'Payment started', values: [funnel.payment_started] },
            { label: 'Payment succeeded', values: [funnel.payment_succeeded] },
          ]}
        />
      </section>
      <section className={styles.card}>
        <h2>Templates by category</h2>
        <p className={styles.total}>Views (green) and customisations (gold)</p>
        {summary.categories.length === 0 ? (
          <p className={styles.empty}>No template views in this period.</p>
        ) : (
          <BarChart
            label="Template views and customisations per category"
            legend={['Views', 'Customisations']}
            bars={summary.categories.map((c) => ({ label: c.category, values: [c.views, c.customisations] }))}
          />
        )}
      </section>
      <section className={styles.card}>
        <h2>Top search terms</h2>
        {summary.top_search_terms.length === 0 ? (
          <p className={styles.empty}>No searches in this period.</p>
        ) : (
          <ol className={styles.terms} aria-label="Top search terms">
            {summary.top_search_terms.map((t) => (
              <li key={t.term}>
                <span>
                  {t.term}
                  {t.no_results ? <span className={styles.none}>no results</span> : null}
                </span>
                <span>{t.count}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section className={styles.card}>
        <h2>Referral completions</h2>
        <p className={styles.total}>{sum(summary.referral_completions)} in this period</p>
        <DailyChart label="Referral completions" counts={summary.referral_completions} />
      </section>
    </div>
  );
}

/** The admin dashboard's figures over 7, 30 or 90 days. */
export function AnalyticsDashboard() {
  const [days, setDays] = useState<SummaryPeriod>(7);
  const { data, error, isLoading } = useAnalyticsSummary(days);
  return (
    <div className={styles.dashboard}>
      <div className={styles.periods} role="group" aria-label="Period">
        {SUMMARY_PERIODS.map((period) => (
          <button
            key={period}
            type="button"
            className={styles.period}
            aria-pressed={period === days}
            onClick={() => setDays(period)}
          >
            {`${period} days`}
          </button>
        ))}
      </div>
      {error ? <p role="alert">{error instanceof Error ? error.message : 'The figures could not be loaded.'}</p> : null}
      {isLoading && !data ? <Spinner /> : null}
      {data ? <Figures summary={data} /> : null}
    </div>
  );
}
