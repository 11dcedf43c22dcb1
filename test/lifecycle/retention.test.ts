/**
 * The partitioned log and retention, on the real PostgreSQL through the whole service: events
 * received over many weeks land in many partitions, a dry run changes nothing, retention drops the
 * old partitions with the read rows only their events explain, and the store keeps taking and
 * serving events while it does.
 */
import { randomUUID } from 'node:crypto';
import { retention, retentionLines } from '../../src/cli/retention-command';
import { RetentionReport } from '../../src/lifecycle/retention';
import { LogLifecycle } from '../../src/lifecycle/log-lifecycle.service';
import { ProjectionWriter } from '../../src/projection/projection-writer.service';
import { createDatabase, query } from '../support/database';
import { InProcessApp, startInProcessApp } from '../support/in-process-app';
import { migrate } from '../../src/cli/migrate';
import { logPartitionedSince, receivedAt } from '../support/partitioned-log';
import { tableSnapshot } from '../support/model-snapshot';

const NS = 'trino://retention:8080';
const WEEKS = 12;
const WEEK_MS = 7 * 86_400_000;
const RETENTION_DAYS = 30;

/** A run of `job`: START and COMPLETE, reading a shared table and writing the job's own, with a schema. */
function runEvents(job: string, week: number): object[] {
  const runId = randomUUID();
  const time = (minutes: number) => new Date(Date.UTC(2026, 0, 1) + week * WEEK_MS + minutes * 60_000).toISOString();
  const base = {
    producer: 'https://github.com/trinodb/trino/plugin/trino-openlineage',
    schemaURL: 'https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent',
    run: { runId },
    job: { namespace: NS, name: job },
    inputs: [{ namespace: NS, name: 'hive.shared.orders' }],
  };
  const output = {
    namespace: NS,
    name: `hive.out.${job}`,
    facets: { schema: { _producer: 'p', _schemaURL: 's', fields: [{ name: 'id', type: 'bigint' }, { name: `w${week}`, type: 'varchar' }] } },
  };
  return [
    { ...base, eventType: 'START', eventTime: time(0), outputs: [{ namespace: NS, name: `hive.out.${job}` }] },
    { ...base, eventType: 'COMPLETE', eventTime: time(5), outputs: [output] },
  ];
}

async function post(store: InProcessApp, event: object): Promise<number> {
  const res = await store.request('POST', '/api/v1/lineage', event);
  return res.status;
}

async function project(store: InProcessApp): Promise<void> {
  const writer = store.app.get(ProjectionWriter);
  while ((await writer.projectBatch(500)).length > 0);
}

async function eventCount(url: string): Promise<number> {
  return (await query<{ n: number }>(url, 'SELECT count(*)::int AS n FROM lineage_events'))[0].n;
}

/** A store whose log has weekly partitions for WEEKS weeks, with one run of each of 3 jobs received in every week. */
async function storeWithHistory(): Promise<{ store: InProcessApp; events: Array<{ week: number; event: any }> }> {
  const url = await createDatabase('retention');
  await migrate({ url });
  await logPartitionedSince(url, WEEKS);
  const store = await startInProcessApp({}, url);
  const events: Array<{ week: number; event: any }> = [];
  for (let week = WEEKS; week >= 0; week--) {
    for (const job of ['daily_orders', 'daily_customers', `once_${week}`]) {
      for (const event of runEvents(job, WEEKS - week)) {
        expect(await post(store, event)).toBe(201);
        events.push({ week, event });
      }
    }
    const runIds = [...new Set(events.filter((e) => e.week === week).map((e) => e.event.run.runId))];
    const ids = await query<{ id: string }>(url, 'SELECT id FROM lineage_events WHERE run_id = ANY($1::uuid[])', [runIds]);
    await receivedAt(url, ids.map((r) => r.id), new Date(Date.now() - week * WEEK_MS - 3_600_000));
  }
  await project(store);
  return { store, events };
}

/** Every line of the log's export (GET /api/v1/export/events), following Next-Cursor. */
async function exportedLog(store: InProcessApp): Promise<string[]> {
  const lines: string[] = [];
  let cursor: string | undefined;
  do {
    const res = await store.app.inject({ method: 'GET', url: `/api/v1/export/events?limit=1000${cursor ? `&cursor=${cursor}` : ''}` });
    expect(res.statusCode).toBe(200);
    lines.push(...res.body.split('\n').filter((line) => line !== ''));
    cursor = res.headers['next-cursor'] as string | undefined;
  } while (cursor);
  return lines;
}

