import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { startDefaultMetrics, StopDefaultMetrics } from '../core/observability/default-metrics';
import type { ForwarderEvents } from './forwarder';

const EVENT_LOOP_SAMPLE_MS = 100;

interface SpoolState {
  depth: number;
  diskBytes: number;
  maxBytes: number;
  oldestReceivedAt: number | null;
}

/** The relay's Prometheus series, in a registry of its own (served at /metrics). */
export class RelayMetrics implements ForwarderEvents {
  readonly registry = new Registry();
  private readonly accepted: Counter;
  private readonly refusedAtDoor: Counter<'reason'>;
  private readonly forwardedTotal: Counter;
  private readonly failedTotal: Counter;
  private readonly batchFailures: Counter<'reason'>;
  readonly fsyncSeconds: Histogram;
  /** Stops the GC observer and event-loop monitor of the default metrics (the relay's stop). */
  readonly stopDefaultMetrics: StopDefaultMetrics;

  constructor(spool: () => SpoolState) {
    // The event-loop delay histogram samples on a timer: prom-client's 10 ms default wakes an idle
    // relay 100 times a second (its only work while no event arrives and the store is down).
    this.stopDefaultMetrics = startDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
    const registers = [this.registry];
    new Gauge({ name: 'relay_spool_events', help: 'Events in the spool not yet acknowledged by the store', registers, collect() { this.set(spool().depth); } });
    new Gauge({ name: 'relay_spool_bytes', help: 'Bytes the spool holds on disk', registers, collect() { this.set(spool().diskBytes); } });
    new Gauge({ name: 'relay_spool_max_bytes', help: 'RELAY_SPOOL_MAX_BYTES: above it events are answered 503', registers, collect() { this.set(spool().maxBytes); } });
    new Gauge({
      name: 'relay_spool_oldest_event_age_seconds',
      help: 'Age of the oldest event not yet acknowledged by the store (0 when the spool is empty)',
      registers,
      collect() {
        const oldest = spool().oldestReceivedAt;
        this.set(oldest === null ? 0 : Math.max(0, (Date.now() - oldest) / 1000));
      },
    });
    this.accepted = new Counter({ name: 'relay_events_accepted_total', help: 'Events spooled (on disk) and acknowledged to the producer', registers });
    this.refusedAtDoor = new Counter({
      name: 'relay_events_refused_total',
      help: 'Events the relay refused: invalid (the 4xx the store would give), spool_full or spool_error (503)',
      labelNames: ['reason'],
      registers,
    });
    this.forwardedTotal = new Counter({ name: 'relay_events_forwarded_total', help: 'Events the store acknowledged (stored or already stored)', registers });
    this.failedTotal = new Counter({ name: 'relay_events_failed_total', help: 'Events the store refused for good (a 4xx for the event); dropped from the spool', registers });
    this.batchFailures = new Counter({
      name: 'relay_forward_batch_failures_total',
      help: 'Batches the store did not take, to be sent again after a backoff',
      labelNames: ['reason'],
      registers,
    });
    this.fsyncSeconds = new Histogram({
      name: 'relay_spool_fsync_seconds',
      help: 'Time of each durable write of the spool (O_DSYNC: write and fdatasync in one), one per group of concurrent requests',
      buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers,
    });
  }

  spooled(count: number): void {
    this.accepted.inc(count);
  }

  refusedAtRelay(reason: 'invalid' | 'spool_full' | 'spool_error', count = 1): void {
    this.refusedAtDoor.inc({ reason }, count);
  }

  forwarded(count: number): void {
    if (count > 0) this.forwardedTotal.inc(count);
  }

  refused(count: number): void {
    this.failedTotal.inc(count);
  }

  batchFailed(reason: string): void {
    // Network error codes (ECONNREFUSED, ...) and a few kinds: a bounded label set.
    const label = /^[A-Z][A-Z_]+$/.test(reason) || reason === 'unavailable' || reason === 'timeout' ? reason : reason.startsWith('the store answered') ? 'http_status' : 'other';
    this.batchFailures.inc({ reason: label });
  }
}
