import { Client } from 'pg';
import { createDatabase } from './database';

/**
 * Marquez's `lineage_events` as its Flyway migrations leave it (MarquezProject/marquez,
 * api/src/main/resources/marquez/db/migration/), replayed in order: V17.2 creates it, V20 drops
 * its primary key, V33 adds run_uuid (filled by a trigger from run_id), V36 drops run_id and the
 * trigger, V47 indexes event_time, V54 adds created_at, and a later one adds _event_type.
 */
const MARQUEZ_LINEAGE_EVENTS_MIGRATIONS = [
  `CREATE TABLE lineage_events (
     event_time timestamp with time zone,
     event jsonb,
     event_type text,
     run_id text,
     job_name text,
     job_namespace text,
     producer text,
     CONSTRAINT lineage_event_pk PRIMARY KEY (event_time, event)
   )`,
  `ALTER TABLE lineage_events DROP CONSTRAINT lineage_event_pk`,
  `ALTER TABLE lineage_events ADD run_uuid uuid`,
  `CREATE INDEX lineage_events_run_id_index ON lineage_events (run_uuid)`,
  `CREATE INDEX lineage_events_job_name_index ON lineage_events (job_name, job_namespace)`,
  `CREATE OR REPLACE FUNCTION write_run_uuid() RETURNS trigger LANGUAGE plpgsql AS
   $func$ BEGIN NEW.run_uuid := NEW.run_id::uuid; RETURN NEW; END $func$`,
  `CREATE TRIGGER lineage_events_run_uuid BEFORE INSERT ON lineage_events FOR EACH ROW
     WHEN (NEW.run_uuid IS NULL AND NEW.run_id IS NOT NULL) EXECUTE PROCEDURE write_run_uuid()`,
  `DROP TRIGGER lineage_events_run_uuid ON lineage_events`,
  `DROP FUNCTION write_run_uuid`,
  `ALTER TABLE lineage_events DROP COLUMN run_id`,
  `CREATE INDEX lineage_events_event_time ON lineage_events (event_time DESC)`,
  `ALTER TABLE lineage_events ADD created_at TIMESTAMP`,
  `CREATE INDEX lineage_events_created_at_index ON lineage_events (created_at DESC)`,
  `ALTER TABLE lineage_events ALTER COLUMN created_at SET DEFAULT (now() AT TIME ZONE 'UTC')`,
  `ALTER TABLE lineage_events ADD COLUMN _event_type VARCHAR(64)`,
  `ALTER TABLE lineage_events ALTER COLUMN _event_type SET DEFAULT 'RUN_EVENT'`,
];

/** A fresh database holding Marquez's `lineage_events` table, empty; returns its URL. */
export async function marquezDatabase(): Promise<string> {
  const url = await createDatabase('marquez');
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of MARQUEZ_LINEAGE_EVENTS_MIGRATIONS) await client.query(statement);
  } finally {
    await client.end();
  }
  return url;
}

/** A row as Marquez writes it for an event: its columns from the event, `created_at` when it was received. */
export interface MarquezRow {
  event: Record<string, any>;
  createdAt: string | null;
}

/**
 * Inserts the rows as Marquez's OpenLineageDao does: the event as jsonb, its time, type, run,
 * job and producer, and the kind in _event_type.
 */
export async function insertMarquezEvents(url: string, rows: MarquezRow[]): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    for (const { event, createdAt } of rows) {
      const kind = event.run ? 'RUN_EVENT' : event.job ? 'JOB_EVENT' : 'DATASET_EVENT';
      await client.query(
        `INSERT INTO lineage_events (event_time, event, event_type, run_uuid, job_name, job_namespace, producer, created_at, _event_type)
         VALUES ($1, $2::jsonb, $3, $4, $5, $6, $7, $8, $9)`,
        [
          event.eventTime ?? null,
          JSON.stringify(event),
          event.eventType ?? null,
          /^[0-9a-f-]{36}$/i.test(event.run?.runId ?? '') ? event.run.runId : null,
          event.job?.name ?? null,
          event.job?.namespace ?? null,
          event.producer ?? null,
          createdAt,
          kind,
        ],
      );
    }
  } finally {
    await client.end();
  }
}
