import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { query } from '../support/database';
import { InProcessApp, startInProcessApp } from '../support/in-process-app';

/** Whether this PostgreSQL was built with lz4: only such a server accepts it as the TOAST method. */
async function serverHasLz4(databaseUrl: string): Promise<boolean> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SET default_toast_compression = lz4');
    return true;
  } catch {
    return false;
  } finally {
    await client.end();
  }
}

/** A run event of about 9 KB: over PostgreSQL's 2 KB TOAST threshold, so its payload is compressed. */
function largeEventText(runId: string): string {
  const sql = Array.from({ length: 120 }, (_, i) => `SELECT c${i}, sum(amount_${i}) FROM sales.orders_${i % 7} GROUP BY c${i}`).join(' UNION ALL ');
  return JSON.stringify({
    eventType: 'COMPLETE',
    eventTime: '2026-11-30T08:00:00.000Z',
    producer: 'https://github.com/trinodb/trino/plugin/trino-openlineage/478',
    schemaURL: 'https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent',
    run: { runId },
    job: { namespace: 'trino://trino:8080', name: `query_${runId}`, facets: { sql: { _producer: 'p', _schemaURL: 's', query: sql } } },
    inputs: [{ namespace: 'trino://trino:8080', name: 'sales.orders_0' }],
    outputs: [],
  });
}

describe('the log payload column', () => {
  let store: InProcessApp;

  beforeAll(async () => {
    store = await startInProcessApp();
  });

  afterAll(async () => {
    await store?.close();
  });

  it('compresses with lz4 where the server has it, pglz otherwise, and reads back the text as sent', async () => {
    const lz4 = await serverHasLz4(store.databaseUrl);
    const [column] = await query<{ method: string }>(
      store.databaseUrl,
      `SELECT attcompression AS method FROM pg_attribute WHERE attrelid = 'lineage_events'::regclass AND attname = 'payload'`,
    );
    expect(column.method).toBe(lz4 ? 'l' : '');

    const runId = randomUUID();
    const text = largeEventText(runId);
    const res = await store.request('POST', '/api/v1/lineage', text);
    expect(res.status).toBe(201);

    const [stored] = await query<{ method: string; payload: string; bytes: number }>(
      store.databaseUrl,
      'SELECT pg_column_compression(payload) AS method, payload::text AS payload, payload_bytes AS bytes FROM lineage_events WHERE run_id = $1',
      [runId],
    );
    expect(stored.method).toBe(lz4 ? 'lz4' : 'pglz');
    expect(stored.payload).toBe(text);
    expect(stored.bytes).toBe(Buffer.byteLength(text));
  });
});
