import { Injectable, Logger, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PROJECTION_DATABASE } from '../database/database.module';
import { LineageEventEntity } from '../database/entities/lineage-event.entity';
import { selectColumns } from '../database/entity-columns';
import { DataSource, EntityManager } from 'typeorm';
import { compareEventIds, LoggedEvent } from './logged-event';
import { LogMetrics } from './log.metrics';
import { RecentEvents } from './recent-events';

const LOGGED_FIELDS = ['id', 'eventKind', 'eventType', 'eventTime', 'runId', 'jobNamespace', 'jobName', 'payload'] as const;
const LOGGED_COLUMNS = selectColumns(LineageEventEntity, LOGGED_FIELDS);

/** All SQL on `projection_queue` (ingest's insert is part of the log append). */
@Injectable()
export class ProjectionQueueRepository {
  private readonly logger = new Logger(ProjectionQueueRepository.name);

  constructor(
    @InjectDataSource(PROJECTION_DATABASE) private readonly dataSource: DataSource,
    private readonly metrics: LogMetrics,
    /** Only in a projector thread, which its replica's ingest tells what it committed. */
    @Optional() private readonly recent?: RecentEvents,
  ) {}

  /**
   * Takes up to `limit` queued events off the queue in this transaction, in log order: their
   * queue rows are deleted now and come back if the transaction rolls back, so a batch that fails
   * or a replica that dies mid-batch leaves its events queued. The delete locks the rows, and SKIP
   * LOCKED lets every worker of every replica take a different batch without waiting for the
   * others; locking the rows, then deleting them at the end, wrote each row twice. The payloads of
   * events this replica appended come from memory (RecentEvents) where there is one; the others
   * are read back.
   */
  async claim(manager: EntityManager, limit: number): Promise<LoggedEvent[]> {
    // TypeORM answers a DELETE with [rows, row count].
    const [claimed]: [Array<{ event_id: string }>, number] = await manager.query(
      // MATERIALIZED: the LIMIT ... SKIP LOCKED query runs once, whatever the plan.
      `WITH claimed AS MATERIALIZED (
         SELECT event_id FROM projection_queue ORDER BY event_id LIMIT $1 FOR UPDATE SKIP LOCKED
       )
       DELETE FROM projection_queue q USING claimed WHERE q.event_id = claimed.event_id RETURNING q.event_id`,
      [limit],
    );
    const ids = claimed.map((row) => String(row.event_id));
    const { found, missing } = this.recent ? this.recent.take(ids) : { found: [], missing: ids };
    const read = missing.length > 0 ? await this.read(manager, missing) : [];
    this.metrics.claimed(found.length, read.length);
    if (read.length < missing.length) {
      // Only retention (an event left unprojected longer than RETENTION_DAYS) or an operator's hand
      // removes a row from the log. Its queue row goes.
      const readIds = new Set(read.map((e) => e.eventId));
      const gone = missing.filter((id) => !readIds.has(id));
      this.logger.warn({ count: gone.length, eventIds: gone.slice(0, 20) }, 'projection: queued events missing from the log were dropped from the queue');
    }
    return [...found, ...read].sort((a, b) => compareEventIds(a.eventId, b.eventId));
  }

  private async read(manager: EntityManager, eventIds: string[]): Promise<LoggedEvent[]> {
    const rows: Array<Pick<LineageEventEntity, (typeof LOGGED_FIELDS)[number]>> = await manager.query(
      `SELECT ${LOGGED_COLUMNS} FROM lineage_events WHERE id = ANY($1::bigint[])`,
      [eventIds],
    );
    return rows.map(({ id, eventKind, payload, ...columns }) => ({
      ...columns,
      eventId: String(id),
      kind: eventKind,
      // An event's JSON is an object: envelope validation refused anything else.
      payload: payload as LoggedEvent['payload'],
    }));
  }

  /** Queues every logged event again (for `reproject`). */
  async enqueueAll(manager: EntityManager): Promise<number> {
    const queued = await manager.query(
      'INSERT INTO projection_queue (event_id) SELECT id FROM lineage_events ON CONFLICT (event_id) DO NOTHING RETURNING 1',
    );
    return queued.length;
  }

  /** Depth and the age in seconds of the oldest entry, for metrics and tests. */
  async stats(): Promise<{ depth: number; oldestAgeSeconds: number }> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS depth,
              coalesce(extract(epoch FROM now() - min(enqueued_at)), 0)::float8 AS age
         FROM projection_queue`,
    );
    return { depth: row.depth, oldestAgeSeconds: row.age };
  }
}
