import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { countStatsQuery, failedJobsQuery, lineageEventStatsQuery } from '../api/queries';
import { ActivityChart } from '../components/ActivityChart';
import { formatDuration } from '../components/format';
import { JobLink } from '../components/JobLink';
import { usePageHeading } from '../components/page-heading';
import { SectionNote } from '../components/Problem';
import { StateBadge, Time } from '../components/text';

/** The home page: how much lineage arrives, how much the store knows, and what failed lately. */
export function OverviewPage() {
  const heading = usePageHeading('Overview');
  const [period, setPeriod] = useState<'DAY' | 'WEEK'>('DAY');
  const stats = useQuery(lineageEventStatsQuery(period));
  return (
    <div className="page overview-page">
      <div className="page-head">
        <h1 ref={heading} tabIndex={-1}>
          Overview
        </h1>
        <p className="lead">What the store has received, and what needs attention.</p>
      </div>
      <div className="counts">
        <CountCard what="datasets" />
        <CountCard what="jobs" />
      </div>
      <section className="card" aria-labelledby="activity-title">
        <div className="row spread">
          <h2 id="activity-title">Ingest activity</h2>
          <div className="row" role="group" aria-label="Period">
            {(['DAY', 'WEEK'] as const).map((p) => (
              <button key={p} type="button" className="button small secondary" aria-pressed={period === p} onClick={() => setPeriod(p)}>
                {p === 'DAY' ? 'Last 24 hours, per hour' : 'Last 7 days, per day'}
              </button>
            ))}
          </div>
        </div>
        {stats.isPending ? <p className="muted">Loading the activity…</p> : stats.isError ? <SectionNote error={stats.error} /> : <ActivityChart stats={stats.data} period={period} />}
      </section>
      <FailedRuns />
    </div>
  );
}

function CountCard({ what }: { what: 'datasets' | 'jobs' }) {
  const stats = useQuery(countStatsQuery(what));
  const last = stats.data?.[stats.data.length - 1]?.count;
  return (
    <section className="card count-card" aria-labelledby={`count-${what}`}>
      <h2 id={`count-${what}`}>{what === 'datasets' ? 'Datasets' : 'Jobs'}</h2>
      {stats.isError ? (
        <SectionNote error={stats.error} />
      ) : (
        <p className="big-number" data-count={what}>
          {last ?? '…'}
        </p>
      )}
      {what === 'datasets' && <Link to="/">Browse the datasets</Link>}
    </section>
  );
}

function FailedRuns() {
  const failed = useQuery(failedJobsQuery());
  const jobs = failed.data?.jobs ?? [];
  return (
    <section className="card" aria-labelledby="failed-title">
      <h2 id="failed-title">Recent failed runs</h2>
      {failed.isPending ? (
        <p className="muted">Loading…</p>
      ) : failed.isError ? (
        <SectionNote error={failed.error} />
      ) : jobs.length === 0 ? (
        <p className="muted">No job’s latest run has failed.</p>
      ) : (
        <div className="table-wrap">
          <table className="data failed-runs">
            <caption className="visually-hidden">Jobs whose latest run failed, most recent first</caption>
            <thead>
              <tr>
                <th scope="col">Job</th>
                <th scope="col">State</th>
                <th scope="col">Ended</th>
                <th scope="col">Duration</th>
                <th scope="col">Run</th>
              </tr>
            </thead>
            <tbody>
              {jobs.map((job) => (
                <tr key={`${job.namespace}:${job.name}`}>
                  <th scope="row">
                    <JobLink namespace={job.namespace} name={job.name} />
                    <div className="muted small mono">{job.namespace}</div>
                  </th>
                  <td>
                    <StateBadge state={job.latestRun?.state} />
                  </td>
                  <td className="nowrap">
                    <Time iso={job.latestRun?.endedAt} />
                  </td>
                  <td>{formatDuration(job.latestRun?.durationMs)}</td>
                  <td className="mono small">
                    {job.latestRun ? (
                      <Link to="/runs/$runId" params={{ runId: job.latestRun.id }}>
                        {job.latestRun.id}
                      </Link>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
