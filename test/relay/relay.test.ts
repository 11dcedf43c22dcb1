import { createHash, randomUUID } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { invalidFixtures } from '../support/fixtures';
import { downStore, loggedEvents, ListeningStore, relayMetric, startListeningStore, startTestRelay, TestRelay, waitUntil } from '../support/relay';

// The relay in this process in front of the store in this process (real HTTP, real PostgreSQL).

/** The store's limits, small enough to cross in a test; the relay is given the same. */
const LIMITS = { BODY_LIMIT_BYTES: String(64 * 1024), INGEST_BATCH_MAX_EVENTS: '5', INGEST_MAX_ARRAY_ELEMENTS: '100' };

const runEvent = (runId: string = randomUUID(), eventType = 'START', extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    eventTime: '2026-12-03T08:00:00.000Z',
    eventType,
    producer: 'https://example.com/relay-test',
    schemaURL: 'https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent',
    run: { runId },
    job: { namespace: 'relay-test', name: `job-${runId}` },
    ...extra,
  });

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

interface Answer {
  status: number;
  body: unknown;
  allow: string | null;
  retryAfter: string | null;
}

async function send(url: string, options: { method?: string; body?: string | Buffer; headers?: Record<string, string> }): Promise<Answer> {
  const res = await fetch(url, { method: options.method ?? 'POST', headers: options.headers ?? { 'content-type': 'application/json' }, body: options.body });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: compared as text
  }
  return { status: res.status, body, allow: res.headers.get('allow'), retryAfter: res.headers.get('retry-after') };
}

