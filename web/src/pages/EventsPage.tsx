import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { eventsQuery, namespacesQuery } from '../api/queries';
import type { EventSummary } from '../api/types';
import { formatTotal } from '../components/format';
import { JobLink } from '../components/JobLink';
import { ListStatus } from '../components/ListStatus';
import { usePageHeading } from '../components/page-heading';
import { CursorPager } from '../components/Pager';
import { Problem } from '../components/Problem';
import { RawEvent } from '../components/RawEvent';
import { Breakable, Time } from '../components/text';
import { stringParam } from '../search-params';
import { sinceOf, TIME_RANGES } from './RunsPage';

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

const EVENT_TYPES = ['START', 'RUNNING', 'COMPLETE', 'FAIL', 'ABORT', 'OTHER'];

/** The log as the store received it, newest first, each event's raw JSON a click away. */
export function EventsPage() {
  const search = useSearch({ from: '/events' });
  const navigate = useNavigate();
  const heading = usePageHeading('Events');
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
      <div className="page-head">
        <h1 ref={heading} tabIndex={-1}>
          Events
        </h1>
        <p className="lead">Every OpenLineage event the store has received, the latest first, exactly as it was sent.</p>
      </div>
      <form className="filters" aria-label="Filter events" onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label htmlFor="filter-kind">Kind</label>
          <select id="filter-kind" value={search.kind ?? ''} onChange={(event) => go({ kind: event.target.value || undefined })}>
            <option value="">All kinds</option>
            <option value="run">Run events</option>
            <option value="job">Job events</option>
            <option value="dataset">Dataset events</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-type">Event type</label>
          <select id="filter-type" value={search.type ?? ''} onChange={(event) => go({ type: event.target.value || undefined })}>
            <option value="">All types</option>
            {EVENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-namespace">Job namespace</label>
          <select id="filter-namespace" value={search.namespace ?? ''} onChange={(event) => go({ namespace: event.target.value || undefined })}>
            <option value="">All namespaces</option>
            {[...new Set([...(namespaces.data?.namespaces.map((n) => n.name) ?? []), search.namespace ?? ''].filter(Boolean))].map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-range">Received</label>
          <select id="filter-range" value={search.range ?? ''} onChange={(event) => go({ range: event.target.value || undefined })}>
            <option value="">Any time</option>
            {TIME_RANGES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </form>
      <ListStatus loading={list.isFetching} failed={list.isError}>
        {list.data && (events.length === 0 ? 'No events match.' : `${formatTotal(list.data.totalCount)} ${list.data.totalCount === 1 ? 'event' : 'events'}.`)}
      </ListStatus>
      {list.isError ? <Problem title="Could not load events" error={list.error} retry={() => void list.refetch()} /> : events.length > 0 && <EventTable events={events} />}
      <CursorPager
        label="Pages of events"
        page={prev.length + 1}
        hasPrevious={Boolean(cursor)}
        nextCursor={list.data?.nextCursor ?? null}
        onPrevious={() => {
          const earlier = [...prev];
          const back = earlier.pop() ?? '';
          go({ ...search, cursor: back || undefined, prev: back ? earlier : undefined });
        }}
        onNext={(next) => go({ ...search, cursor: next, prev: [...prev, cursor] })}
      />
    </div>
  );
}

/** Events with their raw JSON, each its own <tbody> (the summary row, then the JSON once opened). */
export function EventTable({ events }: { events: EventSummary[] }) {
  return (
    <div className="table-wrap">
      <table className="data events log">
        <caption className="visually-hidden">Events, the latest received first</caption>
        <thead>
          <tr>
            <th scope="col">Received</th>
            <th scope="col">Event</th>
            <th scope="col">Job</th>
            <th scope="col">Run</th>
            <th scope="col">Event time</th>
            <th scope="col">Raw event</th>
          </tr>
        </thead>
        {events.map((e) => (
          <EventRows key={e.id} e={e} />
        ))}
      </table>
    </div>
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
        <td className="job">
          {e.jobName && e.jobNamespace ? (
            <>
              <JobLink namespace={e.jobNamespace} name={e.jobName} />
              <div className="muted small mono">
                <Breakable text={e.jobNamespace} />
              </div>
            </>
          ) : (
            <span className="muted">—</span>
          )}
        </td>
        <td className="mono small run">
          {e.runId ? (
            <Link to="/runs/$runId" params={{ runId: e.runId }}>
              {e.runId}
            </Link>
          ) : (
            <span className="muted">—</span>
          )}
        </td>
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
