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
   * Appends the events and queues them for projection in one statement. An event whose content
   * hash is already in the log is not stored again. Rows go in sorted by hash, so concurrent
   * batches that hold the same events lock them in the same order. Returns, per input event,
   * whether it was a duplicate (already stored, or earlier in this same batch).
   */
  async append(events: NewLogEvent[]): Promise<boolean[]> {
    const byHash = new Map<string, NewLogEvent>();
    for (const event of events) {
      const hash = event.contentHash.toString('hex');
      if (!byHash.has(hash)) byHash.set(hash, event);
    }
    const unique = [...byHash.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, event]) => event);
    const values: unknown[] = [];
    const tuples = unique.map((event) => {
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
    const seen = new Set<string>();
    return events.map((event) => {
      const hash = event.contentHash.toString('hex');
      const duplicate = !stored.has(hash) || seen.has(hash);
      seen.add(hash);
      return duplicate;
    });
  }
}