describe('relay (in process, in front of the in-process store)', () => {
  let store: ListeningStore;
  let relay: TestRelay;

  beforeAll(async () => {
    store = await startListeningStore(LIMITS);
    relay = await startTestRelay({ ...LIMITS, RELAY_TARGET_URL: store.url });
  });

  afterAll(async () => {
    await relay?.stop();
    await store?.close();
  });

  const json = { 'content-type': 'application/json' };
  const cases: Array<[string, { path?: string; method?: string; body?: string | Buffer; headers?: Record<string, string> }]> = [
    ['malformed JSON', { body: '{"eventTime": ' }],
    ['an empty body', { body: '' }],
    ['bytes that are not UTF-8', { body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]) }],
    ['a JSON array on the single-event route', { body: `[${runEvent()}]` }],
    ['a run id that is not a UUID', { body: runEvent('12345') }],
    ['a missing job name', { body: JSON.stringify({ eventTime: '2026-12-03T08:00:00Z', run: { runId: randomUUID() }, job: { namespace: 'n' } }) }],
    ['a U+0000 in a string', { body: runEvent(randomUUID(), 'START', { run: { runId: randomUUID(), facets: { x: { sql: 'a\u0000b' } } } }) }],
    ['an array longer than INGEST_MAX_ARRAY_ELEMENTS', { body: runEvent(randomUUID(), 'START', { inputs: Array.from({ length: 101 }, (_, i) => ({ namespace: 'n', name: `t${i}` })) }) }],
    ['nesting deeper than the limit', { body: `{"eventTime":"2026-12-03T08:00:00Z","run":{"runId":"${randomUUID()}","facets":{"x":{"deep":${'['.repeat(200)}${']'.repeat(200)}}}},"job":{"namespace":"n","name":"j"}}` }],
    ['a body over BODY_LIMIT_BYTES', { body: runEvent(randomUUID(), 'START', { run: { runId: randomUUID(), facets: { x: { pad: 'x'.repeat(70 * 1024) } } } }) }],
    ['a gzip body over BODY_LIMIT_BYTES once decoded', { body: gzipSync(runEvent(randomUUID(), 'START', { run: { runId: randomUUID(), facets: { x: { pad: 'x'.repeat(70 * 1024) } } } })), headers: { ...json, 'content-encoding': 'gzip' } }],
    ['a body that is not gzip under Content-Encoding: gzip', { body: 'not gzip at all', headers: { ...json, 'content-encoding': 'gzip' } }],
    ['an unknown Content-Encoding', { body: runEvent(), headers: { ...json, 'content-encoding': 'br' } }],
    ['text/plain', { body: runEvent(), headers: { 'content-type': 'text/plain' } }],
    ['the root route with a bad event', { path: '/', body: '{"run": 1}' }],
    ['a batch that is not an array', { path: '/api/v1/lineage/batch', body: runEvent() }],
    ['a batch with more than INGEST_BATCH_MAX_EVENTS events', { path: '/api/v1/lineage/batch', body: `[${Array.from({ length: 6 }, () => runEvent()).join(',')}]` }],
    ['a batch holding text that is not JSON', { path: '/api/v1/lineage/batch', body: `[${runEvent()}, {"eventTime": tru}]` }],
    ['a batch with a valid and an invalid event', { path: '/api/v1/lineage/batch', body: `[${runEvent()}, {"eventTime":"2026-12-03T08:00:00Z","run":{"runId":"x"},"job":{"namespace":"n","name":"j"}}]` }],
    ['GET on the batch route', { path: '/api/v1/lineage/batch', method: 'GET', body: undefined }],
    ['an unknown route', { path: '/api/v1/lineage/nothing-here' }],
    ...invalidFixtures().map((f): [string, { body: string }] => [`the invalid fixture ${f.file}`, { body: f.text }]),
  ];

  it.each(cases)('answers %s exactly as the store does', async (_label, request) => {
    const path = request.path ?? '/api/v1/lineage';
    const options = { method: request.method, body: request.body, headers: request.headers ?? json };
    const fromStore = await send(`${store.url}${path}`, options);
    const fromRelay = await send(`${relay.url}${path}`, options);
    expect(fromStore.status).toBeGreaterThanOrEqual(200);
    expect(fromRelay).toEqual(fromStore);
  });

  it('takes single events, gzip bodies, the root route and batches, and each reaches the store once, as sent', async () => {
    const singles = [runEvent(), runEvent(), runEvent(), ...Array.from({ length: 4 }, () => runEvent())];
    expect((await send(`${relay.url}/api/v1/lineage`, { body: singles[0], headers: json })).status).toBe(201);
    expect((await send(`${relay.url}/api/v1/lineage`, { body: gzipSync(singles[1]), headers: { ...json, 'content-encoding': 'gzip' } })).status).toBe(201);
    expect((await send(`${relay.url}/`, { body: `  ${singles[2]}\n`, headers: json })).status).toBe(201);
    const batch = await send(`${relay.url}/api/v1/lineage/batch`, { body: `[${singles.slice(3).join(',\n')}]`, headers: json });
    expect(batch).toMatchObject({ status: 200, body: { status: 'success', summary: { received: 4, successful: 4, failed: 0 } } });

    const wanted = new Set(singles.map(sha256));
    await waitUntil('the store holds every event', async () => (await loggedEvents(store.store.databaseUrl)).filter((r) => wanted.has(r.content_hash.toString('hex'))).length === singles.length);
    await waitUntil('the spool is empty', async () => (await relayMetric(relay.url, 'relay_spool_events')) === 0);
    const hashes = (await loggedEvents(store.store.databaseUrl)).map((r) => r.content_hash.toString('hex'));
    for (const hash of wanted) expect(hashes.filter((h) => h === hash)).toHaveLength(1);
  });

  it('counts an event the store refuses for good, drops it from the spool, and forwards the others', async () => {
    // A relay allowing longer arrays than the store: the store refuses that event with a 400.
    const lenient = await startTestRelay({ ...LIMITS, INGEST_MAX_ARRAY_ELEMENTS: '10000', RELAY_TARGET_URL: store.url });
    try {
      const refusedByStore = runEvent(randomUUID(), 'START', { inputs: Array.from({ length: 150 }, (_, i) => ({ namespace: 'n', name: `t${i}` })) });
      const good = [runEvent(), runEvent()];
      const answer = await send(`${lenient.url}/api/v1/lineage/batch`, { body: `[${good[0]},${refusedByStore},${good[1]}]`, headers: json });
      expect(answer.status).toBe(200);
      await waitUntil('the spool is empty', async () => (await relayMetric(lenient.url, 'relay_spool_events')) === 0);
      expect(await relayMetric(lenient.url, 'relay_events_failed_total')).toBe(1);
      expect(await relayMetric(lenient.url, 'relay_events_forwarded_total')).toBe(2);
      const hashes = new Set((await loggedEvents(store.store.databaseUrl)).map((r) => r.content_hash.toString('hex')));
      expect(good.every((e) => hashes.has(sha256(e)))).toBe(true);
      expect(hashes.has(sha256(refusedByStore))).toBe(false);
    } finally {
      await lenient.stop();
    }
  });
});

