import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { get, post } from '../support/http';
import { adminQuery, databaseName, migratedDatabase, parseMetrics, Sample, sampleValue, waitFor } from './ops-support';
import { register } from 'prom-client';
import { gcHistogramCount, makeCollections } from '../support/gc-activity';
import { InProcessServer, startInProcessServer } from '../support/in-process-app';

async function scrape(url: string): Promise<Sample[]> {
  const res = await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(15000) });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return parseMetrics(await res.text());
}

describe('metrics at /metrics', () => {
  let store: InProcessServer | undefined;
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });

  it('exposes process, HTTP (bounded route labels), ingest, projection queue, pool and query metrics after traffic', async () => {
    const databaseUrl = await migratedDatabase('ops_metrics');
    // No projector: the queue keeps what is ingested, so its depth and age are known.
    store = await startInProcessServer({ PROJECTION_WORKERS: '0', DATABASE_POOL_SIZE: '7' }, databaseUrl);

    expect((await post(`${store.url}/api/v1/lineage`, { ...runEventLike(), eventType: 'START' })).status).toBe(201);
    expect((await post(`${store.url}/api/v1/lineage`, runEventLike())).status).toBe(201);
    expect((await post(`${store.url}/api/v1/lineage`, { eventType: 'COMPLETE' })).status).toBe(400);
    const ids = [randomUUID(), randomUUID()];
    for (const id of ids) expect((await get(`${store.url}/api/v1/datasets/${id}`)).status).toBe(404);
    const scanned = Array.from({ length: 5 }, () => `/scan-${randomUUID()}`);
    for (const path of scanned) expect((await get(`${store.url}${path}`)).status).toBe(404);
    const samples = await waitFor('the queue\'s oldest entry to be over a second old', async () => {
      const scraped = await scrape(store!.url);
      return (sampleValue(scraped, 'metadata_store_projection_queue_oldest_age_seconds') ?? 0) > 1 && scraped;
    });
    const names = new Set(samples.map((s) => s.name));

    // Process defaults.
    for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) {
      expect(names).toContain(name);
    }

    // HTTP duration by method, route template and status; every unmatched URL shares one label.
    const http = 'metadata_store_http_request_duration_seconds_count';
    expect(sampleValue(samples, http, { method: 'POST', route: '/api/v1/lineage', status_code: '201' })).toBe(2);
    expect(sampleValue(samples, http, { method: 'POST', route: '/api/v1/lineage', status_code: '400' })).toBe(1);
    expect(sampleValue(samples, http, { method: 'GET', route: '/api/v1/datasets/:id', status_code: '404' })).toBe(2);
    expect(sampleValue(samples, http, { method: 'GET', route: 'unmatched', status_code: '404' })).toBe(5);
    const routeLabels = new Set(samples.filter((s) => s.name.startsWith('metadata_store_http_')).map((s) => s.labels.route));
    for (const value of routeLabels) {
      expect(value === 'unmatched' || !/[0-9a-f]{8}-[0-9a-f]{4}/.test(value)).toBe(true); // no ids, no scanned URLs
    }

    // Ingest counters.
    expect(sampleValue(samples, 'metadata_store_events_received_total', { kind: 'run', event_type: 'START' })).toBe(1);
    expect(sampleValue(samples, 'metadata_store_events_received_total', { kind: 'run', event_type: 'COMPLETE' })).toBe(1);
    expect(sampleValue(samples, 'metadata_store_events_rejected_total', { reason: 'invalid' })).toBe(1);

    // Projection queue, read from PostgreSQL on scrape.
    expect(sampleValue(samples, 'metadata_store_projection_queue_depth')).toBe(2);
    expect(sampleValue(samples, 'metadata_store_projection_queue_oldest_age_seconds')).toBeGreaterThan(1);

    // Pool.
    expect(sampleValue(samples, 'metadata_store_db_pool_max_connections')).toBe(7);
    const inUse = sampleValue(samples, 'metadata_store_db_pool_connections', { state: 'in_use' });
    const idle = sampleValue(samples, 'metadata_store_db_pool_connections', { state: 'idle' });
    expect(inUse).toBeGreaterThanOrEqual(0);
    expect(idle).toBeGreaterThanOrEqual(1);
    expect(inUse! + idle!).toBeLessThanOrEqual(7);
    expect(sampleValue(samples, 'metadata_store_db_pool_waiting_requests')).toBe(0);

    // Query durations, by operation and outcome.
    const queries = samples.filter((s) => s.name === 'metadata_store_db_query_duration_seconds_count');
    expect(queries.find((s) => s.labels.operation === 'SELECT' && s.labels.outcome === 'ok')?.value).toBeGreaterThan(0);
    expect(queries.filter((s) => ['INSERT', 'WITH'].includes(s.labels.operation)).reduce((n, s) => n + s.value, 0)).toBeGreaterThan(0);

    expect(samples.find((s) => s.name === 'metadata_store_build_info')?.labels.openlineage_spec).toBe('2-0-2');
    expect(names).not.toContain('metadata_store_tls_certificate_not_after_seconds'); // no TLS here
  });

  it('the process metrics stop with the app: once it is closed, its GC histogram counts no more collections', async () => {
    store = await startInProcessServer({ PROJECTION_WORKERS: '0' });
    const histogram = register.getSingleMetric('nodejs_gc_duration_seconds');
    await makeCollections(1);
    expect(await gcHistogramCount(histogram)).toBeGreaterThan(0);
    await store.close();
    store = undefined;
    const countedAtClose = await gcHistogramCount(histogram);
    await makeCollections(3);
    expect(await gcHistogramCount(histogram)).toBe(countedAtClose);
  });

  it('a database that does not answer does not hang /metrics: the queue gauges read NaN after READINESS_TIMEOUT_MS', async () => {
    const databaseUrl = await migratedDatabase('ops_metrics_hang');
    store = await startInProcessServer({ READINESS_TIMEOUT_MS: '300', PROJECTION_WORKERS: '0' }, databaseUrl); // workers would wait on the lock too
    // Hold an exclusive lock on the queue: the stats query waits for it forever.
    const locker = new Client({ connectionString: databaseUrl });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE projection_queue IN ACCESS EXCLUSIVE MODE');
      const started = Date.now();
      const samples = await scrape(store.url);
      console.log(`/metrics answered in ${Date.now() - started} ms with the projection queue locked`);
      expect(sampleValue(samples, 'metadata_store_projection_queue_depth')).toBeNaN();
      expect(sampleValue(samples, 'metadata_store_projection_queue_oldest_age_seconds')).toBeNaN();
      expect(sampleValue(samples, 'metadata_store_db_pool_max_connections')).toBe(10); // the rest is there

      // Later scrapes wait on the same stuck query instead of piling up connections behind the lock.
      for (let i = 0; i < 3; i++) expect(sampleValue(await scrape(store.url), 'metadata_store_projection_queue_depth')).toBeNaN();
      const [{ n }] = await adminQuery<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'",
        [databaseName(databaseUrl)],
      );
      expect(n).toBe(1);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    const after = await scrape(store.url);
    expect(sampleValue(after, 'metadata_store_projection_queue_depth')).toBe(0);
  });
});

function runEventLike(): Record<string, unknown> {
  return {
    eventType: 'COMPLETE',
    eventTime: new Date().toISOString(),
    producer: 'https://example.com/ops-test',
    run: { runId: randomUUID() },
    job: { namespace: 'ops://metrics', name: 'job' },
    inputs: [],
    outputs: [],
  };
}
