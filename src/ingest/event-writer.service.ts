import { Injectable } from '@nestjs/common';
import { Environment } from '../config/environment';
import { EventLogRepository, NewLogEvent } from '../storage/event-log.repository';
import { ProjectionWorkers } from '../projection/projection-workers.service';
import { GroupCommitter } from './group-commit';
import { IngestMetrics } from './ingest.metrics';

/** Group-commits events to the log and wakes this replica's projectors after each commit. */
@Injectable()
export class EventWriter {
  private readonly committer: GroupCommitter<NewLogEvent>;

  constructor(env: Environment, repository: EventLogRepository, projection: ProjectionWorkers, metrics: IngestMetrics) {
    this.committer = new GroupCommitter<NewLogEvent>(
      async (events) => {
        const duplicates = await repository.append(events);
        metrics.committedBatch(events.length);
        projection.wake();
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
