import { gzipSync } from 'node:zlib';
import { countEvents } from '../support/database';
import { facetViolationFixtures, invalidFixtures } from '../support/fixtures';
import { post } from '../support/http';
import { InProcessServer, startInProcessServer } from '../support/in-process-app';

const valid = () => ({
  eventTime: '2026-07-15T10:15:03.911Z',
  eventType: 'COMPLETE',
  producer: 'https://example.com/producer',
  schemaURL: 'https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent',
  run: { runId: '3f1c2a4e-8d7b-4c1e-9f2a-1b2c3d4e5f60' },
  job: { namespace: 'trino://host:8080', name: 'query_1' },
  inputs: [{ namespace: 'trino://host:8080', name: 'c.s.t', facets: {} }],
});

describe('invalid input', () => {
  let databaseUrl: string;
  let store: InProcessServer;

  beforeAll(async () => {
    store = await startInProcessServer({ PROJECTION_WORKERS: '0', BODY_LIMIT_BYTES: String(64 * 1024) });
    databaseUrl = store.databaseUrl;
  });

  afterAll(async () => {
    await store?.close();
  });

  const cases: Array<[string, () => unknown, string]> = [
    ['malformed JSON', () => '{"eventTime": ', '$'],
    ['a JSON array on the single-event endpoint', () => [valid()], '$'],
    ['a non-UUID runId', () => ({ ...valid(), run: { runId: '12345' } }), 'run.runId'],
    ['a missing job name', () => ({ ...valid(), job: { namespace: 'ns' } }), 'job.name'],
    ['a missing job namespace', () => ({ ...valid(), job: { name: 'n' } }), 'job.namespace'],
    ['a bad eventTime', () => ({ ...valid(), eventTime: '15/07/2026 10:15' }), 'eventTime'],
    ['an unknown eventType', () => ({ ...valid(), eventType: 'DONE' }), 'eventType'],
    ['inputs that is not an array', () => ({ ...valid(), inputs: 'c.s.t' }), 'inputs'],
    ['a facet that is not an object', () => ({ ...valid(), run: { runId: valid().run.runId, facets: { parent: 'x' } } }), 'run.facets.parent'],
    ['a U+0000 inside a string', () => JSON.stringify({ ...valid(), job: { namespace: 'ns', name: 'a\u0000b' } }), 'job.name'],
    ['a U+0000 deep inside a facet', () => ({ ...valid(), run: { runId: valid().run.runId, facets: { x: { sql: 'select\u0000' } } } }), 'run.facets.x.sql'],
    ['an unpaired surrogate', () => '{"eventTime":"2026-07-15T10:15:03Z","run":{"runId":"3f1c2a4e-8d7b-4c1e-9f2a-1b2c3d4e5f60"},"job":{"namespace":"ns","name":"a\\ud800"}}', 'job.name'],
    ['nesting too deep to store', () => `{"eventTime":"2026-07-15T10:15:03Z","run":{"runId":"3f1c2a4e-8d7b-4c1e-9f2a-1b2c3d4e5f60","facets":{"x":{"deep":${'['.repeat(20000)}${']'.repeat(20000)}}}},"job":{"namespace":"ns","name":"n"}}`, `run.facets.x.deep${'[0]'.repeat(96)}`],
    ['a dataset name longer than 1000 bytes', () => ({ ...valid(), outputs: [{ namespace: 'ns', name: 'x'.repeat(1001) }] }), 'outputs[0].name'],
  ];

  it.each(cases)('answers 400 naming the field for %s, and stores nothing', async (_label, body, field) => {
    const before = await countEvents(databaseUrl);
    const res = await post(`${store.url}/api/v1/lineage`, body());
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(res.body.message).toContain(field);
    expect(await countEvents(databaseUrl)).toBe(before);
  });

  it('rejects every envelope-broken fixture with 400 naming the field, and stores nothing', async () => {
    const before = await countEvents(databaseUrl);
    const answers: Record<string, unknown> = {};
    for (const file of invalidFixtures()) {
      const res = await post(`${store.url}/api/v1/lineage`, file.text);
      answers[file.file] = [res.status, res.body.errors];
    }
    expect(answers).toEqual({
      'invalid/event-time-not-a-time.json': [400, [{ field: 'eventTime', message: expect.any(String) }]],
      'invalid/job-without-name.json': [400, [{ field: 'job.name', message: 'is required' }]],
      'invalid/no-run-id.json': [400, [{ field: 'run.runId', message: 'is required' }]],
      'invalid/output-without-namespace.json': [400, [{ field: 'outputs[0].namespace', message: 'is required' }]],
    });
    expect(await countEvents(databaseUrl)).toBe(before);
  });

  it('stores the facet violations as sent (facet contents are not validated)', async () => {
    const violations = facetViolationFixtures();
    expect(violations).toHaveLength(3);
    const before = await countEvents(databaseUrl);
    for (const file of violations) expect((await post(`${store.url}/api/v1/lineage`, file.text)).status).toBe(201);
    expect(await countEvents(databaseUrl)).toBe(before + 3);
  });

  it('answers 413 above the body limit, measured after decompression (a gzip bomb)', async () => {
    const before = await countEvents(databaseUrl);
    const huge = { ...valid(), run: { runId: valid().run.runId, facets: { big: { text: 'x'.repeat(200 * 1024) } } } };
    const plain = await post(`${store.url}/api/v1/lineage`, huge);
    expect(plain.status).toBe(413);
    const compressed = gzipSync(JSON.stringify(huge));
    expect(compressed.length).toBeLessThan(64 * 1024);
    const gz = await post(`${store.url}/api/v1/lineage`, huge, { gzip: true });
    expect(gz.status).toBe(413);
    expect(await countEvents(databaseUrl)).toBe(before);
  });

  it('answers 415 to an unknown content encoding or a non-JSON media type, 400 to broken gzip and to an empty body', async () => {
    const before = await countEvents(databaseUrl);
    const body = JSON.stringify(valid());
    const unknownEncoding = await fetch(`${store.url}/api/v1/lineage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'zstd2' },
      body,
    });
    expect(unknownEncoding.status).toBe(415);
    const textPlain = await fetch(`${store.url}/api/v1/lineage`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body });
    expect(textPlain.status).toBe(415);
    const brokenGzip = await fetch(`${store.url}/api/v1/lineage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: 'not gzip at all',
    });
    expect(brokenGzip.status).toBe(400);
    const empty = await fetch(`${store.url}/api/v1/lineage`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(empty.status).toBe(400);
    expect(await countEvents(databaseUrl)).toBe(before);
  });

  it('answers 400 to a batch that is not an array, and fails a NUL event of a batch alone', async () => {
    expect((await post(`${store.url}/api/v1/lineage/batch`, valid())).status).toBe(400);
    const before = await countEvents(databaseUrl);
    const withNul = { ...valid(), job: { namespace: 'ns', name: 'x\u0000' } };
    const fine = { ...valid(), run: { runId: '3f1c2a4e-8d7b-4c1e-9f2a-1b2c3d4e5f61' } };
    const res = await post(`${store.url}/api/v1/lineage/batch`, [withNul, fine]);
    expect(res.body.failed_events).toEqual([{ index: 0, code: 'INVALID_EVENT', reason: expect.stringContaining('job.name'), retriable: false }]);
    expect(await countEvents(databaseUrl)).toBe(before + 1);
  });
});
