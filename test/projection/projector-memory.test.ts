import { randomUUID } from 'node:crypto';
import { register } from 'prom-client';
import { query, waitForProjection } from '../support/database';
import { InProcessApp, startInProcessApp } from '../support/in-process-app';
import { ingest } from '../support/projection';

const EVENTS = 40;
/** Each event carries a facet of this many characters: a batch of all of them, as text and parsed, is beyond the heap below. */
const FACET_CHARACTERS = 600_000;

function largeEvent(i: number) {
  return {
    eventType: 'COMPLETE',
    eventTime: '2026-12-03T06:00:00Z',
    producer: 'https://example.com/producer',
    run: { runId: randomUUID(), facets: { big: { _producer: 'p', _schemaURL: 'https://example.com/s', blob: `${i}`.padEnd(FACET_CHARACTERS, 'x') } } },
    job: { namespace: 'memory', name: `job_${i}` },
    inputs: [],
    outputs: [{ namespace: 'memory', name: `table_${i}` }],
  };
}

describe('the projector thread under its heap limit', () => {
  let store: InProcessApp;
  beforeAll(async () => {
    // Nothing projects while the log fills: the thread then finds every event queued at once.
    const writer = await startInProcessApp();
    for (let i = 0; i < EVENTS; i += 10) await ingest(writer, Array.from({ length: 10 }, (_, k) => largeEvent(i + k)));
    await writer.close();
    register.clear(); // the next app registers its metrics again
    // PROJECTOR_NICE 0: the suite's other worker must not starve the thread this test waits for.
    store = await startInProcessApp({ PROJECTION_WORKERS: '1', PROJECTOR_NICE: '0', PROJECTOR_HEAP_MB: '32', PROJECTION_BATCH_SIZE: '200', LOG_LEVEL: 'fatal' }, writer.databaseUrl);
  });
  afterAll(() => store?.close());

  it('runs out of memory alone, starts again with small batches and projects every event', async () => {
    await waitForProjection(store.databaseUrl, 240000);
    const [{ n }] = await query<{ n: number }>(store.databaseUrl, `SELECT count(*)::int AS n FROM jobs WHERE namespace = 'memory'`);
    expect(n).toBe(EVENTS);
    const metrics = (await store.request('GET', '/metrics')).text;
    expect(metrics).toMatch(/^metadata_store_projector_restarts_total\{reason="out_of_memory"\} [1-9]/m);
  }, 300000);
});
