import { Injectable } from '@nestjs/common';
import { Environment } from '../core/config/environment';
import { EventLogRepository, NewLogEvent } from '../log/event-log.repository';
import { GroupCommitter } from './group-commit';
import { IngestMetrics } from './ingest.metrics';

/** Group-commits events to the log. */
@Injectable()
export class EventWriter {
  private readonly committer: GroupCommitter<NewLogEvent>;

  constructor(env: Environment, repository: EventLogRepository, metrics: IngestMetrics) {
    this.committer = new GroupCommitter<NewLogEvent>(
      async (events) => {
        const started = performance.now();
        const duplicates = await repository.append(events);
        metrics.committedBatch(events.length, (performance.now() - started) / 1000);
        return duplicates;
      },
      { maxEvents: env.INGEST_FLUSH_MAX_EVENTS, maxWaitMs: env.INGEST_FLUSH_MAX_WAIT_MS, writers: env.INGEST_WRITERS },
    );
  }

  /** Resolves true when the event was a duplicate of one already stored. */
  write(event: NewLogEvent, deadlineMs?: number): Promise<boolean> {
    return this.committer.submit(event, deadlineMs);
  }

  idle(): Promise<void> {
    return this.committer.idle();
  }
}
