import * as http from 'node:http';
import { randomUUID } from 'node:crypto';
import { InProcessServer, startInProcessServer } from '../support/in-process-app';

const EVENTS = 4000;

/** A run event of about 2 KB. */
function bulkyEvent(i: number) {
  return {
    eventType: 'COMPLETE',
    eventTime: '2026-06-01T10:00:00Z',
    producer: 'https://example.com/bulk',
    run: { runId: randomUUID(), facets: { padding: { _producer: 'p', _schemaURL: 's', text: 'x'.repeat(2000) } } },
    job: { namespace: 'bulk', name: `job_${i}` },
  };
}

describe('the export streams', () => {
  let store: InProcessServer;

  beforeAll(async () => {
    // One read connection, and a short wait for it: a held connection would make the next read a 503.
    store = await startInProcessServer({ PROJECTION_WORKERS: '0', DATABASE_READ_POOL_SIZE: '1', READ_QUEUE_TIMEOUT_MS: '1000' });
    for (let i = 0; i < EVENTS; i += 1000) {
      const batch = Array.from({ length: 1000 }, (_, k) => bulkyEvent(i + k));
      expect((await store.request('POST', '/api/v1/lineage/batch', batch)).status).toBe(200);
    }
  });
  afterAll(() => store.close());

  it('holds no read connection while a slow client has not taken the page, and the page completes when it does', async () => {
    const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get(`${store.url}/api/v1/export/events?limit=${EVENTS}`, resolve).on('error', reject),
    );
    expect(response.statusCode).toBe(200);
    // Take the first chunk, then stop reading: the server's writes back up.
    const chunks: Buffer[] = [];
    const first = new Promise((resolve) => response.once('data', resolve));
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    await first;
    response.pause();
    for (let i = 0; i < 3; i++) expect((await store.request('GET', '/api/v1/namespaces')).status).toBe(200);

    response.resume();
    await new Promise((resolve) => response.on('end', resolve));
    const lines = Buffer.concat(chunks).toString('utf8').split('\n');
    expect(lines.pop()).toBe('');
    expect(new Set(lines.map((line) => JSON.parse(line).job.name)).size).toBe(EVENTS);
  });
});
