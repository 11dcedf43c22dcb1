import { randomUUID } from 'node:crypto';
import { countEvents, createDatabase, query } from '../support/database';
import { post } from '../support/http';
import { runCommand, startStore, StoreProcess } from '../support/store-process';
import { startProbing } from './probes';

const BATCH_MAX = 1000;
const ARRAY_MAX = 10000;

const event = (patch: Record<string, unknown> = {}) => ({
  eventTime: '2026-07-15T10:15:03.911Z',
  eventType: 'COMPLETE',
  producer: 'https://example.com/producer',
  run: { runId: randomUUID() },
  job: { namespace: 'trino://host:8080', name: 'query_1' },
  inputs: [{ namespace: 'trino://host:8080', name: 'c.s.t' }],
  ...patch,
});

/**
 * Latency is measured by benchmarks, not asserted in tests (it depends on the machine): the
 * answer time and liveness p99 are written out for the record, the status codes are asserted.
 */
function report(what: string, answerMs: number | null, livenessP99Ms: number): void {
  process.stderr.write(`bounded ingest, ${what}: answer ${answerMs ?? '-'} ms, liveness p99 ${livenessP99Ms} ms\n`);
}

/** `[0,0,...]` as text: a million elements is 2 MB, the shape of the probe that stalled a replica. */
const zeros = (count: number) => `[${new Array(count).fill('0').join(',')}]`;

describe('bounded work per ingest request', () => {
  let databaseUrl: string;
  let store: StoreProcess;

  beforeAll(async () => {
    databaseUrl = await createDatabase('bounded');
    expect(runCommand(['migrate'], { DATABASE_URL: databaseUrl }).status).toBe(0);
    store = await startStore({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' });
  });

  afterAll(async () => {
    await store?.stop();
  });

  /** Posts `body` while liveness is polled every 10 ms; returns the answer and what the probes saw. */
  async function postWhileProbing(path: string, body: string) {
    const probing = startProbing(`${store.url}/health/live`, store.child.pid!);
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    const res = await post(`${store.url}${path}`, body);
    const ms = Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
    return { res, ms, probes: await probing.stop() };
  }

  it('answers a single event holding a million array elements 400, liveness answering throughout, RSS growth under 100 MB', async () => {
    const before = await countEvents(databaseUrl);
    const body = JSON.stringify(event()).replace('"inputs":[', `"inputs":${zeros(1_000_000).slice(0, -1)},`);
    const { res, ms, probes } = await postWhileProbing('/api/v1/lineage', body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'inputs', message: expect.stringContaining(`at most ${ARRAY_MAX} are accepted`) }]);
    expect(probes.statuses.every((s) => s === 200)).toBe(true);
    report('answer', ms, probes.p99Ms);
    expect(probes.rssGrowthBytes).toBeLessThan(100 * 1024 * 1024);
    expect(await countEvents(databaseUrl)).toBe(before);
  });

  it('answers a batch of a million elements 413 naming the limit, liveness answering throughout, RSS growth under 100 MB', async () => {
    const { res, ms, probes } = await postWhileProbing('/api/v1/lineage/batch', zeros(1_000_000));
    expect(res.status).toBe(413);
    expect(res.body.message).toContain(`at most ${BATCH_MAX} events (INGEST_BATCH_MAX_EVENTS)`);
    expect(probes.statuses.every((s) => s === 200)).toBe(true);
    report('answer', ms, probes.p99Ms);
    expect(probes.rssGrowthBytes).toBeLessThan(100 * 1024 * 1024);
  });

  it('refuses a batch one event over the cap with 413 and stores none of it', async () => {
    const before = await countEvents(databaseUrl);
    const res = await post(`${store.url}/api/v1/lineage/batch`, Array.from({ length: BATCH_MAX + 1 }, () => event()));
    expect(res.status).toBe(413);
    expect(res.body.message).toContain(`at most ${BATCH_MAX} events`);
    expect(await countEvents(databaseUrl)).toBe(before);
  });

  it('lists the first ten errors of an event and counts the rest', async () => {
    const res = await post(`${store.url}/api/v1/lineage`, event({ inputs: Array.from({ length: ARRAY_MAX }, () => ({})) }));
    // Each input lacks a namespace and a name.
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveLength(11);
    expect(res.body.errors[10]).toEqual({ field: '$', message: `and ${2 * ARRAY_MAX - 10} more error(s) not listed` });
    expect(res.body.message.length).toBeLessThan(2000);
  });

  it('keeps liveness answering while a full batch of large events is prepared', async () => {
    const facets = { sql: { _producer: 'p', _schemaURL: 's', query: 'select 1 '.repeat(1000) } };
    const batch = Array.from({ length: BATCH_MAX }, () => event({ job: { namespace: 'trino://host:8080', name: 'q', facets } }));
    const { res, probes } = await postWhileProbing('/api/v1/lineage/batch', JSON.stringify(batch));
    expect(res.status).toBe(200);
    expect(res.body.summary.successful).toBe(BATCH_MAX);
    expect(probes.statuses.every((s) => s === 200)).toBe(true);
    report('full batch', null, probes.p99Ms);
  });
});

describe('a batch whose events miss their commit deadline', () => {
  let databaseUrl: string;
  let store: StoreProcess;

  beforeAll(async () => {
    databaseUrl = await createDatabase('deadline');
    expect(runCommand(['migrate'], { DATABASE_URL: databaseUrl }).status).toBe(0);
    // One writer, small transactions and the shortest deadline: most of a full batch misses it.
    store = await startStore({
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      INGEST_TIMEOUT_MS: '100',
      INGEST_WRITERS: '1',
      INGEST_FLUSH_MAX_EVENTS: '20',
      PROJECTION_WORKERS: '0',
    });
  });

  afterAll(async () => {
    await store?.stop();
  });

  it('reports as successful exactly the events that were stored, and as retriable exactly the others', async () => {
    const facets = { sql: { _producer: 'p', _schemaURL: 's', query: 'select 1 '.repeat(2000) } };
    const batch = Array.from({ length: BATCH_MAX }, (_, i) => event({ job: { namespace: 'trino://host:8080', name: `q${i}`, facets } }));
    const res = await post(`${store.url}/api/v1/lineage/batch`, batch);
    const stored = await query<{ name: string }>(databaseUrl, 'SELECT job_name AS name FROM lineage_events');
    const failed = new Set(res.body.failed_events.map((f: { index: number }) => `q${f.index}`));
    expect(res.body.summary.received).toBe(BATCH_MAX);
    expect(res.body.summary.successful).toBe(stored.length);
    expect(stored.filter((row) => failed.has(row.name))).toEqual([]);
    expect(res.body.failed_events.every((f: { retriable: boolean }) => f.retriable)).toBe(true);
  });
});
