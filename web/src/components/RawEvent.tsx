import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { eventQuery } from '../api/queries';
import { JsonView } from './JsonView';
import { errorMessage } from './Problem';
import { Spinner, Time } from './text';

/** One event of the log as received, with what the store recorded about its arrival. */
export function RawEvent({ eventId }: { eventId: string }) {
  const event = useQuery(eventQuery(eventId));
  if (event.isPending) {
    return (
      <p className="status" role="status">
        <Spinner />
        Loading event…
      </p>
    );
  }
  if (event.isError) {
    return (
      <div className="error" role="alert">
        <p>{`Could not load event ${eventId}: ${errorMessage(event.error)}`}</p>
        <button type="button" className="button small" onClick={() => void event.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const stored = event.data;
  const meta = (term: string, value: ReactNode) => (
    <div>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <div className="raw">
      <dl className="raw-meta">
        {meta('Event id', <span className="mono">{stored.id}</span>)}
        {meta('Received', <Time iso={stored.receivedAt} />)}
        {meta('Kind', stored.eventKind)}
        {meta('Producer', stored.producer ? <span className="mono small">{stored.producer}</span> : '—')}
        {meta('Source', stored.sourceType)}
      </dl>
      <JsonView value={stored.event} label={`Raw OpenLineage event ${stored.id}`} />
    </div>
  );
}
