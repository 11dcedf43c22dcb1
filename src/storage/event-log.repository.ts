import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** One event ready for the log: extracted columns plus the JSON text to store verbatim. */
export interface NewLogEvent {
  kind: 'run' | 'job' | 'dataset';
  eventType: string | null;
  eventTime: string;
  runId: string | null;
  jobNamespace: string | null;
  jobName: string | null;
  producer: string | null;
  schemaUrl: string | null;
  contentHash: Buffer;
  json: string;
  sourceType: 'anonymous';
  sourcePrincipal: string | null;
  peerAddress: string | null;
  userAgent: string | null;
}

const COLUMNS = [
  'event_kind', 'event_type', 'event_time', 'run_id', 'job_namespace', 'job_name', 'producer',
  'schema_url', 'content_hash', 'payload', 'payload_bytes', 'source_type', 'source_principal',
  'peer_address', 'user_agent',
];

function rowValues(e: NewLogEvent): unknown[] {
  return [
    e.kind, e.eventType, e.eventTime, e.runId, e.jobNamespace, e.jobName, e.producer, e.schemaUrl,
    e.contentHash, e.json, Buffer.byteLength(e.json), e.sourceType, e.sourcePrincipal, e.peerAddress,
    e.userAgent,
  ];
}

/**
 * The only writer of `lineage_events` and of new `projection_queue` rows. The log is
 * append-only: this class has no update or delete.
 */
@Injectable()
export class EventLogRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Appends the events and queues them for projection in one transaction. An event whose
   * content hash is already in the log is not stored again. Returns, per input row, whether it
   * was a duplicate of an event already stored.
   */
  async append(events: NewLogEvent[]): Promise<boolean[]> {
    const values: unknown[] = [];
    const tuples = events.map((event) => {
      const start = values.length;
      values.push(...rowValues(event));
      return `(${COLUMNS.map((_, i) => `$${start + i + 1}`).join(', ')})`;
    });
    const sql = `
      WITH inserted AS (
        INSERT INTO lineage_events (${COLUMNS.join(', ')})
        VALUES ${tuples.join(', ')}
        ON CONFLICT (content_hash) DO NOTHING
        RETURNING id, content_hash
      ), queued AS (
        INSERT INTO projection_queue (event_id) SELECT id FROM inserted
      )
      SELECT content_hash FROM inserted`;
    const inserted: Array<{ content_hash: Buffer }> = await this.dataSource.query(sql, values);
    const stored = new Set(inserted.map((row) => row.content_hash.toString('hex')));
    return events.map((event) => !stored.has(event.contentHash.toString('hex')));
  }

  async count(): Promise<number> {
    const [row] = await this.dataSource.query('SELECT count(*)::int AS n FROM lineage_events');
    return row.n;
  }
}