describe('the partitioned log and retention', () => {
  let store: InProcessApp;
  let events: Array<{ week: number; event: any }>;
  let url: string;

  beforeAll(async () => {
    ({ store, events } = await storeWithHistory());
    url = store.databaseUrl;
  });
  afterAll(async () => {
    await store?.close();
  });

  it('keeps events received over many weeks in as many partitions, each found by id and deduplicated across them', async () => {
    const perPartition = await query<{ partition: string; n: number }>(
      url,
      'SELECT tableoid::regclass::text AS partition, count(*)::int AS n FROM lineage_events GROUP BY 1 ORDER BY 1',
    );
    expect(perPartition.length).toBeGreaterThanOrEqual(WEEKS);
    expect(perPartition.every((p) => /^lineage_events_p\d{8}$/.test(p.partition))).toBe(true);
    expect(await eventCount(url)).toBe(events.length);

    const [oldest] = await query<{ id: string }>(url, 'SELECT id FROM lineage_events ORDER BY received_at LIMIT 1');
    const read = await store.request('GET', `/api/v1/events/${oldest.id}`);
    expect(read.status).toBe(200);

    // The same event again, weeks after it was first received: stored once.
    const again = await store.request('POST', '/api/v1/lineage', events[0].event);
    expect([again.status, again.body]).toEqual([200, { status: 'duplicate' }]);
    expect(await eventCount(url)).toBe(events.length);
  });

  let dryRun: RetentionReport;

  it('dry run (metadata-store retention --dry-run): names the partitions and rows that would go, and changes nothing', async () => {
    const before = await tableSnapshot(url);
    const report = await retention({ url }, RETENTION_DAYS, true);
    dryRun = report;
    const oldWeeks = events.filter((e) => e.week * 7 > RETENTION_DAYS + 7);
    expect(report!.partitions.length).toBeGreaterThanOrEqual(WEEKS - Math.ceil(RETENTION_DAYS / 7) - 1);
    const wouldGo = report!.partitions.reduce((n, p) => n + p.events, 0);
    expect(wouldGo).toBeGreaterThanOrEqual(oldWeeks.length);
    expect(report!.partitions.every((p) => p.to.getTime() <= report!.cutoff.getTime() && p.bytes > 0)).toBe(true);
    expect(report!.removedRows.runs).toBe(wouldGo / 2);
    expect(retentionLines(report!).join('\n')).toMatch(/would retire lineage_events_p\d{8} .*: \d+ events, [\d,]+ bytes/);
    expect(await eventCount(url)).toBe(events.length);
    expect(await tableSnapshot(url)).toEqual(before);
  });

  it('a store serving with RETENTION_DAYS retires the partitions older than it with the runs only they held; entities stay', async () => {
    // One app at a time in this process (they share the metrics registry), as one replica.
    await store.close();
    const serving = await startInProcessApp({ RETENTION_DAYS: String(RETENTION_DAYS) }, url);
    await serving.app.get(LogLifecycle).runRound();
    await serving.close();
    store = await startInProcessApp({}, url);
    const report = dryRun;
    const retiredEvents = report.partitions.reduce((n, p) => n + p.events, 0);
    expect(report.partitions.length).toBeGreaterThan(0);
    expect(await eventCount(url)).toBe(events.length - retiredEvents);
    const [{ oldest }] = await query<{ oldest: Date }>(url, 'SELECT min(received_at) AS oldest FROM lineage_events');
    expect(oldest.getTime()).toBeGreaterThanOrEqual(report.cutoff.getTime() - WEEK_MS);
    const left = await query<{ name: string }>(url, `SELECT relname AS name FROM pg_class WHERE relname = ANY($1)`, [report.partitions.map((p) => p.name)]);
    expect(left).toEqual([]);

    // A retired run is gone from the read API; the job and the datasets it wrote stay listed.
    const retiredRun = events[0].event;
    expect((await store.request('GET', `/api/v1/jobs/runs/${retiredRun.run.runId}`)).status).toBe(404);
    const job = await store.request('GET', `/api/v1/namespaces/${encodeURIComponent(NS)}/jobs/${retiredRun.job.name}`);
    expect(job.status).toBe(200);
    const runs = await query<{ n: number }>(url, 'SELECT count(*)::int AS n FROM runs');
    expect(runs[0].n).toBe((events.length - retiredEvents) / 2);
    const datasets = await store.request('GET', `/api/v1/namespaces/${encodeURIComponent(NS)}/datasets?limit=100`);
    expect(datasets.body.totalCount).toBe(2 + WEEKS + 1 + 1);

    // A retired event's key is forgotten: sent again, it is a new event.
    expect(await post(store, events[0].event)).toBe(201);
    expect(await eventCount(url)).toBe(events.length - retiredEvents + 1);
    await project(store);
  });

  it('after retention the model is still the projection of the log: reproject, and an export ingested by an empty store, give what a store that received only the kept events has', async () => {
    const kept = await query<{ payload: string }>(url, 'SELECT payload::text AS payload FROM lineage_events ORDER BY id');
    const runLevel = ['runs', 'run_facets', 'run_datasets'];
    const retained = await tableSnapshot(url);

    const writer = store.app.get(ProjectionWriter);
    await writer.resetForReplay();
    await project(store);
    const reprojected = await tableSnapshot(url);
    const exported = await exportedLog(store);
    expect(exported.length).toBe(kept.length);
    await store.close();

    // One app at a time in this process (its metrics are the process's): each store closes before the next starts.
    const fresh = await startInProcessApp();
    let received: Awaited<ReturnType<typeof tableSnapshot>>;
    try {
      for (const { payload } of kept) expect(await post(fresh, JSON.parse(payload))).toBe(201);
      await project(fresh);
      received = await tableSnapshot(fresh.databaseUrl);
    } finally {
      await fresh.close();
    }
    expect(reprojected).toEqual(received);
    // Before the reprojection, the run-level rows retention left were already exactly those.
    for (const table of runLevel) expect(retained[table]).toEqual(received[table]);

    // The retained log's export, ingested by an empty store, gives the same model again.
    const imported = await startInProcessApp();
    try {
      for (const line of exported) expect(await post(imported, JSON.parse(line))).toBe(201);
      await project(imported);
      expect(await tableSnapshot(imported.databaseUrl)).toEqual(received);
    } finally {
      await imported.close();
      store = await startInProcessApp({}, url);
    }
  });
});
