import type { ThreadMetricsSnapshot } from '../../core/observability/thread-metrics';
import type { DatabaseSettings } from '../../database/data-source';
import { PreciseDate } from '../../database/precise-timestamps';
import type { AppendedEvent } from '../../log/logged-event';
import type { CommittedEvent } from '../../log/recent-events';

/** What the projector thread starts with (`workerData`): the validated settings, and its pool's. */
export interface ProjectorSettings {
  env: Record<string, unknown>;
  pool: DatabaseSettings;
  /** The thread before this one ran out of memory: start with batches of one event. */
  slowStart: boolean;
}

/**
 * A committed event as it crosses to the projector: its columns and text, its time as
 * milliseconds and the microseconds beyond them (a PreciseDate would arrive as a plain Date,
 * without them). A string is copied whole; a Buffer would take the whole chunk it is a view of
 * (the request's headers, a batch's other events) with it.
 */
export interface CommittedEventMessage extends Omit<CommittedEvent, 'eventTime'> {
  eventTimeMs: number;
  eventTimeExtraMicroseconds: number;
}

/** The main thread to the projector. */
export type ToProjector =
  | { type: 'committed'; events: CommittedEventMessage[] }
  | { type: 'metrics'; id: number }
  | { type: 'stop' };

/** The projector to the main thread. */
export type FromProjector =
  | { type: 'metrics'; id: number; metrics: ThreadMetricsSnapshot }
  /** Once started: the thread's id in the kernel (null where threads cannot be told apart) and its nice value. */
  | { type: 'started'; osThreadId: number | null; nice: number | null };

export function committedMessage(events: AppendedEvent[]): ToProjector {
  return {
    type: 'committed',
    events: events.map(({ json, eventTime, ...columns }) => ({
      ...columns,
      eventTimeMs: eventTime.getTime(),
      eventTimeExtraMicroseconds: eventTime instanceof PreciseDate ? eventTime.extraMicroseconds : 0,
      json: json.toString('utf8'),
    })),
  };
}

/** The events of a `committed` message as the projector's memory holds them. */
export function committedEvents(events: CommittedEventMessage[]): CommittedEvent[] {
  return events.map(({ eventTimeMs, eventTimeExtraMicroseconds, ...columns }) => ({
    ...columns,
    eventTime: new PreciseDate(eventTimeMs, eventTimeExtraMicroseconds),
  }));
}
