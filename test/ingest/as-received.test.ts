import { randomUUID } from 'node:crypto';
import * as http from 'node:http';
import { countEvents, query, waitForProjection } from '../support/database';
import { get, post } from '../support/http';
import { InProcessServer, startInProcessServer } from '../support/in-process-app';

/** An event with numbers JavaScript cannot round-trip, formatted as a producer might send it. */
function eventText(runId: string, name: string): string {
  return `{
  "eventType": "COMPLETE", "eventTime": "2026-07-15T10:15:03.911Z",
  "producer": "https://example.com/producer",
  "run": { "runId": "${runId}", "facets": { "stats": { "_producer": "p", "_schemaURL": "s",
    "rows": 12345678901234567891, "ratio": 1.50, "seconds": 10.0, "tiny": 1e-7 } } },
  "job": { "namespace": "verbatim", "name": "${name}" },
  "outputs": [ { "namespace": "verbatim", "name": "${name}.out" } ]
}`;
}

/** POSTs raw bytes, with Content-Length or chunked. */
function postBytes(url: string, bytes: Buffer, chunked: boolean): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/json' };
    if (!chunked) headers['content-length'] = bytes.length;
    const req = http.request(url, { method: 'POST', headers }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    if (chunked) {
      req.write(bytes.subarray(0, 10));
      req.end(bytes.subarray(10));
    } else {
      req.end(bytes);
    }
  });
}

describe('events are stored, hashed and returned as received', () => {
  let databaseUrl: string;
  let store: InProcessServer;

  beforeAll(async () => {
    store = await startInProcessServer();
    databaseUrl = store.databaseUrl;
  });

  afterAll(async () => {
    await store?.close();
  });

  it('keeps the producer’s numbers and formatting in the log, in GET /api/v1/events/{id} and in /api/v1/events/lineage', async () => {
    const name = `numbers-${randomUUID()}`;
    const sent = eventText(randomUUID(), name);
    expect((await post(`${store.url}/api/v1/lineage`, `\n  ${sent}\n`)).status).toBe(201);

    const [row] = await query<{ id: string; text: string; payload_bytes: number; hash_matches: boolean }>(
      databaseUrl,
      `SELECT id, payload::text AS text, payload_bytes, content_hash = sha256(convert_to($2, 'UTF8')) AS hash_matches
         FROM lineage_events WHERE job_name = $1`,
      [name, sent],
    );
    expect(row.text).toBe(sent);
    expect(row.payload_bytes).toBe(Buffer.byteLength(sent));
    expect(row.hash_matches).toBe(true);

    const one = await fetch(`${store.url}/api/v1/events/${row.id}`);
    expect(one.status).toBe(200);
    expect(one.headers.get('content-type')).toMatch(/^application\/json/);
    const oneText = await one.text();
    expect(oneText).toContain('"rows": 12345678901234567891, "ratio": 1.50, "seconds": 10.0, "tiny": 1e-7');
    expect(JSON.parse(oneText)).toMatchObject({ id: row.id, eventKind: 'run', jobName: name, event: { job: { name } } });

    const page = await fetch(`${store.url}/api/v1/events/lineage?limit=100`);
    expect(page.status).toBe(200);
    const pageText = await page.text();
    expect(pageText).toContain(sent);
    const parsed = JSON.parse(pageText);
    expect(parsed.totalCount).toBeGreaterThanOrEqual(1);
    expect(parsed.events.some((e: any) => e.job.name === name)).toBe(true);

    // The projection reads the same payload.
    await waitForProjection(databaseUrl);
    const datasets = await get(`${store.url}/api/v1/datasets?namespace=verbatim&limit=100`);
    expect(datasets.body.datasets.map((d: any) => d.name)).toContain(`${name}.out`);
  });

  it('stores each event of a batch as its own text', async () => {
    const names = [`batch-a-${randomUUID()}`, `batch-b-${randomUUID()}`];
    const texts = names.map((n) => eventText(randomUUID(), n));
    const res = await post(`${store.url}/api/v1/lineage/batch`, `[ ${texts[0]} ,\n${texts[1]}\n]`);
    expect(res.status).toBe(200);
    expect(res.body.summary).toMatchObject({ received: 2, successful: 2 });
    const rows = await query<{ job_name: string; text: string }>(
      databaseUrl,
      'SELECT job_name, payload::text AS text FROM lineage_events WHERE job_name = ANY($1) ORDER BY job_name',
      [names],
    );
    expect(rows.map((r) => r.text)).toEqual(texts);
  });

  it('stores the same bytes once, and different formatting of the same event as another event', async () => {
    const runId = randomUUID();
    const name = `dup-${randomUUID()}`;
    const sent = eventText(runId, name);
    expect((await post(`${store.url}/api/v1/lineage`, sent)).status).toBe(201);
    expect((await post(`${store.url}/api/v1/lineage`, sent)).status).toBe(200);
    expect((await post(`${store.url}/api/v1/lineage`, JSON.stringify(JSON.parse(sent)))).status).toBe(201);
    const [{ n }] = await query<{ n: number }>(databaseUrl, 'SELECT count(*)::int AS n FROM lineage_events WHERE job_name = $1', [name]);
    expect(n).toBe(2);
  });

  it.each([false, true])('refuses a body that is not UTF-8 with 400 (chunked: %s), storing nothing', async (chunked) => {
    const before = await countEvents(databaseUrl);
    const text = eventText(randomUUID(), 'PLACEHOLDER');
    const at = text.indexOf('PLACEHOLDER');
    // 0xC3 0x28: a lead byte followed by a byte that cannot continue it.
    const bytes = Buffer.concat([Buffer.from(text.slice(0, at)), Buffer.from([0x6e, 0xc3, 0x28]), Buffer.from(text.slice(at + 'PLACEHOLDER'.length))]);
    const res = await postBytes(`${store.url}/api/v1/lineage`, bytes, chunked);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('$: the request body is not valid UTF-8');
    expect(await countEvents(databaseUrl)).toBe(before);
  });

  it('refuses a batch whose second event is not JSON with 400 naming it, storing none of the batch', async () => {
    const before = await countEvents(databaseUrl);
    const res = await post(`${store.url}/api/v1/lineage/batch`, `[${eventText(randomUUID(), 'valid-first')}, {"eventType" "START"}]`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: '$[1]', message: expect.stringMatching(/^malformed JSON: /) }]);
    expect(await countEvents(databaseUrl)).toBe(before);
  });

  it.each([false, true])('refuses a batch holding an event that is not UTF-8 with 400 (chunked: %s), storing none of it', async (chunked) => {
    const before = await countEvents(databaseUrl);
    const bad = eventText(randomUUID(), 'PLACEHOLDER');
    const at = bad.indexOf('PLACEHOLDER');
    const bytes = Buffer.concat([
      Buffer.from(`[${eventText(randomUUID(), 'valid-before')},`),
      Buffer.from(bad.slice(0, at)),
      Buffer.from([0x6e, 0xc3, 0x28]),
      Buffer.from(`${bad.slice(at + 'PLACEHOLDER'.length)}]`),
    ]);
    const res = await postBytes(`${store.url}/api/v1/lineage/batch`, bytes, chunked);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('$: the request body is not valid UTF-8');
    expect(await countEvents(databaseUrl)).toBe(before);
  });
});
