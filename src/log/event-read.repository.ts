import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface StoredEventRow {
  id: string;
  receivedAt: Date;
  eventKind: string;
  eventType: string | null;
  eventTime: Date;
  runId: string | null;
  jobNamespace: string | null;
  jobName: string | null;
  producer: string | null;
  sourceType: string;
  payload: Record<string, unknown>;
}

export interface EventPageFilter {
  before?: string;
  after?: string;
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** Read queries on `lineage_events`. */
@Injectable()
export class EventReadRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async findById(id: string): Promise<StoredEventRow | null> {
    const rows = await this.dataSource.query(
      `SELECT id, received_at AS "receivedAt", event_kind AS "eventKind", event_type AS "eventType",
              event_time AS "eventTime", run_id AS "runId", job_namespace AS "jobNamespace", job_name AS "jobName",
              producer, source_type AS "sourceType", payload
         FROM lineage_events WHERE id = $1`,
      [id],
    );
    return rows[0] ? { ...rows[0], id: String(rows[0].id) } : null;
  }

  /** Marquez's /events/lineage: payloads by event time, with the total matching count. */
  async page(filter: EventPageFilter): Promise<{ payloads: unknown[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.before) {
      params.push(filter.before);
      where.push(`event_time < $${params.length}`);
    }
    if (filter.after) {
      params.push(filter.after);
      where.push(`event_time > $${params.length}`);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const direction = filter.direction === 'asc' ? 'ASC' : 'DESC';
    const [rows, [count]] = await Promise.all([
      this.dataSource.query(
        `SELECT payload FROM lineage_events ${clause}
          ORDER BY event_time ${direction}, id ${direction}
          LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, filter.limit, filter.offset],
      ),
      this.dataSource.query(`SELECT count(*)::int AS n FROM lineage_events ${clause}`, params),
    ]);
    return { payloads: rows.map((r: { payload: unknown }) => r.payload), total: count.n };
  }
}
