import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { InjectReadDataSource } from '../database/read-data-source';

/** Events received in `after <= received_at < before`, beyond `afterId` in log order; any bound may be absent. */
export interface ExportScan {
  after?: Date;
  before?: Date;
  afterId?: string;
  /** At most this many events are examined. */
  limit: number;
}

/** An event the scan examined: enough to choose it and to size the read of its payload. */
export interface ExportEntry {
  id: string;
  jobNamespace: string | null;
  bytes: number;
}

/**
 * The export's reads of `lineage_events`, in log (id) order, on the read pool: one short
 * statement per call, so that an export holds no connection between its reads and each read is
 * bounded by the read statement timeout. The received-time bounds are on the partition key of a
 * partitioned log.
 */
@Injectable()
export class EventExportRepository {
  constructor(@InjectReadDataSource() private readonly dataSource: DataSource) {}

  /** The next `limit` events of the window, without their payloads. */
  async scan(scan: ExportScan): Promise<ExportEntry[]> {
    const params: unknown[] = [];
    const where: string[] = [];
    if (scan.afterId) {
      params.push(scan.afterId);
      where.push(`id > $${params.length}::bigint`);
    }
    if (scan.after) {
      params.push(scan.after.toISOString());
      where.push(`received_at >= $${params.length}`);
    }
    if (scan.before) {
      params.push(scan.before.toISOString());
      where.push(`received_at < $${params.length}`);
    }
    params.push(scan.limit);
    const rows: Array<{ id: string; jobNamespace: string | null; bytes: number }> = await this.dataSource.query(
      `SELECT id, job_namespace AS "jobNamespace", payload_bytes AS bytes FROM lineage_events
        ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY id LIMIT $${params.length}`,
      params,
    );
    return rows.map((r) => ({ ...r, id: String(r.id) }));
  }

  /** The JSON text of each event as stored (as received), in log order. */
  async payloads(ids: string[]): Promise<Array<{ id: string; text: string }>> {
    const rows: Array<{ id: string; text: string }> = await this.dataSource.query(
      'SELECT id, payload::text AS text FROM lineage_events WHERE id = ANY($1::bigint[]) ORDER BY id',
      [ids],
    );
    return rows.map((r) => ({ id: String(r.id), text: r.text }));
  }
}
