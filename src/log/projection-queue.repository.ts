import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PROJECTION_DATABASE } from '../database/database.module';
import { DataSource, EntityManager } from 'typeorm';
import { LoggedEvent } from './logged-event';

/** One of `count` disjoint shares of the queue, by job. */
export interface JobShare {
  index: number;
  count: number;
}

/** All SQL on `projection_queue` (ingest's insert is part of the log append). */
@Injectable()
export class ProjectionQueueRepository {
  constructor(@InjectDataSource(PROJECTION_DATABASE) private readonly dataSource: DataSource) {}

  /**
   * Claims up to `limit` queued events for this transaction. SKIP LOCKED lets every worker of
   * every replica take a different batch without waiting for the others. With a `share`, only
   * events whose job falls in that share (a hash of the job's namespace and name): two workers
   * that take different shares never write the same job's or run's rows, so neither waits on the
   * other's locks until the hub rows at the end of a batch.
   */
  async claim(manager: EntityManager, limit: number, share?: JobShare): Promise<LoggedEvent[]> {
    const params: unknown[] = [limit];
    let inShare = '';
    if (share) {
      params.push(share.count, share.index);
      inShare = `AND mod(hashtext(coalesce(e.job_namespace, '') || ':' || coalesce(e.job_name, ''))::bigint + 2147483648, $2) = $3`;
    }
    const rows: Array<{
      id: string; event_kind: LoggedEvent['kind']; event_type: string | null; event_time: Date; run_id: string | null;
      job_namespace: string | null; job_name: string | null; payload: Record<string, unknown>;
    }> = await manager.query(
      // Claim first, then read the payloads: the planner then looks events up by id instead of
      // hashing the log.
      `WITH claimed AS (
         SELECT q.event_id FROM projection_queue q
           ${share ? 'JOIN lineage_events e ON e.id = q.event_id' : ''}
          WHERE true ${inShare}
          ORDER BY q.event_id LIMIT $1 FOR UPDATE OF q SKIP LOCKED
       )
       SELECT e.id, e.event_kind, e.event_type, e.event_time, e.run_id, e.job_namespace, e.job_name, e.payload
         FROM claimed JOIN lineage_events e ON e.id = claimed.event_id
        ORDER BY e.id`,
      params,
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
