import { Injectable, OnModuleInit } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { registered } from '../core/observability/metrics';
import { AsyncIngestQueue } from './async-queue.service';

/** The async ingest queue's depth, read when Prometheus scrapes. */
@Injectable()
export class AsyncQueueMetrics implements OnModuleInit {
  constructor(private readonly queue: AsyncIngestQueue) {}

  onModuleInit(): void {
    const depth = () => this.queue.depth;
    registered(
      'metadata_store_async_queue_events',
      () =>
        new Gauge({
          name: 'metadata_store_async_queue_events',
          help: 'Events acknowledged (202) and not yet committed (INGEST_MODE=async); lost on a crash, flushed on shutdown',
          collect() {
            this.set(depth().events);
          },
        }),
    );
    registered(
      'metadata_store_async_queue_bytes',
      () =>
        new Gauge({
          name: 'metadata_store_async_queue_bytes',
          help: 'Bytes of the events in the async ingest queue',
          collect() {
            this.set(depth().bytes);
          },
        }),
    );
  }
}
