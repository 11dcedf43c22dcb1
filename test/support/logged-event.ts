import { LoggedEvent } from '../../src/log/logged-event';

/** A LoggedEvent as the queue's claim returns it, built from an OpenLineage event object. */
export function logged(event: Record<string, any>, eventId = '1'): LoggedEvent {
  return {
    eventId,
    kind: 'run' in event ? 'run' : 'job' in event ? 'job' : 'dataset',
    eventType: event.eventType ?? null,
    eventTime: new Date(event.eventTime),
    runId: event.run?.runId?.toLowerCase() ?? null,
    jobNamespace: event.job?.namespace ?? null,
    jobName: event.job?.name ?? null,
    payload: event,
  };
}