describe('relay while the store is down', () => {
  it('acknowledges events while the store is down, and once it is up forwards all of them, each run in order', async () => {
    const down = await downStore();
    const port = down.port;
    const relay = await startTestRelay({ RELAY_TARGET_URL: down.url, RELAY_BATCH_MAX_EVENTS: '7', RELAY_SHUTDOWN_TIMEOUT_MS: '500' });
    let store: ListeningStore | null = null;
    try {
      const runs = Array.from({ length: 20 }, () => randomUUID());
      const order = ['START', 'RUNNING', 'COMPLETE'];
      const sent: string[] = [];
      // Interleaved across runs, as a busy coordinator sends them.
      for (const eventType of order) {
        await Promise.all(
          runs.map(async (runId) => {
            const text = runEvent(runId, eventType);
            const res = await send(`${relay.url}/api/v1/lineage`, { body: text, headers: { 'content-type': 'application/json' } });
            expect(res.status).toBe(201);
            sent.push(text);
          }),
        );
      }
      await waitUntil('the relay has retried', async () => (await relayMetric(relay.url, 'relay_forward_batch_failures_total{reason="UND_ERR_SOCKET"}')) >= 2);
      expect(await relayMetric(relay.url, 'relay_spool_events')).toBe(60);
      expect(await relayMetric(relay.url, 'relay_spool_oldest_event_age_seconds')).toBeGreaterThan(0);

      await down.close();
      store = await startListeningStore({}, port);
      await waitUntil('the spool is empty', async () => (await relayMetric(relay.url, 'relay_spool_events')) === 0);
      const rows = await loggedEvents(store.store.databaseUrl);
      expect(rows.map((r) => r.content_hash.toString('hex')).sort()).toEqual(sent.map(sha256).sort());
      for (const runId of runs) {
        // Ordered by id: the order the store committed them in.
        expect(rows.filter((r) => r.run_id === runId).map((r) => r.event_type)).toEqual(order);
      }
      expect(await relayMetric(relay.url, 'relay_events_forwarded_total')).toBe(60);
    } finally {
      await relay.stop();
      await down.close();
      await store?.close();
    }
  });

  it('while the store answers 503, retries one event at a time; once it answers, sends full batches again', async () => {
    const store = await startListeningStore(LIMITS);
    // In front of the store: 503 while `down`, else the store's own answer; records each batch's size.
    let down = true;
    const batchSizes: number[] = [];
    const front = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        batchSizes.push((JSON.parse(body.toString('utf8')) as unknown[]).length);
        if (down) {
          response.writeHead(503, { 'content-type': 'application/json' }).end('{"statusCode":503,"code":"OVERLOADED"}');
          return;
        }
        void fetch(`${store.url}${request.url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(async (answer) => {
          response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
        });
      });
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', () => resolve()));
    const relay = await startTestRelay({ ...LIMITS, RELAY_BATCH_MAX_EVENTS: '5', RELAY_TARGET_URL: `http://127.0.0.1:${(front.address() as AddressInfo).port}` });
    const json = { 'content-type': 'application/json' };
    try {
      const events = Array.from({ length: 12 }, () => runEvent());
      const answer = await send(`${relay.url}/api/v1/lineage/batch`, { body: `[${events.slice(0, 5).join(',')}]`, headers: json });
      expect(answer.status).toBe(200);
      for (const event of events.slice(5)) expect((await send(`${relay.url}/api/v1/lineage`, { body: event, headers: json })).status).toBe(201);
      await waitUntil('the relay has retried three times', () => batchSizes.length >= 4);
      expect(batchSizes.slice(1)).toEqual(batchSizes.slice(1).map(() => 1));

      const failedWhileDown = batchSizes.length;
      down = false;
      await waitUntil('the spool is empty', async () => (await relayMetric(relay.url, 'relay_spool_events')) === 0);
      // The first retry after the outage carries one event; then batches of INGEST_BATCH_MAX_EVENTS (5).
      expect(batchSizes.slice(failedWhileDown)).toEqual([1, 5, 5, 1]);
      const hashes = (await loggedEvents(store.store.databaseUrl)).map((r) => r.content_hash.toString('hex'));
      expect(hashes.sort()).toEqual(events.map(sha256).sort());
    } finally {
      await relay.stop();
      await new Promise((resolve) => front.close(resolve));
      await store.close();
    }
  });

  it('answers 503 with Retry-After once the spool is full, for single events and batches', async () => {
    const down = await downStore();
    const relay = await startTestRelay({ RELAY_TARGET_URL: down.url, RELAY_SPOOL_MAX_BYTES: String(64 * 1024), RELAY_SHUTDOWN_TIMEOUT_MS: '500' });
    try {
      const event = () => runEvent(randomUUID(), 'START', { run: { runId: randomUUID(), facets: { pad: { text: 'x'.repeat(4000) } } } });
      let accepted = 0;
      let answer: Answer;
      for (;;) {
        answer = await send(`${relay.url}/api/v1/lineage`, { body: event(), headers: { 'content-type': 'application/json' } });
        if (answer.status !== 201) break;
        accepted++;
      }
      expect(answer).toMatchObject({ status: 503, retryAfter: '1', body: { statusCode: 503, error: 'Service Unavailable' } });
      expect((answer.body as { message: string }).message).toContain('the spool is full');
      expect(accepted).toBeGreaterThanOrEqual(14);
      expect(await relayMetric(relay.url, 'relay_spool_bytes')).toBeLessThanOrEqual(64 * 1024);
      const batch = await send(`${relay.url}/api/v1/lineage/batch`, { body: `[${event()},${event()}]`, headers: { 'content-type': 'application/json' } });
      expect(batch).toMatchObject({ status: 503, retryAfter: '1', body: { status: 'partial_success', summary: { received: 2, failed: 2, retriable: 2 } } });
      expect(await relayMetric(relay.url, 'relay_events_refused_total{reason="spool_full"}')).toBe(3);
    } finally {
      await relay.stop();
      await down.close();
    }
  });
});
