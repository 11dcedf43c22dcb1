import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { observePoolQuery } from '../core/observability/metrics';
import { LineageEventEntity } from '../database/entities/lineage-event.entity';
import { AppendedEvent } from './logged-event';
import { LogNotifier } from './log-notifier';

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
  /** The event's JSON text as received (UTF-8): stored byte for byte; contentHash is its hash. */
  json: Buffer;
  sourceType: 'anonymous';
  sourcePrincipal: string | null;
  peerAddress: string | null;
  userAgent: string | null;
}

/**
 * One statement for every batch size, so each connection parses and plans it once: the columns
 * as arrays, the payloads as one JSON array sent as bytes (its elements come out as their exact
 * text; no payload is re-encoded or escaped into an array literal). ROWS FROM zips them row by
 * row, in array order. An event is new when its content hash goes into lineage_event_keys: the
 * log is partitioned by received time, so no unique index of its own can span every partition
 * (docs/adr/0031-partitioned-log.md); the key insert waits for a concurrent batch holding the
 * same hash, exactly as a unique index would.
 */
const APPEND = {
  name: 'lineage_events_append',
  text: `
    WITH new_keys AS (
      INSERT INTO lineage_event_keys (content_hash) SELECT unnest($9::bytea[])
      ON CONFLICT (content_hash) DO NOTHING
      RETURNING content_hash
    ), inserted AS (
      INSERT INTO lineage_events (event_kind, event_type, event_time, run_id, job_namespace, job_name, producer,
                                  schema_url, content_hash, payload, payload_bytes, source_type, source_principal,
                                  peer_address, user_agent)
      SELECT kind, event_type, event_time, run_id, job_namespace, job_name, producer, schema_url, content_hash,
             payload, octet_length(payload::text), source_type, source_principal, peer_address, user_agent
        FROM ROWS FROM (
               unnest($1::text[]), unnest($2::text[]), unnest($3::timestamptz[]), unnest($4::uuid[]),
               unnest($5::text[]), unnest($6::text[]), unnest($7::text[]), unnest($8::text[]), unnest($9::bytea[]),
               unnest($10::text[]), unnest($11::text[]), unnest($12::text[]), unnest($13::text[]),
               json_array_elements($14::json)
             ) AS r(kind, event_type, event_time, run_id, job_namespace, job_name, producer, schema_url,
                    content_hash, source_type, source_principal, peer_address, user_agent, payload)
       WHERE content_hash IN (SELECT content_hash FROM new_keys)
      RETURNING id, content_hash, event_kind, event_type, event_time, run_id, job_namespace, job_name
    ), queued AS (
      INSERT INTO projection_queue (event_id) SELECT id FROM inserted
    )
    SELECT * FROM inserted`,
};

function appended(row: AppendedRow, event: NewLogEvent): AppendedEvent {
  return {
    eventId: String(row.id),
    kind: row.event_kind,
    eventType: row.event_type,
    eventTime: row.event_time,
    runId: row.run_id,
    jobNamespace: row.job_namespace,
    jobName: row.job_name,
    json: event.json,
  };
}

const [OPEN, COMMA, CLOSE] = ['[', ',', ']'].map((c) => Buffer.from(c));

/** The append statement for events of distinct content hashes, in the order they are to lock. */
export function appendStatement(events: NewLogEvent[]): { name: string; text: string; values: unknown[] } {
  return { ...APPEND, values: parameters(events) };
}

function parameters(events: NewLogEvent[]): unknown[] {
  const columns: unknown[][] = Array.from({ length: 13 }, () => new Array(events.length));
  events.forEach((e, i) => {
    columns[0][i] = e.kind;
    columns[1][i] = e.eventType;
    columns[2][i] = e.eventTime;
    columns[3][i] = e.runId;
    columns[4][i] = e.jobNamespace;
    columns[5][i] = e.jobName;
    columns[6][i] = e.producer;
    columns[7][i] = e.schemaUrl;
    columns[8][i] = e.contentHash;
    columns[9][i] = e.sourceType;
    columns[10][i] = e.sourcePrincipal;
    columns[11][i] = e.peerAddress;
    columns[12][i] = e.userAgent;
  });
  const payloads: Buffer[] = [];
  for (const e of events) payloads.push(payloads.length === 0 ? OPEN : COMMA, e.json);
  payloads.push(CLOSE);
  // A Buffer parameter goes in binary format: json's binary input is its text.
  return [...columns, Buffer.concat(payloads)];
}

type Stored = LineageEventEntity;
/** A stored row as the append returns it: the columns as the log holds them (its id and time). */
interface AppendedRow {
  id: Stored['id'];
  content_hash: Stored['contentHash'];
  event_kind: Stored['eventKind'];
  event_type: Stored['eventType'];
  event_time: Stored['eventTime'];
  run_id: Stored['runId'];
  job_namespace: Stored['jobNamespace'];
  job_name: Stored['jobName'];
}

/**
 * The only writer of `lineage_events` and of new `projection_queue` rows. The log is
 * append-only: this class has no update or delete.
 */
@Injectable()
export class EventLogRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly notifier: LogNotifier,
  ) {}

  /** TypeORM's pg pool: its query runner cannot name (and so prepare once) a statement. */
  private get pool(): Pool {
    return (this.dataSource.driver as unknown as { master: Pool }).master;
  }

  /**
   * Appends the events and queues them for projection in one statement. An event whose content
   * hash is already in the log is not stored again. Rows go in sorted by hash, so concurrent
   * batches that hold the same events lock them in the same order. Returns, per input event,
   * whether it was a duplicate (already stored, or earlier in this same batch). The events stored
   * are told to this replica's listeners (LogNotifier) once committed. `inGivenOrder` (an import,
   * one writer replaying another log) appends them in the order given, so that they get ids in
   * that order; a concurrent batch holding the same events may then deadlock with it, and
   * PostgreSQL aborts one of the two.
   */
  async append(events: NewLogEvent[], options: { inGivenOrder?: boolean } = {}): Promise<boolean[]> {
    const hashes = events.map((event) => event.contentHash.toString('hex'));
    const byHash = new Map<string, NewLogEvent>();
    events.forEach((event, i) => {
      if (!byHash.has(hashes[i])) byHash.set(hashes[i], event);
    });
    const entries = [...byHash.entries()];
    const unique = (options.inGivenOrder ? entries : entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))).map(([, event]) => event);
    const started = process.hrtime.bigint();
    let rows: AppendedRow[];
    try {
      ({ rows } = await this.pool.query<AppendedRow>(appendStatement(unique)));
    } catch (error) {
      observePoolQuery(APPEND.text, false, Number(process.hrtime.bigint() - started) / 1e9);
      throw error;
    }
    observePoolQuery(APPEND.text, true, Number(process.hrtime.bigint() - started) / 1e9);
    const stored = new Set<string>();
    const appendedEvents = rows.map((row) => {
      const hash = row.content_hash.toString('hex');
      stored.add(hash);
      return appended(row, byHash.get(hash)!);
    });
    // One statement outside a transaction: its rows are committed once it returns.
    this.notifier.committed(appendedEvents);
    const seen = new Set<string>();
    return hashes.map((hash) => {
      const duplicate = !stored.has(hash) || seen.has(hash);
      seen.add(hash);
      return duplicate;
    });
  }
}
