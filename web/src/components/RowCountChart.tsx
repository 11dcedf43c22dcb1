/** One bar of the chart: a run's row count; `failed` when that run failed an assertion. */
export interface RowCountBar {
  key: string;
  label: string;
  rows: number;
  failed: boolean;
}

const WIDTH = 480;
const HEIGHT = 120;
const GAP = 4;
/** A few runs get bars this wide at most, not the whole width. */
const MAX_BAR = 28;

/**
 * Row count per run as bars, oldest on the left: an inline SVG with each bar's run and count in
 * its title (the browser's tooltip) and the whole series in the label screen readers announce.
 */
export function RowCountChart({ bars }: { bars: RowCountBar[] }) {
  const max = Math.max(...bars.map((b) => b.rows), 1);
  const width = Math.min(Math.max((WIDTH - GAP * (bars.length - 1)) / bars.length, 2), MAX_BAR);
  const label = `Row count per run, oldest first: ${bars.map((b) => `${b.label} ${b.rows.toLocaleString('en-US')} rows${b.failed ? ', failed an assertion' : ''}`).join('; ')}`;
  return (
    <svg className="row-count-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} preserveAspectRatio="none">
      {bars.map((b, i) => {
        const height = Math.max((b.rows / max) * (HEIGHT - 4), 1);
        return (
          <rect key={b.key} className={b.failed ? 'bar failed' : 'bar'} x={i * (width + GAP)} y={HEIGHT - height} width={width} height={height}>
            <title>{`${b.label}: ${b.rows.toLocaleString('en-US')} rows${b.failed ? ' (failed an assertion)' : ''}`}</title>
          </rect>
        );
      })}
    </svg>
  );
}
