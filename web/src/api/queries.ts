/** Every read the UI makes, as TanStack Query options: one key per resource and its parameters. */
import { queryOptions } from '@tanstack/react-query';
import { getJson, segment } from './client';
import type { CountStat, DatasetVersionList, Job, JobList, LineageEventStat, LineageGraph, Run, RunFacets, RunList, SearchResultList } from './pending-types';
import type { DatasetDetail, DatasetList, MarquezDataset, NamespaceList, StoredEvent } from './types';

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
    queryFn: ({ signal }) => getJson<DatasetList>('/api/v1/datasets', { ...filters, limit: PAGE_SIZE }, signal),
  });

export const namespacesQuery = () =>
  queryOptions({
    queryKey: ['namespaces'],
    queryFn: ({ signal }) => getJson<NamespaceList>('/api/v1/namespaces', { limit: 1000 }, signal),
    staleTime: 60000,
  });

export const datasetQuery = (id: string) =>
  queryOptions({
    queryKey: ['dataset', id],
    queryFn: ({ signal }) => getJson<DatasetDetail>(`/api/v1/datasets/${segment(id)}`, { eventsLimit: DATASET_EVENTS_SHOWN }, signal),
  });

export const eventQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['event', eventId],
    queryFn: ({ signal }) => getJson<StoredEvent>(`/api/v1/events/${segment(eventId)}`, {}, signal),
    staleTime: Infinity, // the log is append-only: an event never changes
  });

export const marquezDatasetQuery = (namespace: string, name: string) =>
  queryOptions({
    queryKey: ['marquez-dataset', namespace, name],
    queryFn: ({ signal }) => getJson<MarquezDataset>(`/api/v1/namespaces/${segment(namespace)}/datasets/${segment(name)}`, {}, signal),
  });

export const datasetVersionsQuery = (namespace: string, name: string) =>
  queryOptions({
    queryKey: ['dataset-versions', namespace, name],
    queryFn: ({ signal }) =>
      getJson<DatasetVersionList>(`/api/v1/namespaces/${segment(namespace)}/datasets/${segment(name)}/versions`, { limit: 20 }, signal),
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
    queryFn: ({ signal }) => getJson<LineageGraph>('/api/v1/lineage', { ...params }, signal),
  });

export const columnLineageQuery = (params: LineageParams) =>
  queryOptions({
    queryKey: ['column-lineage', params],
    queryFn: ({ signal }) =>
      getJson<LineageGraph>(
        '/api/v1/column-lineage',
        { nodeId: params.nodeId, depth: params.depth, direction: params.direction, withDownstream: params.direction !== 'upstream', asOf: params.asOf },
        signal,
      ),
  });

export const jobQuery = (namespace: string, name: string) =>
  queryOptions({
    queryKey: ['job', namespace, name],
    queryFn: ({ signal }) => getJson<Job>(`/api/v1/namespaces/${segment(namespace)}/jobs/${segment(name)}`, {}, signal),
  });

export const jobRunsQuery = (namespace: string, name: string, limit: number) =>
  queryOptions({
    queryKey: ['job-runs', namespace, name, limit],
    queryFn: ({ signal }) => getJson<RunList>(`/api/v1/namespaces/${segment(namespace)}/jobs/${segment(name)}/runs`, { limit }, signal),
  });

export const runQuery = (runId: string) =>
  queryOptions({
    queryKey: ['run', runId],
    queryFn: ({ signal }) => getJson<Run>(`/api/v1/jobs/runs/${segment(runId)}`, {}, signal),
  });

export const runJobFacetsQuery = (runId: string) =>
  queryOptions({
    queryKey: ['run-facets', runId, 'job'],
    queryFn: ({ signal }) => getJson<RunFacets>(`/api/v1/jobs/runs/${segment(runId)}/facets`, { type: 'job' }, signal),
  });

export const searchQuery = (q: string, limit: number) =>
  queryOptions({
    queryKey: ['search', q, limit],
    queryFn: ({ signal }) => getJson<SearchResultList>('/api/v1/search', { q, limit }, signal),
  });

export const lineageEventStatsQuery = (period: 'DAY' | 'WEEK') =>
  queryOptions({
    queryKey: ['stats', 'lineage-events', period],
    queryFn: ({ signal }) =>
      getJson<LineageEventStat[]>('/api/v1/stats/lineage-events', { period, timezone: Intl.DateTimeFormat().resolvedOptions().timeZone }, signal),
  });

export const countStatsQuery = (what: 'jobs' | 'datasets') =>
  queryOptions({
    queryKey: ['stats', what],
    queryFn: ({ signal }) =>
      getJson<CountStat[]>(`/api/v1/stats/${what}`, { period: 'DAY', timezone: Intl.DateTimeFormat().resolvedOptions().timeZone }, signal),
  });

export const failedJobsQuery = () =>
  queryOptions({
    queryKey: ['jobs', 'failed'],
    queryFn: ({ signal }) => getJson<JobList>('/api/v1/jobs', { limit: 10, lastRunStates: 'FAILED' }, signal),
  });
