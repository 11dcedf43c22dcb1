/** Every read the UI makes, as TanStack Query options: one key per resource and its parameters. */
import { queryOptions } from '@tanstack/react-query';
import { getJson, segment } from './client';
import type { operations } from './schema';
import type { LineageGraph, QueryOf, ResponseOf } from './types';

/** One operation of the API document: its query parameters and its answer are the document's. */
function get<O extends keyof operations>(path: string, query: QueryOf<O>, signal: AbortSignal): Promise<ResponseOf<O>> {
  return getJson<ResponseOf<O>>(path, query, signal);
}

export const PAGE_SIZE = 50;
export const DATASET_EVENTS_SHOWN = 200;

export interface DatasetFilters {
  q: string;
  namespace: string;
  scheme: string;
  kind: string;
  cursor: string;
}

export const datasetsQuery = (filters: DatasetFilters) =>
  queryOptions({
    queryKey: ['datasets', filters],
    queryFn: ({ signal }) =>
      get<'listDatasets'>(
        '/api/v1/datasets',
        // The kind as the URL has it: the API refuses an unknown one with a message the page shows.
        { ...filters, kind: filters.kind as QueryOf<'listDatasets'>['kind'], limit: PAGE_SIZE },
        signal,
      ),
  });

export const namespacesQuery = () =>
  queryOptions({
    queryKey: ['namespaces'],
    queryFn: ({ signal }) => get<'listNamespaces'>('/api/v1/namespaces', { limit: 1000 }, signal),
    staleTime: 60000,
  });

export const datasetQuery = (id: string) =>
  queryOptions({
    queryKey: ['dataset', id],
    queryFn: ({ signal }) => get<'getDataset'>(`/api/v1/datasets/${segment(id)}`, { eventsLimit: DATASET_EVENTS_SHOWN }, signal),
  });

export const eventQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['event', eventId],
    queryFn: ({ signal }) => get<'getEvent'>(`/api/v1/events/${segment(eventId)}`, {}, signal),
    staleTime: Infinity, // the log is append-only: an event never changes
  });

export const marquezDatasetQuery = (namespace: string, name: string) =>
  queryOptions({
    queryKey: ['marquez-dataset', namespace, name],
    queryFn: ({ signal }) => get<'getNamespaceDataset'>(`/api/v1/namespaces/${segment(namespace)}/datasets/${segment(name)}`, {}, signal),
  });

export const datasetVersionsQuery = (namespace: string, name: string) =>
  queryOptions({
    queryKey: ['dataset-versions', namespace, name],
    queryFn: ({ signal }) =>
      get<'listDatasetVersions'>(`/api/v1/namespaces/${segment(namespace)}/datasets/${segment(name)}/versions`, { limit: 20 }, signal),
  });

/** Runs the dataset page's quality panel charts. */
export const QUALITY_RUNS_SHOWN = 30;

export const datasetQualityQuery = (namespace: string, name: string) =>
  queryOptions({
    queryKey: ['dataset-quality', namespace, name],
    queryFn: ({ signal }) =>
      get<'getDatasetQuality'>(`/api/v1/namespaces/${segment(namespace)}/datasets/${segment(name)}/quality`, { limit: QUALITY_RUNS_SHOWN }, signal),
  });

export type Direction = 'upstream' | 'downstream' | 'both';

export interface LineageParams {
  nodeId: string;
  depth: number;
  direction: Direction;
  asOf?: string;
}

export const lineageQuery = (params: LineageParams) =>
  queryOptions({
    queryKey: ['lineage', params],
    // Typed as either level's graph, so the lineage page takes both alike.
    queryFn: ({ signal }): Promise<LineageGraph> => get<'getLineage'>('/api/v1/lineage', { ...params }, signal),
  });

/** Column level: the API walks upstream, and downstream too when asked; it has no downstream-only walk. */
export const columnLineageQuery = (params: LineageParams) =>
  queryOptions({
    queryKey: ['column-lineage', params],
    queryFn: ({ signal }): Promise<LineageGraph> =>
      get<'getColumnLineage'>('/api/v1/column-lineage', { nodeId: params.nodeId, depth: params.depth, withDownstream: params.direction !== 'upstream', asOf: params.asOf }, signal),
  });

export const jobQuery = (namespace: string, name: string) =>
  queryOptions({
    queryKey: ['job', namespace, name],
    queryFn: ({ signal }) => get<'getJob'>(`/api/v1/namespaces/${segment(namespace)}/jobs/${segment(name)}`, {}, signal),
  });

export const runQuery = (runId: string) =>
  queryOptions({
    queryKey: ['run', runId],
    queryFn: ({ signal }) => get<'getRun'>(`/api/v1/jobs/runs/${segment(runId)}`, {}, signal),
  });

