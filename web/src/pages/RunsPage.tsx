import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { LIST_PAGE, runsQuery } from '../api/queries';
import type { Run } from '../api/types';
import { FilterBar, FilterSelect } from '../components/FilterBar';
import { formatDuration } from '../components/format';
import { JobLink } from '../components/JobLink';
import { ListHead } from '../components/ListHead';
import { ListTable } from '../components/ListTable';
import { ListStatus, matchCount } from '../components/ListStatus';
import { OffsetPager } from '../components/Pager';
import { Problem } from '../components/Problem';
import { Breakable, StateBadge, Time } from '../components/text';
import { stringParam } from '../search-params';
import { RUN_STATE_OPTIONS } from './JobsPage';

export const TIME_RANGES = [
  ['1h', 'Last hour', 3600e3],
  ['24h', 'Last 24 hours', 24 * 3600e3],
  ['7d', 'Last 7 days', 7 * 24 * 3600e3],
] as const;
export const TIME_RANGE_OPTIONS = TIME_RANGES.map(([value, label]) => [value, label] as const);

export interface RunsSearch {
  state?: string;
  range?: string;
  offset?: number;
}

export function validateRunsSearch(search: Record<string, unknown>): RunsSearch {
  const offset = Number(search.offset);
  return { state: stringParam(search.state), range: stringParam(search.range), offset: offset > 0 ? Math.floor(offset) : undefined };
}

/** The instant a range ("1h", "24h", "7d") starts at, now; undefined for any time. */
export function sinceOf(range: string | undefined): string | undefined {
  const span = TIME_RANGES.find(([key]) => key === range)?.[2];
  return span === undefined ? undefined : new Date(Date.now() - span).toISOString();
}

/** Runs of every job, newest first: "what failed in the last hour". */
export function RunsPage() {
  const search = useSearch({ from: '/runs' });
  const navigate = useNavigate();
  const go = (change: Partial<RunsSearch>) => void navigate({ to: '/runs', search: { ...search, offset: undefined, ...change } });
  const since = useMemo(() => sinceOf(search.range), [search.range]);
  const offset = search.offset ?? 0;
  const list = useQuery({ ...runsQuery({ state: search.state ?? '', since, offset }), placeholderData: keepPreviousData });
  const runs = list.data?.runs ?? [];
  return (
    <div className="page runs-page">
      <ListHead title="Runs" lead="Runs of every job, the most recently started first." />
      <FilterBar label="Filter runs">
        <FilterSelect id="filter-state" label="State" anyLabel="Any state" options={RUN_STATE_OPTIONS} value={search.state ?? ''} onChange={(state) => go({ state: state || undefined })} />
        <FilterSelect id="filter-range" label="Started" anyLabel="Any time" options={TIME_RANGE_OPTIONS} value={search.range ?? ''} onChange={(range) => go({ range: range || undefined })} />
      </FilterBar>
      <ListStatus loading={list.isFetching} failed={list.isError}>
        {list.data && matchCount(list.data.totalCount, runs.length, 'run')}
      </ListStatus>
      {list.isError ? <Problem title="Could not load runs" error={list.error} retry={() => void list.refetch()} /> : runs.length > 0 && <RunTable runs={runs} withJob />}
      {list.data && <OffsetPager label="Pages of runs" offset={offset} shown={runs.length} pageSize={LIST_PAGE} total={list.data.totalCount} onOffset={(next) => go({ ...search, offset: next || undefined })} />}
    </div>
  );
}

/** Runs with state, times and duration; with their job when they are of several jobs. */
export function RunTable({ runs, withJob }: { runs: Run[]; withJob?: boolean }) {
  return (
    <ListTable className="runs" caption="Runs, newest first" columns={['Run', ...(withJob ? ['Job'] : []), 'State', 'Started', 'Ended', 'Duration']}>
      <tbody>
        {runs.map((r) => (
          <tr key={r.id}>
            <th scope="row" className="mono small">
              <Link to="/runs/$runId" params={{ runId: r.id }}>
                {r.id}
              </Link>
            </th>
            {withJob && (
              <td className="name">
                <JobLink namespace={r.job.namespace} name={r.job.name} />
                <div className="muted small mono">
                  <Breakable text={r.job.namespace} />
                </div>
              </td>
            )}
            <td>
              <StateBadge state={r.state} />
            </td>
            <td className="nowrap">
              <Time iso={r.startedAt ?? r.createdAt} />
            </td>
            <td className="nowrap">
              <Time iso={r.endedAt} />
            </td>
            <td className="nowrap">{formatDuration(r.durationMs)}</td>
          </tr>
        ))}
      </tbody>
    </ListTable>
  );
}
