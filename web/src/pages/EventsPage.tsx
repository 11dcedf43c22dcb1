import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { eventsQuery, namespacesQuery } from '../api/queries';
import type { EventSummary } from '../api/types';
import { FilterBar, FilterSelect, namespaceOptions } from '../components/FilterBar';
import { JobCell, RunCell } from '../components/EventCells';
import { ListHead } from '../components/ListHead';
import { ListTable } from '../components/ListTable';
import { ListStatus, matchCount } from '../components/ListStatus';
import { CursorPager } from '../components/Pager';
import { Problem } from '../components/Problem';
import { RawEvent } from '../components/RawEvent';
import { Time } from '../components/text';
import { stringParam } from '../search-params';
import { sinceOf, TIME_RANGE_OPTIONS } from './RunsPage';

export interface EventsSearch {
  kind?: string;
  type?: string;
  namespace?: string;
  range?: string;
  cursor?: string;
  /** One cursor per earlier page ('' for the first). */
  prev?: string[];
}

export function validateEventsSearch(search: Record<string, unknown>): EventsSearch {
  const cursor = stringParam(search.cursor);
  return {
    kind: stringParam(search.kind),
    type: stringParam(search.type),
    namespace: stringParam(search.namespace),
    range: stringParam(search.range),
    cursor,
    prev: cursor && Array.isArray(search.prev) ? search.prev.map(String) : undefined,
  };
}

const EVENT_KINDS = [
  ['run', 'Run events'],
  ['job', 'Job events'],
  ['dataset', 'Dataset events'],
] as const;
const EVENT_TYPES = ['START', 'RUNNING', 'COMPLETE', 'FAIL', 'ABORT', 'OTHER'];

/** The log as the store received it, newest first, each event's raw JSON a click away. */
export function EventsPage() {
  const search = useSearch({ from: '/events' });
  const navigate = useNavigate();
  const go = (change: Partial<EventsSearch>) => void navigate({ to: '/events', search: { ...search, cursor: undefined, prev: undefined, ...change } });
  const after = useMemo(() => sinceOf(search.range), [search.range]);
  const cursor = search.cursor ?? '';
  const prev = search.prev ?? [];
  const list = useQuery({
    ...eventsQuery({ kind: search.kind ?? '', eventType: search.type ?? '', namespace: search.namespace ?? '', after, cursor }),
    placeholderData: keepPreviousData,
  });
  const namespaces = useQuery(namespacesQuery());
  const events = list.data?.events ?? [];
  return (
    <div className="page events-page">
      <ListHead title="Events" lead="Every OpenLineage event the store has received, the latest first, exactly as it was sent." />
      <FilterBar label="Filter events">
        <FilterSelect id="filter-kind" label="Kind" anyLabel="All kinds" options={EVENT_KINDS} value={search.kind ?? ''} onChange={(kind) => go({ kind: kind || undefined })} />
        <FilterSelect id="filter-type" label="Event type" anyLabel="All types" options={EVENT_TYPES} value={search.type ?? ''} onChange={(type) => go({ type: type || undefined })} />
        <FilterSelect id="filter-namespace" label="Job namespace" anyLabel="All namespaces" options={namespaceOptions(namespaces.data, search.namespace ?? '')} value={search.namespace ?? ''} onChange={(namespace) => go({ namespace: namespace || undefined })} />
        <FilterSelect id="filter-range" label="Received" anyLabel="Any time" options={TIME_RANGE_OPTIONS} value={search.range ?? ''} onChange={(range) => go({ range: range || undefined })} />
      </FilterBar>
      <ListStatus loading={list.isFetching} failed={list.isError}>
        {list.data && matchCount(list.data.totalCount, events.length, 'event')}
      </ListStatus>
      {list.isError ? <Problem title="Could not load events" error={list.error} retry={() => void list.refetch()} /> : events.length > 0 && <EventTable events={events} />}
      <CursorPager label="Pages of events" cursor={cursor} prev={prev} nextCursor={list.data?.nextCursor ?? null} onPage={(page, earlier) => go({ ...search, cursor: page || undefined, prev: page ? earlier : undefined })} />
    </div>
  );
}

/** Events with their raw JSON, each its own <tbody> (the summary row, then the JSON once opened). */
export function EventTable({ events }: { events: EventSummary[] }) {
  return (
    <ListTable className="events log" caption="Events, the latest received first" columns={['Received', 'Event', 'Job', 'Run', 'Event time', 'Raw event']}>
      {events.map((e) => (
        <EventRows key={e.id} e={e} />
      ))}
    </ListTable>
  );
}

function EventRows({ e }: { e: EventSummary }) {
  const [open, setOpen] = useState(false);
  const panelId = `log-event-${e.id}`;
  return (
    <tbody className="event">
      <tr>
        <td className="nowrap">
          <Time iso={e.receivedAt} />
        </td>
        <td>
          <span className="badge">{e.eventKind}</span> {e.eventType && <span className={`badge type-${e.eventType.toLowerCase()}`}>{e.eventType}</span>}
        </td>
        <JobCell namespace={e.jobNamespace} name={e.jobName} />
        <RunCell runId={e.runId} />
        <td className="nowrap">
          <Time iso={e.eventTime} />
        </td>
        <td>
          <button type="button" className="button small secondary toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
            <span className="chevron" aria-hidden="true" />
            JSON
            <span className="visually-hidden">{` of event ${e.id}, ${e.eventType ?? e.eventKind}, received ${e.receivedAt}`}</span>
          </button>
        </td>
      </tr>
      <tr className="raw-row" id={panelId} hidden={!open}>
        <td colSpan={6}>{open && <RawEvent eventId={e.id} />}</td>
      </tr>
    </tbody>
  );
}
