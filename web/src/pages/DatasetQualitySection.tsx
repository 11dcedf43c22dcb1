import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { datasetQualityQuery } from '../api/queries';
import type { DatasetQuality, QualityAssertion, RunQuality } from '../api/types';
import { absoluteTime } from '../components/format';
import { SectionNote } from '../components/Problem';
import { RowCountBar, RowCountChart } from '../components/RowCountChart';
import { Time } from '../components/text';

const number = (n: number | null | undefined) => (n === null || n === undefined ? '—' : n.toLocaleString('en-US'));

/** The dataset's data quality: row count per run over time, the latest assertions, the latest column metrics. */
export function DatasetQualitySection({ namespace, name }: { namespace: string; name: string }) {
  const quality = useQuery(datasetQualityQuery(namespace, name));
  const data = quality.data;
  const empty = data !== undefined && data.runs.length === 0;
  return (
    <section className="card quality" aria-labelledby="quality-title">
      <h2 id="quality-title">Data quality</h2>
      {quality.isPending ? (
        <p className="muted">Loading the data quality…</p>
      ) : quality.isError ? (
        <SectionNote error={quality.error} />
      ) : empty ? (
        <p className="muted">No run has reported metrics, statistics or assertions for this dataset.</p>
      ) : (
        data && <QualityBody data={data} />
      )}
    </section>
  );
}

function QualityBody({ data }: { data: DatasetQuality }) {
  const counted = data.runs.filter((r) => r.rowCount !== null);
  const bars: RowCountBar[] = counted
    .slice()
    .reverse()
    .map((r) => ({
      key: `${r.runId}:${r.direction}`,
      label: `${absoluteTime(r.observedAt)} (${r.direction === 'input' ? 'read' : 'written'})`,
      rows: r.rowCount ?? 0,
      failed: r.assertions.some((a) => !a.success),
    }));
  const latestMetrics = data.runs.find((r) => r.metrics !== null && r.metrics.columns.length > 0);
  return (
    <>
      <h3>Row count per run</h3>
      {bars.length === 0 ? (
        <p className="muted">No run reported a row count.</p>
      ) : (
        <figure className="quality-chart">
          <RowCountChart bars={bars} />
          <figcaption className="muted small">
            {`${bars.length} ${bars.length === 1 ? 'run' : 'runs'}, oldest on the left; latest ${number(counted[0].rowCount)} rows. `}
            Red bars are runs that failed an assertion.
          </figcaption>
        </figure>
      )}
      <h3>Latest assertions</h3>
      {data.latestAssertions === null ? (
        <p className="muted">No run has reported assertions on this dataset.</p>
      ) : (
        <>
          <p className="muted small">
            Reported by run{' '}
            <Link to="/runs/$runId" params={{ runId: data.latestAssertions.runId }} className="mono">
              {data.latestAssertions.runId}
            </Link>{' '}
            at <Time iso={data.latestAssertions.eventTime} />.
          </p>
          <AssertionsTable assertions={data.latestAssertions.assertions} />
        </>
      )}
      {latestMetrics && <ColumnMetricsTable run={latestMetrics} />}
    </>
  );
}

function AssertionsTable({ assertions }: { assertions: QualityAssertion[] }) {
  return (
    <div className="table-wrap">
      <table className="data assertions">
        <caption className="visually-hidden">Assertions of the latest run that reported some</caption>
        <thead>
          <tr>
            <th scope="col">Assertion</th>
            <th scope="col">Column</th>
            <th scope="col">Result</th>
          </tr>
        </thead>
        <tbody>
          {assertions.map((a) => (
            <tr key={`${a.assertion}:${a.column ?? ''}`}>
              <th scope="row" className="mono">
                {a.assertion}
              </th>
              <td className="mono">{a.column ?? <span className="muted">whole dataset</span>}</td>
              <td>
                <span className={`badge ${a.success ? 'assertion-passed' : 'assertion-failed'}`}>{a.success ? 'passed' : 'failed'}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ColumnMetricsTable({ run }: { run: RunQuality }) {
  return (
    <>
      <h3>Column metrics</h3>
      <p className="muted small">
        As measured by the latest run that reported them, at <Time iso={run.observedAt} />.
      </p>
      <div className="table-wrap">
        <table className="data column-metrics">
          <caption className="visually-hidden">Metrics per column of the latest run that measured them</caption>
          <thead>
            <tr>
              <th scope="col">Column</th>
              <th scope="col">Nulls</th>
              <th scope="col">Distinct</th>
              <th scope="col">Min</th>
              <th scope="col">Max</th>
            </tr>
          </thead>
          <tbody>
            {run.metrics!.columns.map((c) => (
              <tr key={c.column}>
                <th scope="row" className="mono">
                  {c.column}
                </th>
                <td className="num">{number(c.nullCount)}</td>
                <td className="num">{number(c.distinctCount)}</td>
                <td className="num">{number(c.min)}</td>
                <td className="num">{number(c.max)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
