import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { jobsQuery, LIST_PAGE, namespacesQuery } from '../api/queries';
import type { Job } from '../api/types';
import { formatDuration, formatTotal, plural, relativeTime } from '../components/format';
import { JobLink } from '../components/JobLink';
import { ListStatus } from '../components/ListStatus';
import { usePageHeading } from '../components/page-heading';
import { OffsetPager } from '../components/Pager';
import { Problem } from '../components/Problem';
import { Sparkline } from '../components/Sparkline';
import { Breakable, StateBadge, Time } from '../components/text';
import { useDebouncedText } from '../components/useDebouncedText';
import { stringParam } from '../search-params';

export interface JobsSearch {
  namespace?: string;
  q?: string;
  state?: string;
  offset?: number;
}

export function validateJobsSearch(search: Record<string, unknown>): JobsSearch {
  const offset = Number(search.offset);
  return { namespace: stringParam(search.namespace), q: stringParam(search.q), state: stringParam(search.state), offset: offset > 0 ? Math.floor(offset) : undefined };
}

export const RUN_STATE_OPTIONS = [
  ['FAILED', 'Failed'],
  ['RUNNING', 'Running'],
  ['COMPLETED', 'Completed'],
  ['ABORTED', 'Aborted'],
  ['NEW', 'New'],
] as const;

/** Every job: namespace, name search and latest-run state filters; the latest run and the run durations at a glance. */
export function JobsPage() {
  const search = useSearch({ from: '/jobs' });
  const navigate = useNavigate();
  const heading = usePageHeading('Jobs');
  const filters = { namespace: search.namespace ?? '', q: search.q ?? '', state: search.state ?? '', offset: search.offset ?? 0 };
  const go = (change: Partial<JobsSearch>, replace = false) =>
    void navigate({ to: '/jobs', search: { ...search, offset: undefined, ...change }, replace });
  const [text, setText] = useDebouncedText(filters.q, (q) => go({ q: q || undefined }, true));
  const list = useQuery({ ...jobsQuery(filters), placeholderData: keepPreviousData });
  const namespaces = useQuery(namespacesQuery());
  const jobs = list.data?.jobs ?? [];
  return (
    <div className="page jobs-page">
      <div className="page-head">
        <h1 ref={heading} tabIndex={-1}>
          Jobs
        </h1>
        <p className="lead">Every job that sent an OpenLineage event, most recently updated first.</p>
      </div>
      <form className="filters" role="search" aria-label="Filter jobs" onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label htmlFor="filter-q">Search</label>
          <input id="filter-q" type="search" placeholder="Part of a job name" autoComplete="off" spellCheck={false} value={text} onChange={(event) => setText(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="filter-namespace">Namespace</label>
          <select id="filter-namespace" value={filters.namespace} onChange={(event) => go({ namespace: event.target.value || undefined })}>
            <option value="">All namespaces</option>
            {[...new Set([...(namespaces.data?.namespaces.map((n) => n.name) ?? []), filters.namespace].filter(Boolean))].map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-state">Latest run</label>
          <select id="filter-state" value={filters.state} onChange={(event) => go({ state: event.target.value || undefined })}>
            <option value="">Any state</option>
            {RUN_STATE_OPTIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </form>
      <ListStatus loading={list.isFetching} failed={list.isError}>
        {list.data &&
          (jobs.length === 0
            ? 'No jobs match.'
            : filters.state
              ? `${plural(jobs.length, 'job')} on this page whose latest run is ${filters.state.toLowerCase()}, of ${formatTotal(list.data.totalCount)} in scope.`
              : `${formatTotal(list.data.totalCount)} ${list.data.totalCount === 1 ? 'job' : 'jobs'}.`)}
      </ListStatus>
      {list.isError ? <Problem title="Could not load jobs" error={list.error} retry={() => void list.refetch()} /> : jobs.length > 0 && <JobTable jobs={jobs} />}
      {list.data && (
        <OffsetPager label="Pages of jobs" offset={filters.offset} shown={list.data.jobs.length} pageSize={LIST_PAGE} total={list.data.totalCount} onOffset={(offset) => go({ ...search, offset: offset || undefined })} />
      )}
    </div>
  );
}

/** The job type facet's integration and job type ("DBT / MODEL"), else the processing type. */
export function jobKind(job: Pick<Job, 'type' | 'integration' | 'jobType'>): string {
  const parts = [job.integration, job.jobType].filter((p): p is string => Boolean(p));
  return parts.length > 0 ? parts.join(' / ') : job.type;
}

function JobTable({ jobs }: { jobs: Job[] }) {
  const now = Date.now();
  return (
    <div className="table-wrap">
      <table className="data jobs">
        <caption className="visually-hidden">Jobs, most recently updated first</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Namespace</th>
            <th scope="col">Type</th>
            <th scope="col">Latest run</th>
            <th scope="col">Last run</th>
            <th scope="col">Durations</th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => {
            const finished = (job.latestRuns ?? []).filter((r) => r.durationMs !== null).reverse();
            const last = job.latestRun;
            return (
              <tr key={`${job.namespace}\n${job.name}`}>
                <th scope="row" className="name">
                  <JobLink namespace={job.namespace} name={job.name} />
                </th>
                <td className="mono ns">
                  <Breakable text={job.namespace} />
                </td>
                <td className="small">{jobKind(job)}</td>
                <td>{last ? <StateBadge state={last.state} /> : <span className="muted">never ran</span>}</td>
                <td className="nowrap">
                  {last ? (
                    <>
                      <Time iso={last.endedAt ?? last.startedAt ?? last.createdAt} />
                      <div className="muted small">{relativeTime(last.endedAt ?? last.startedAt ?? last.createdAt, now)}</div>
                    </>
                  ) : (
                    <span className="muted">—</span>
                  )}
                </td>
                <td>
                  {finished.length >= 2 ? (
                    <Sparkline
                      values={finished.map((r) => r.durationMs ?? 0)}
                      width={96}
                      height={24}
                      label={`Durations of the last ${finished.length} finished runs, oldest first: ${finished.map((r) => formatDuration(r.durationMs)).join(', ')}`}
                    />
                  ) : (
                    <span className="muted small">{finished.length === 1 ? formatDuration(finished[0].durationMs) : '—'}</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
