/**
 * Retiring a partition while the store works: every event posted meanwhile is stored (none
 * refused, none lost) and every read answers.
 */
import { randomUUID } from 'node:crypto';
import { retention } from '../../src/cli/retention-command';
import { migrate } from '../../src/cli/migrate';
import { createDatabase, query } from '../support/database';
import { InProcessApp, startInProcessApp } from '../support/in-process-app';
import { logPartitionedSince } from '../support/partitioned-log';

const NS = 'trino://under-load:8080';
const OLD_EVENTS = 30_000;

function event(i: number): object {
  return {
    eventType: 'COMPLETE',
    eventTime: new Date().toISOString(),
    producer: 'https://github.com/trinodb/trino/plugin/trino-openlineage',
    schemaURL: 'https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent',
    run: { runId: randomUUID() },
    job: { namespace: NS, name: `query_${i}` },
    inputs: [{ namespace: NS, name: 'hive.load.orders' }],
    outputs: [{ namespace: NS, name: `hive.load.out_${i % 10}` }],
  };
}

describe('retiring a partition under load', () => {
  let store: InProcessApp;

  beforeAll(async () => {
    const url = await createDatabase('under_load');
    await migrate({ url });
    await logPartitionedSince(url, 8);
    // A partition received six weeks ago, full of events (and their keys), written by SQL for speed.
    await query(
      url,
      `WITH old AS (
         INSERT INTO lineage_events (received_at, event_kind, event_type, event_time, run_id, job_namespace, job_name, content_hash, payload, payload_bytes)
         SELECT now() - interval '6 weeks', 'run', 'COMPLETE', now() - interval '6 weeks', gen_random_uuid(), 'old', 'job_' || (i % 100),
                sha256(convert_to('old-' || i, 'UTF8')), json_build_object('i', i), 10
           FROM generate_series(1, ${OLD_EVENTS}) AS i
         RETURNING content_hash)
       INSERT INTO lineage_event_keys (content_hash) SELECT content_hash FROM old`,
    );
    store = await startInProcessApp({}, url);
    await store.ingestAndProject([event(-1)]);
  });
  afterAll(async () => {
    await store?.close();
  });

  it('stores every event posted and answers every read while the partition is detached, emptied of keys and dropped', async () => {
    const url = store.databaseUrl;
    const [{ n: before }] = await query<{ n: number }>(url, 'SELECT count(*)::int AS n FROM lineage_events');
    let done = false;
    const retiring = retention({ url }, 30, false).finally(() => (done = true));

    const statuses = new Map<string, number[]>();
    const note = (what: string, status: number) => statuses.set(what, [...(statuses.get(what) ?? []), status]);
    let posted = 0;
    do {
      const ingest = store.request('POST', '/api/v1/lineage', event(posted++));
      const reads = [
        ['datasets', `/api/v1/namespaces/${encodeURIComponent(NS)}/datasets`],
        ['events', '/api/v1/events/lineage?limit=5'],
        ['search', '/api/v1/search?q=orders'],
      ].map(async ([what, path]) => note(what, (await store.request('GET', path)).status));
      note('ingest', (await ingest).status);
      await Promise.all(reads);
    } while (!done);
    const report = await retiring;

    expect(report.partitions.filter((p) => p.events > 0).map((p) => p.events)).toEqual([OLD_EVENTS]);
    for (const [what, seen] of statuses) expect([what, [...new Set(seen)]]).toEqual([what, what === 'ingest' ? [201] : [200]]);
    const [{ n: after }] = await query<{ n: number }>(url, 'SELECT count(*)::int AS n FROM lineage_events');
    expect(after).toBe(before - OLD_EVENTS + posted);
    const [{ n: keys }] = await query<{ n: number }>(url, 'SELECT count(*)::int AS n FROM lineage_event_keys');
    expect(keys).toBe(after);
  });
});
