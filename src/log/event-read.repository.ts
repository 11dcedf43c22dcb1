import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LineageEventEntity } from '../database/entities/lineage-event.entity';
import { selectColumns } from '../database/entity-columns';
import { InjectReadDataSource } from '../database/read-data-source';

const STORED_EVENT_FIELDS = ['id', 'receivedAt', 'eventKind', 'eventType', 'eventTime', 'runId', 'jobNamespace', 'jobName', 'producer', 'sourceType'] as const;
export type StoredEventRow = Pick<LineageEventEntity, (typeof STORED_EVENT_FIELDS)[number]> & {
  /** The event's JSON text as stored (as received). */
  payloadText: string;
};

/** Run events with `after <= event_time < before`; either bound may be absent. */
export interface EventTimeWindow {
  after?: Date;
  before?: Date;
}

/** A position in (event_time, id) order: the time as exact UTC text with microseconds. */
export interface RunEventKey {
  time: string;
  id: string;
}

export interface RunEventPageFilter extends EventTimeWindow {
  direction: 'asc' | 'desc';
  /** Rows strictly beyond this key in `direction`. */
  beyond?: RunEventKey;
  limit: number;
  offset: number;
}

export interface RunEventRow {
  key: RunEventKey;
  /** The event's JSON text as stored (as received). */
  payloadText: string;
}

export interface RunEventTypeCounts {
  start: number;
  complete: number;
  fail: number;
  abort: number;
}

const EXACT_UTC = `to_char(event_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Read queries on `lineage_events`. Run-event queries use lineage_events_run_time_idx. */
@Injectable()
export class EventReadRepository {
  constructor(@InjectReadDataSource() private readonly dataSource: DataSource) {}

  async findById(id: string): Promise<StoredEventRow | null> {
    const rows = await this.dataSource.query(
      `SELECT ${selectColumns(LineageEventEntity, STORED_EVENT_FIELDS)}, payload::text AS "payloadText"
         FROM lineage_events WHERE id = $1`,
      [id],
    );
    return rows[0] ? { ...rows[0], id: String(rows[0].id) } : null;
  }

  /**
   * A page of run events by (event_time, id). The page's ids come from the index alone (offset
   * rows are skipped there, without reading the log's rows); only the page's payloads are read.
   */
  async runEventPage(filter: RunEventPageFilter): Promise<RunEventRow[]> {
    const params: unknown[] = [];
    const where = this.windowClause(filter, params);
    const desc = filter.direction === 'desc';
    if (filter.beyond) {
      params.push(filter.beyond.time, filter.beyond.id);
      where.push(`(event_time, id) ${desc ? '<' : '>'} ($${params.length - 1}::timestamptz, $${params.length}::bigint)`);
    }
    const order = desc ? 'DESC' : 'ASC';
    params.push(filter.limit, filter.offset);
    const rows: Array<{ id: string; time: string; payload: string }> = await this.dataSource.query(
      `SELECT page.id, page.time, e.payload::text AS payload
         FROM (SELECT id, event_time, ${EXACT_UTC} AS time FROM lineage_events
                WHERE ${where.join(' AND ')}
                ORDER BY event_time ${order}, id ${order}
                LIMIT $${params.length - 1} OFFSET $${params.length}) page
         JOIN lineage_events e ON e.id = page.id
        ORDER BY page.event_time ${order}, page.id ${order}`,
      params,
    );
    return rows.map((r) => ({ key: { time: r.time, id: String(r.id) }, payloadText: r.payload }));
  }

  /** How many run events the window holds, counted from the index and stopped at `cap`. */
  async countRunEvents(window: EventTimeWindow, cap: number): Promise<number> {
    const params: unknown[] = [];
    const where = this.windowClause(window, params);
    params.push(cap);
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM lineage_events WHERE ${where.join(' AND ')} ORDER BY event_time, id LIMIT $${params.length}) capped`,
      params,
    );
    return row.n;
  }

  /**
   * Run events per event type in each [from, to) bucket, in bucket order, by the producers'
   * event time or by the time the store received them.
   */
  async runEventTypeCounts(buckets: Array<{ from: Date; to: Date }>, basis: 'event' | 'received' = 'event'): Promise<RunEventTypeCounts[]> {
    const time = basis === 'event' ? 'event_time' : 'received_at';
    const rows: RunEventTypeCounts[] = await this.dataSource.query(
      `SELECT count(*) FILTER (WHERE e.event_type = 'START')::int AS start,
              count(*) FILTER (WHERE e.event_type = 'COMPLETE')::int AS complete,
              count(*) FILTER (WHERE e.event_type = 'FAIL')::int AS fail,
              count(*) FILTER (WHERE e.event_type = 'ABORT')::int AS abort
         FROM unnest($1::timestamptz[], $2::timestamptz[]) WITH ORDINALITY AS b(t0, t1, ord)
         LEFT JOIN LATERAL (SELECT event_type FROM lineage_events
                             WHERE event_kind = 'run' AND ${time} >= b.t0 AND ${time} < b.t1) e ON true
        GROUP BY b.ord ORDER BY b.ord`,
      [buckets.map((b) => b.from), buckets.map((b) => b.to)],
    );
    return rows;
  }

  private windowClause(window: EventTimeWindow, params: unknown[]): string[] {
    const where = [`event_kind = 'run'`];
    if (window.after) {
      params.push(window.after.toISOString());
      where.push(`event_time >= $${params.length}`);
    }
    if (window.before) {
      params.push(window.before.toISOString());
      where.push(`event_time < $${params.length}`);
    }
    return where;
  }
}
