import { createHash } from 'node:crypto';
import { NewLogEvent } from '../log/event-log.repository';
import { ValidEvent } from '../openlineage/event-envelope';

/** Where a request came from. No authentication by decision: every source is anonymous. */
export interface EventSource {
  peerAddress: string | null;
  userAgent: string | null;
}

/**
 * The JSON text of the parsed event is what is stored and hashed: a client that retries sends
 * the same content, gets the same hash and is stored once.
 */
export function toLogEvent(event: ValidEvent, source: EventSource): NewLogEvent {
  const json = JSON.stringify(event.payload);
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
