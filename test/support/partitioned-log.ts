import { Client } from 'pg';
import { LogPartitions } from '../../src/log/partitions/log-partitions';
import { PartitionInterval } from '../../src/log/partitions/partition-interval';

const WEEK_MS = 7 * 86_400_000;

/**
 * Makes a freshly migrated (empty) log look like one that has been partitioned weekly for `weeks`
 * weeks: the partitions `migrate` made (the first holds everything before tomorrow) are dropped, and partitions
 * are made as a store running since then would have made them, week after week, up to today's.
 */
export async function logPartitionedSince(databaseUrl: string, weeks: number, interval: PartitionInterval = 'week'): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const [{ n }] = (await client.query('SELECT count(*)::int AS n FROM lineage_events')).rows;
    if (n !== 0) throw new Error('logPartitionedSince needs an empty log');
    const partitions = new LogPartitions(async (sql, params) => (await client.query(sql, params)).rows);
    for (const { name } of await partitions.list()) await client.query(`DROP TABLE ${name}`);
    const now = Date.now();
    for (let w = weeks; w >= 0; w--) await partitions.ensureAhead(interval, new Date(now - w * WEEK_MS));
  } finally {
    await client.end();
  }
}

/** Moves the given events to when they were received (the row moves to that time's partition). */
export async function receivedAt(databaseUrl: string, eventIds: string[], time: Date): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('UPDATE lineage_events SET received_at = $2 WHERE id = ANY($1::bigint[])', [eventIds, time]);
  } finally {
    await client.end();
  }
}
