import { Client } from 'pg';
import { PROJECTION_TABLES } from '../../src/projection/tables';

/**
 * Every projection table, whole, with event ids replaced by the event's content hash: event ids
 * follow arrival order, the content does not. Two projections of the same events in any order
 * must give equal snapshots.
 */
export async function tableSnapshot(databaseUrl: string): Promise<Record<string, unknown[]>> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const snapshot: Record<string, unknown[]> = {};
    for (const table of PROJECTION_TABLES) {
      const { rows: columns } = await client.query(
        `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
        [table],
      );
      const select = columns.map(({ column_name: c }) =>
        /event_id$/.test(c) ? `(SELECT encode(content_hash, 'hex') FROM lineage_events WHERE id = t.${c}) AS ${c}` : `t.${c}::text AS ${c}`,
      );
      const { rows } = await client.query(`SELECT ${select.join(', ')} FROM ${table} t ORDER BY ${select.map((_, i) => i + 1).join(', ')}`);
      snapshot[table] = rows;
    }
    return snapshot;
  } finally {
    await client.end();
  }
}

/** Empties the log, every projection table and whatever references the log, so the next events get ids from 1 again. */
export async function emptyStore(databaseUrl: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`TRUNCATE projection_queue, lineage_events, lineage_event_keys, ${PROJECTION_TABLES.join(', ')} RESTART IDENTITY CASCADE`);
  } finally {
    await client.end();
  }
}

/** A deterministic shuffle (mulberry32), so a failing permutation can be reproduced. */
export function shuffled<T>(items: T[], seed: number): T[] {
  let a = seed >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
