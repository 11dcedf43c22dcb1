/**
 * The client against the real store: the service in this process (Fastify listening on a port,
 * the test PostgreSQL), events sent by the http transport over a socket.
 */
import { query } from '../../../../test/support/database';
import { startInProcessApp, type InProcessApp } from '../../../../test/support/in-process-app';
import { EventBuilder, newRunId, OpenLineageClient } from '../../src';
import { EVERY_DATASET_FACET, EVERY_INPUT_DATASET_FACET, EVERY_JOB_FACET, EVERY_OUTPUT_DATASET_FACET, EVERY_RUN_FACET } from '../support/every-facet';

let store: InProcessApp;
let url: string;

beforeAll(async () => {
  store = await startInProcessApp();
  await store.app.listen(0, '127.0.0.1');
  url = await store.app.getUrl();
});
afterAll(async () => {
  await store?.close();
});

const builder = new EventBuilder({ producer: 'https://github.com/acme/etl/tree/1.4.0' });

interface StoredEvent {
  event_kind: string;
  event_type: string | null;
  run_id: string | null;
  job_name: string | null;
  producer: string;
  schema_url: string;
  payload: any;
}

async function storedEvents(runId: string): Promise<StoredEvent[]> {
  return query<StoredEvent>(
    store.databaseUrl,
    'SELECT event_kind, event_type, run_id::text, job_name, producer, schema_url, payload FROM lineage_events WHERE run_id = $1 ORDER BY id',
    [runId],
  );
}

describe('the client posting to the store', () => {
  it.each([
    ['plain JSON', {}],
    ['gzip', { compression: 'gzip' as const }],
  ])('stores a START and a COMPLETE carrying every facet type (%s)', async (_, options) => {
    const client = new OpenLineageClient({ transport: { type: 'http', url, ...options } });
    const runId = newRunId();
    const job = { namespace: 'etl', name: `orders_daily_${runId.slice(-6)}`, facets: EVERY_JOB_FACET };
    const inputs = [{ namespace: 'postgres://db:5432', name: 'shop.public.orders', facets: EVERY_DATASET_FACET, inputFacets: EVERY_INPUT_DATASET_FACET }];
    const outputs = [{ namespace: 'postgres://db:5432', name: 'shop.public.orders_daily', facets: EVERY_DATASET_FACET, outputFacets: EVERY_OUTPUT_DATASET_FACET }];
    const start = builder.runEvent({ eventType: 'START', run: { runId, facets: EVERY_RUN_FACET }, job, inputs, outputs });
    const complete = builder.runEvent({ eventType: 'COMPLETE', run: { runId }, job: { namespace: job.namespace, name: job.name } });
    await client.emit(start);
    await client.emit(complete);
    expect(await client.close(30_000)).toBe(true);
    expect(client.stats()).toMatchObject({ sent: 2, failed: 0, dropped: 0 });

    const stored = await storedEvents(runId);
    expect(stored.map((row) => [row.event_kind, row.event_type, row.job_name])).toEqual([
      ['run', 'START', job.name],
      ['run', 'COMPLETE', job.name],
    ]);
    expect(stored[0].producer).toBe('https://github.com/acme/etl/tree/1.4.0');
    expect(stored[0].schema_url).toBe('https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent');
    expect(stored[0].payload).toEqual(start);
  });

  it('gets the store\'s 400 for an event the store refuses, and does not retry it', async () => {
    const errors: Error[] = [];
    const client = new OpenLineageClient({ transport: { type: 'http', url }, onError: (error) => errors.push(error) });
    const runId = newRunId();
    const event = { ...builder.runEvent({ eventType: 'START', run: { runId }, job: { namespace: 'etl', name: 'bad' } }), eventTime: 'not a time' };
    await client.emit(event);
    expect(await client.close(30_000)).toBe(true);
    expect(client.stats()).toMatchObject({ sent: 0, failed: 1 });
    expect(errors[0].message).toMatch(/answered 400 after 1 attempt/);
    expect(await storedEvents(runId)).toEqual([]);
  });
});
