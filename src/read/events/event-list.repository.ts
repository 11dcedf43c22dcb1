import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LineageEventEntity } from '../../database/entities/lineage-event.entity';
import { selectColumns } from '../../database/entity-columns';
import { InjectReadDataSource } from '../../database/read-data-source';

const SUMMARY_FIELDS = ['id', 'receivedAt', 'eventKind', 'eventType', 'eventTime', 'runId', 'jobNamespace', 'jobName', 'producer'] as const;
/** An event's columns without its payload (the events page loads a payload when it is opened). */
export type EventSummaryRow = Pick<LineageEventEntity, (typeof SUMMARY_FIELDS)[number]>;

export interface EventListFilter {
  kind?: LineageEventEntity['eventKind'];
  eventType?: string;
  /** The job's namespace as the event names it. */
  namespace?: string;
  runId?: string;
  /** received_at >= receivedAfter */
  receivedAfter?: Date;
  /** received_at < receivedBefore */
  receivedBefore?: Date;
  /** Only events with a smaller id (received earlier) than this: the keyset cursor. */
  beforeId?: string;
}

/** The log in the order it was received (its id), newest first. */
@Injectable()
export class EventListRepository {
  constructor(@InjectReadDataSource() private readonly dataSource: DataSource) {}

  async page(filter: EventListFilter, limit: number): Promise<EventSummaryRow[]> {
    const params: unknown[] = [];
    const where = whereClause(filter, params);
    params.push(limit);
    const rows: EventSummaryRow[] = await this.dataSource.query(
      `SELECT ${selectColumns(LineageEventEntity, SUMMARY_FIELDS)} FROM lineage_events ${where} ORDER BY id DESC LIMIT $${params.length}`,
      params,
    );
    return rows.map((row) => ({ ...row, id: String(row.id) }));
  }

  /** The events the filter keeps (the cursor aside), stopped at `cap`. */
  async count(filter: EventListFilter, cap: number): Promise<number> {
    const params: unknown[] = [];
    const where = whereClause({ ...filter, beforeId: undefined }, params);
    params.push(cap);
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM lineage_events ${where} LIMIT $${params.length}) capped`,
      params,
    );
    return row.n;
  }
}

function whereClause(filter: EventListFilter, params: unknown[]): string {
  const where: string[] = [];
  const add = (sql: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (filter.kind) add((p) => `event_kind = ${p}`, filter.kind);
  if (filter.eventType) add((p) => `event_type = ${p}`, filter.eventType);
  if (filter.namespace) add((p) => `job_namespace = ${p}`, filter.namespace);
  if (filter.runId) add((p) => `run_id = ${p}::uuid`, filter.runId);
  if (filter.receivedAfter) add((p) => `received_at >= ${p}`, filter.receivedAfter.toISOString());
  if (filter.receivedBefore) add((p) => `received_at < ${p}`, filter.receivedBefore.toISOString());
  if (filter.beforeId) add((p) => `id < ${p}::bigint`, filter.beforeId);
  return where.length ? `WHERE ${where.join(' AND ')}` : '';
}
