import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { countEvents, query, waitForProjection } from '../support/database';
import { migratedDatabase } from '../support/migrated-database';
import { post } from '../support/http';
import { startStore, StoreProcess } from '../support/store-process';
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
 * The liveness probe's timeout in the chart (`probes.liveness.timeoutSeconds`): a probe that takes
 * longer fails, and failed probes restart the pod. A request holds a replica when one probe fails.
 */
const LIVENESS_TIMEOUT_MS = 2000;
/**
 * A poll every 50 ms, each on its own connection. Node accepts about one connection per turn of
 * its event loop, so polling faster than the loop turns measures the polls' own backlog rather
 * than how long a probe waits (a kubelet polls every few seconds).
 */
const PROBE_INTERVAL_MS = 50;
/** Polls answered before a request is sent and after the store is done with it. */
const POLLS_AROUND = 3;

/** The longest event-loop delay the store saw since the previous scrape (prom-client resets it on each scrape). */
async function longestEventLoopDelayMs(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('nodejs_eventloop_lag_max_seconds '));
  return Math.round(Number(line?.split(' ')[1]) * 1000);
}

/**
 * The latencies behind the behaviour, for the record only: they depend on the machine and its
 * load, so they are benchmarks' business (docs/limits.md), not assertions.
 */
function report(what: string, answerMs: number, livenessP99Ms: number, eventLoopMs: number): void {
  process.stderr.write(
    `bounded ingest, ${what}: answer ${Math.round(answerMs)} ms, liveness p99 ${Math.round(livenessP99Ms)} ms, ` +
      `longest event-loop delay ${eventLoopMs} ms, load average ${loadavg()[0].toFixed(1)}\n`,
  );
}

/** `[0,0,...]` as text: a million elements is 2 MB, the shape of the probe that stalled a replica. */
const zeros = (count: number) => `[${new Array(count).fill('0').join(',')}]`;

describe('bounded work per ingest request', () => {
  let databaseUrl: string;
  let store: StoreProcess;

  beforeAll(async () => {
    databaseUrl = await migratedDatabase('bounded');
    store = await startStore({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' });
    // What is measured is a request's effect on a running replica, not the work of its first
    // requests (code compiled, connections opened): one stored and one refused event first.
    expect((await post(`${store.url}/api/v1/lineage`, event())).status).toBe(201);
    expect((await post(`${store.url}/api/v1/lineage/batch`, [event(), { eventType: 'START' }])).status).toBe(200);
    await waitForProjection(databaseUrl); // the projector thread's work for them is done too
  });

  afterAll(async () => {
    await store?.stop();
  });

  /**
   * Posts `body` (encoded beforehand, so that this process does no large work meanwhile) while
   * liveness is polled with the chart's probe timeout, from a few polls before it until `settled`
   * (what the store still does after its answer) has resolved and a few more polls; returns the answer, how long it took and what the probes saw.
   */
  async function postWhileProbing(path: string, body: string, settled: () => Promise<unknown> = async () => undefined) {
    const bytes = Buffer.from(body);
    await longestEventLoopDelayMs(store.url);
    const probing = await startProbing(`${store.url}/health/live`, store.child.pid!, PROBE_INTERVAL_MS, LIVENESS_TIMEOUT_MS);
    await probing.morePolls(POLLS_AROUND);
    const started = performance.now();
    const answer = await fetch(`${store.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: bytes });
    const res = { status: answer.status, body: (await answer.json()) as any };
    const ms = performance.now() - started;
    await settled();
    await probing.morePolls(POLLS_AROUND);
    const probes = await probing.stop();
    return { res, ms, probes, eventLoopMs: await longestEventLoopDelayMs(store.url) };
  }

  it('answers a single event holding a million array elements 400, every liveness probe answered in time, RSS growth under 100 MB', async () => {
    const before = await countEvents(databaseUrl);
    const body = JSON.stringify(event()).replace('"inputs":[', `"inputs":${zeros(1_000_000).slice(0, -1)},`);
    const { res, ms, probes, eventLoopMs } = await postWhileProbing('/api/v1/lineage', body);
    report('single event of a million elements', ms, probes.p99Ms, eventLoopMs);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'inputs', message: expect.stringContaining(`at most ${ARRAY_MAX} are accepted`) }]);
    expect(probes.statuses.filter((s) => s !== 200)).toEqual([]);
    expect(probes.rssGrowthBytes).toBeLessThan(100 * 1024 * 1024);
    expect(await countEvents(databaseUrl)).toBe(before);
  });

  it('answers a batch of a million elements 413 naming the limit, every liveness probe answered in time, RSS growth under 100 MB', async () => {
    const { res, ms, probes, eventLoopMs } = await postWhileProbing('/api/v1/lineage/batch', zeros(1_000_000));
    report('batch of a million elements', ms, probes.p99Ms, eventLoopMs);
    expect(res.status).toBe(413);
    expect(res.body.message).toContain(`at most ${BATCH_MAX} events (INGEST_BATCH_MAX_EVENTS)`);
    expect(probes.statuses.filter((s) => s !== 200)).toEqual([]);
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

  it('keeps liveness answering while a full batch of large events is parsed, stored and projected', async () => {
    const facets = { sql: { _producer: 'p', _schemaURL: 's', query: 'select 1 '.repeat(1000) } };
    const batch = Array.from({ length: BATCH_MAX }, () => event({ job: { namespace: 'trino://host:8080', name: 'q', facets } }));
    const { res, ms, probes, eventLoopMs } = await postWhileProbing('/api/v1/lineage/batch', JSON.stringify(batch), () => waitForProjection(databaseUrl));
    report('full batch of large events', ms, probes.p99Ms, eventLoopMs);
    expect(res.status).toBe(200);
    expect(res.body.summary.successful).toBe(BATCH_MAX);
    expect(probes.statuses.filter((s) => s !== 200)).toEqual([]);
  });
});

describe('a batch whose events miss their commit deadline', () => {
  let databaseUrl: string;
  let store: StoreProcess;

  beforeAll(async () => {
    databaseUrl = await migratedDatabase('deadline');
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
