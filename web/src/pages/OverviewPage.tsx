import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState, type ReactNode } from 'react';
import { countStatsQuery, eventsQuery, failedJobsQuery, lineageEventStatsQuery, namespaceCountsQuery, runsQuery } from '../api/queries';
import { ActivityChart } from '../components/ActivityChart';
import { formatDuration, formatTotal } from '../components/format';
import { JobLink } from '../components/JobLink';
import { usePageHeading } from '../components/page-heading';
import { SectionNote } from '../components/Problem';
import { StateBadge, Time } from '../components/text';
import { sinceOf } from './RunsPage';

type Basis = 'received' | 'event';

/** The home page: how much lineage arrives, how much the store knows (each count a way into its list), and what failed lately. */
export function OverviewPage() {
  const heading = usePageHeading('Overview');
  const [period, setPeriod] = useState<'DAY' | 'WEEK'>('DAY');
  const [basis, setBasis] = useState<Basis>('received');
  const stats = useQuery({ ...lineageEventStatsQuery(period, basis), placeholderData: keepPreviousData });
  return (
    <div className="page overview-page">
      <div className="page-head">
        <h1 ref={heading} tabIndex={-1}>
          Overview
        </h1>
        <p className="lead">What the store has received, and what needs attention.</p>
      </div>
      <Counts />
      <section className="card" aria-labelledby="activity-title">
        <div className="row spread">
          <h2 id="activity-title">{basis === 'received' ? 'Run events received' : 'Run events by their event time'}</h2>
          <div className="row">
            <div className="row" role="group" aria-label="Range">
              {(['DAY', 'WEEK'] as const).map((p) => (
                <button key={p} type="button" className="button small secondary" aria-pressed={period === p} onClick={() => setPeriod(p)}>
                  {p === 'DAY' ? 'Last 24 hours, per hour' : 'Last 7 days, per day'}
                </button>
              ))}
            </div>
            <div className="row" role="group" aria-label="Counted by">
              {(['received', 'event'] as const).map((b) => (
                <button key={b} type="button" className="button small secondary" aria-pressed={basis === b} onClick={() => setBasis(b)}>
                  {b === 'received' ? 'When received' : 'Producers’ event time'}
                </button>
              ))}
            </div>
          </div>
        </div>
        <p className="muted small">
          {basis === 'received'
            ? 'Counted by the time the store received each event.'
            : 'Counted by the eventTime each producer wrote, as Marquez does: late or replayed events land in the past.'}
        </p>
        {stats.isPending ? <p className="muted">Loading the activity…</p> : stats.isError ? <SectionNote error={stats.error} /> : <ActivityChart stats={stats.data} period={period} />}
      </section>
      <FailedRuns />
    </div>
  );
}

function Counts() {
  const datasets = useQuery(countStatsQuery('datasets'));
  const jobs = useQuery(countStatsQuery('jobs'));
  const namespaces = useQuery(namespaceCountsQuery(0));
  const runs = useQuery(runsQuery({ state: '', offset: 0, limit: 1 }));
  const since = useMemo(() => sinceOf('24h'), []);
  const failed = useQuery(runsQuery({ state: 'FAILED', since, offset: 0, limit: 1 }));
  const events = useQuery(eventsQuery({ kind: '', eventType: '', namespace: '', cursor: '', limit: 1 }));
  const last = (data: { count: number }[] | undefined) => data?.[data.length - 1]?.count;
  return (
    <div className="counts">
      <CountCard id="datasets" title="Datasets" count={last(datasets.data)} error={datasets.error} link={<Link to="/">All datasets</Link>} />
      <CountCard id="jobs" title="Jobs" count={last(jobs.data)} error={jobs.error} link={<Link to="/jobs">All jobs</Link>} />
      <CountCard id="namespaces" title="Namespaces" count={namespaces.data?.totalCount} error={namespaces.error} link={<Link to="/namespaces">All namespaces</Link>} />
      <CountCard id="runs" title="Runs" count={runs.data?.totalCount} error={runs.error} link={<Link to="/runs">All runs</Link>} />
      <CountCard id="failed" title="Failed, last 24 h" count={failed.data?.totalCount} error={failed.error} link={<Link to="/runs" search={{ state: 'FAILED', range: '24h' }}>Failed runs</Link>} />
      <CountCard id="events" title="Events" count={events.data?.totalCount} error={events.error} link={<Link to="/events">The event log</Link>} />
    </div>
  );
}

function CountCard({ id, title, count, error, link }: { id: string; title: string; count: number | undefined; error: unknown; link: ReactNode }) {
  return (
    <section className="card count-card" aria-labelledby={`count-${id}`}>
      <h2 id={`count-${id}`}>{title}</h2>
      {error ? (
        <SectionNote error={error} />
      ) : (
        <p className="big-number" data-count={id}>
          {count === undefined ? '…' : formatTotal(count, id === 'datasets' || id === 'jobs' ? Infinity : 10000)}
        </p>
      )}
      {link}
    </section>
  );
}

function FailedRuns() {
  const failed = useQuery(failedJobsQuery());
  const jobs = failed.data?.jobs ?? [];
  return (
    <section className="card" aria-labelledby="failed-title">
      <h2 id="failed-title">Jobs whose latest run failed</h2>
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
                  <th scope="row" className="name">
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
      <p>
        <Link to="/runs" search={{ state: 'FAILED' }}>
          Every failed run
        </Link>
      </p>
    </section>
  );
}
