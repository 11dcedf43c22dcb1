import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PROJECTION_DATABASE } from '../database/database.module';
import { DataSource, EntityManager } from 'typeorm';
import { LoggedEvent } from './logged-event';

/** All SQL on `projection_queue` (ingest's insert is part of the log append). */
@Injectable()
export class ProjectionQueueRepository {
  constructor(@InjectDataSource(PROJECTION_DATABASE) private readonly dataSource: DataSource) {}

  /**
   * Claims up to `limit` queued events for this transaction. SKIP LOCKED lets every worker of
   * every replica take a different batch without waiting for the others.
   */
  async claim(manager: EntityManager, limit: number): Promise<LoggedEvent[]> {
    const rows: Array<{
      id: string; event_kind: LoggedEvent['kind']; event_type: string | null; event_time: Date; run_id: string | null;
      job_namespace: string | null; job_name: string | null; payload: Record<string, unknown>;
    }> = await manager.query(
      // Claim first, then join: the planner then looks events up by id instead of hashing the log.
      `WITH claimed AS (
         SELECT event_id FROM projection_queue ORDER BY event_id LIMIT $1 FOR UPDATE SKIP LOCKED
       )
       SELECT e.id, e.event_kind, e.event_type, e.event_time, e.run_id, e.job_namespace, e.job_name, e.payload
         FROM claimed JOIN lineage_events e ON e.id = claimed.event_id
        ORDER BY e.id`,
      [limit],
    );
    return rows.map((r) => ({
      eventId: String(r.id),
      kind: r.event_kind,
      eventType: r.event_type,
      eventTime: r.event_time,
      runId: r.run_id,
      jobNamespace: r.job_namespace,
      jobName: r.job_name,
      payload: r.payload,
    }));
  }

  async remove(manager: EntityManager, eventIds: string[]): Promise<void> {
    await manager.query('DELETE FROM projection_queue WHERE event_id = ANY($1::bigint[])', [eventIds]);
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
