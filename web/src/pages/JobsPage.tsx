import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { jobsQuery, LIST_PAGE, namespacesQuery } from '../api/queries';
import type { Job } from '../api/types';
import { formatDuration, formatTotal, plural, relativeTime } from '../components/format';
import { JobLink } from '../components/JobLink';
import { FilterBar, FilterSelect, namespaceOptions } from '../components/FilterBar';
import { ListHead } from '../components/ListHead';
import { ListTable } from '../components/ListTable';
import { ListStatus, matchCount } from '../components/ListStatus';
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
  const filters = { namespace: search.namespace ?? '', q: search.q ?? '', state: search.state ?? '', offset: search.offset ?? 0 };
  const go = (change: Partial<JobsSearch>, replace = false) =>
    void navigate({ to: '/jobs', search: { ...search, offset: undefined, ...change }, replace });
  const [text, setText] = useDebouncedText(filters.q, (q) => go({ q: q || undefined }, true));
  const list = useQuery({ ...jobsQuery(filters), placeholderData: keepPreviousData });
  const namespaces = useQuery(namespacesQuery());
  const jobs = list.data?.jobs ?? [];
  return (
    <div className="page jobs-page">
      <ListHead title="Jobs" lead="Every job that sent an OpenLineage event, most recently updated first." />
      <FilterBar label="Filter jobs" search>
        <div className="field">
          <label htmlFor="filter-q">Search</label>
          <input id="filter-q" type="search" placeholder="Part of a job name" autoComplete="off" spellCheck={false} value={text} onChange={(event) => setText(event.target.value)} />
        </div>
        <FilterSelect id="filter-namespace" label="Namespace" anyLabel="All namespaces" options={namespaceOptions(namespaces.data, filters.namespace)} value={filters.namespace} onChange={(namespace) => go({ namespace: namespace || undefined })} />
        <FilterSelect id="filter-state" label="Latest run" anyLabel="Any state" options={RUN_STATE_OPTIONS} value={filters.state} onChange={(state) => go({ state: state || undefined })} />
      </FilterBar>
      <ListStatus loading={list.isFetching} failed={list.isError}>
        {list.data &&
          (jobs.length === 0
            ? 'No jobs match.'
            : filters.state
              ? `${plural(jobs.length, 'job')} on this page whose latest run is ${filters.state.toLowerCase()}, of ${formatTotal(list.data.totalCount)} in scope.`
              : matchCount(list.data.totalCount, jobs.length, 'job'))}
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
    <ListTable className="jobs" caption="Jobs, most recently updated first" columns={['Name', 'Namespace', 'Type', 'Latest run', 'Last run', 'Durations']}>
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
    </ListTable>
  );
}
