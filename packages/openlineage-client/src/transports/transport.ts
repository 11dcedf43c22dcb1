import type { OpenLineageEvent } from '../generated/spec-types';

/** Sends events somewhere. `emit` settles once the event is delivered or definitively failed. */
export interface Transport {
  /** Its `type` in configuration: http, console, file, composite, noop. */
  readonly kind: string;
  /** `signal` aborts retries and waits (the client's close() uses it). */
  emit(event: OpenLineageEvent, signal?: AbortSignal): Promise<void>;
  close?(): Promise<void>;
}

/** Delivery failed for good: the transport gave up (after its retries, if it retries). */
export class TransportError extends Error {
  constructor(
    message: string,
    /** The HTTP status of the last attempt, when there was a response. */
    readonly status?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'TransportError';
  }
}
