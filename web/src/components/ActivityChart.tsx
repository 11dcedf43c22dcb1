import type { LineageEventStat } from '../api/types';

const SERIES = [
  { key: 'complete', label: 'Complete' },
  { key: 'start', label: 'Start' },
  { key: 'fail', label: 'Fail' },
  { key: 'abort', label: 'Abort' },
] as const;

const WIDTH = 720;
const HEIGHT = 180;

/** Events per bucket as stacked bars, with the same numbers in a table for screen readers. */
export function ActivityChart({ stats, period }: { stats: LineageEventStat[]; period: 'DAY' | 'WEEK' }) {
  const totals = stats.map((s) => s.complete + s.start + s.fail + s.abort);
  const max = Math.max(...totals, 1);
  const slot = WIDTH / Math.max(stats.length, 1);
  // 30 units each side leave room for the first and last axis labels.
  const label = (s: LineageEventStat) => {
    const d = new Date(s.startInterval);
    return period === 'DAY'
      ? d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
      : d.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  };
  const sum = totals.reduce((a, b) => a + b, 0);
  return (
    <figure className="activity">
      <svg viewBox={`-30 0 ${WIDTH + 60} ${HEIGHT + 20}`} className="activity-chart" role="img" aria-label={`${sum} events over the last ${period === 'DAY' ? '24 hours' : '7 days'}; the table below has the numbers`}>
        {stats.map((s, i) => {
          let y = HEIGHT;
          return (
            <g key={s.startInterval}>
              {SERIES.map(({ key }) => {
                const h = (s[key] / max) * (HEIGHT - 10);
                y -= h;
                return h > 0 ? <rect key={key} className={`bar-${key}`} x={i * slot + 2} y={y} width={Math.max(slot - 4, 1)} height={h} /> : null;
              })}
              {(period === 'WEEK' || i % 3 === 0) && (
                <text x={i * slot + slot / 2} y={HEIGHT + 15} textAnchor="middle" className="axis">
                  {label(s)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="legend">
        {SERIES.map(({ key, label: name }) => (
          <span key={key}>
            <span className={`swatch bar-${key}`} aria-hidden="true" /> {name}
          </span>
        ))}
      </figcaption>
      <details>
        <summary>The numbers</summary>
        <div className="table-wrap">
          <table className="data activity-table">
            <caption className="visually-hidden">Events per {period === 'DAY' ? 'hour' : 'day'}</caption>
            <thead>
              <tr>
                <th scope="col">{period === 'DAY' ? 'Hour' : 'Day'}</th>
                {SERIES.map(({ key, label: name }) => (
                  <th key={key} scope="col">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {stats.map((s) => (
                <tr key={s.startInterval}>
                  <th scope="row">{label(s)}</th>
                  {SERIES.map(({ key }) => (
                    <td key={key}>{s[key]}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