export const runChildrenQuery = (runId: string) =>
  queryOptions({
    queryKey: ['run-children', runId],
    queryFn: ({ signal }) => get<'listRunChildren'>(`/api/v1/jobs/runs/${segment(runId)}/children`, { limit: 100 }, signal),
  });

export const runJobFacetsQuery = (runId: string) =>
  queryOptions({
    queryKey: ['run-facets', runId, 'job'],
    queryFn: ({ signal }) => get<'getRunFacets'>(`/api/v1/jobs/runs/${segment(runId)}/facets`, { type: 'job' }, signal),
  });

export const searchQuery = (q: string, limit: number) =>
  queryOptions({
    queryKey: ['search', q, limit],
    queryFn: ({ signal }) => get<'searchJobsAndDatasets'>('/api/v1/search', { q, limit }, signal),
  });

export const lineageEventStatsQuery = (period: 'DAY' | 'WEEK', basis: 'received' | 'event' = 'received') =>
  queryOptions({
    queryKey: ['stats', 'lineage-events', period, basis],
    queryFn: ({ signal }) =>
      get<'getLineageEventStats'>('/api/v1/stats/lineage-events', { period, basis, timezone: Intl.DateTimeFormat().resolvedOptions().timeZone }, signal),
  });

export const countStatsQuery = (what: 'jobs' | 'datasets') =>
  queryOptions({
    queryKey: ['stats', what],
    queryFn: ({ signal }) =>
      get<'getDatasetStats' | 'getJobStats'>(`/api/v1/stats/${what}`, { period: 'DAY', timezone: Intl.DateTimeFormat().resolvedOptions().timeZone }, signal),
  });

export const failedJobsQuery = () =>
  queryOptions({
    queryKey: ['jobs', 'failed'],
    queryFn: ({ signal }) => get<'listJobs'>('/api/v1/jobs', { limit: 10, lastRunStates: ['FAILED'] }, signal),
  });

/** Lists that count "exactly up to" this many say "10,000+" at it. */
export const COUNT_CAP = 10000;
export const LIST_PAGE = 50;

export interface JobFilters {
  namespace: string;
  q: string;
  state: string;
  offset: number;
}

export const jobsQuery = (f: JobFilters) =>
  queryOptions({
    queryKey: ['jobs', f],
    queryFn: ({ signal }) => {
      const query = { q: f.q || undefined, limit: LIST_PAGE, offset: f.offset, lastRunStates: f.state ? [f.state as RunStateFilter] : undefined };
      return f.namespace
        ? get<'listNamespaceJobs'>(`/api/v1/namespaces/${segment(f.namespace)}/jobs`, query, signal)
        : get<'listJobs'>('/api/v1/jobs', query, signal);
    },
  });

type RunStateFilter = NonNullable<QueryOf<'listRuns'>['states']>[number];

export interface RunFilters {
  state: string;
  /** Only runs first seen at or after this instant (ISO), or all. */
  since?: string;
  offset: number;
  jobNamespace?: string;
  jobName?: string;
  limit?: number;
}

export const runsQuery = (f: RunFilters) =>
  queryOptions({
    queryKey: ['runs', f],
    queryFn: ({ signal }) =>
      get<'listRuns'>(
        '/api/v1/runs',
        { states: f.state ? [f.state as RunStateFilter] : undefined, since: f.since, limit: f.limit ?? LIST_PAGE, offset: f.offset, jobNamespace: f.jobNamespace, jobName: f.jobName },
        signal,
      ),
  });

export interface EventFilters {
  kind: string;
  eventType: string;
  namespace: string;
  runId?: string;
  after?: string;
  cursor: string;
  limit?: number;
}

export const eventsQuery = (f: EventFilters) =>
  queryOptions({
    queryKey: ['events', f],
    queryFn: ({ signal }) =>
      get<'listEvents'>(
        '/api/v1/events',
        {
          kind: (f.kind || undefined) as QueryOf<'listEvents'>['kind'],
          eventType: (f.eventType || undefined) as QueryOf<'listEvents'>['eventType'],
          namespace: f.namespace || undefined,
          runId: f.runId,
          after: f.after,
          cursor: f.cursor || undefined,
          limit: f.limit ?? LIST_PAGE,
        },
        signal,
      ),
  });

export const namespaceCountsQuery = (offset: number) =>
  queryOptions({
    queryKey: ['namespace-counts', offset],
    queryFn: ({ signal }) => get<'listNamespaceCounts'>('/api/v1/stats/namespaces', { limit: 100, offset }, signal),
  });
