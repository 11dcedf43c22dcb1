import { createHash } from 'node:crypto';
import { NewLogEvent } from '../log/event-log.repository';
import { ValidEvent } from '../openlineage/event-envelope';

/** Where a request came from. No authentication by decision: every source is anonymous. */
export interface EventSource {
  peerAddress: string | null;
  userAgent: string | null;
}

/**
 * The event's text as received is what is stored and hashed: a client that retries sends the
 * same bytes, gets the same hash and is stored once; a reader gets the producer's numbers back.
 * The columns come from the parsed event.
 */
export function toLogEvent(event: ValidEvent, json: Buffer, source: EventSource): NewLogEvent {
  return {
    kind: event.kind,
    eventType: event.eventType,
    eventTime: event.eventTime,
    runId: event.runId,
    jobNamespace: event.jobNamespace,
    jobName: event.jobName,
    producer: event.producer,
    schemaUrl: event.schemaUrl,
    contentHash: createHash('sha256').update(json).digest(),
    json,
    sourceType: 'anonymous',
    sourcePrincipal: null,
    peerAddress: source.peerAddress,
    userAgent: source.userAgent,
  };
}
