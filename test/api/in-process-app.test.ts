import { ProjectionWriter } from '../../src/projection/projection-writer.service';
import { query } from '../support/database';
import { InProcessApp, startInProcessApp } from '../support/in-process-app';

describe('the in-process test tier', () => {
  let store: InProcessApp;

  beforeAll(async () => {
    store = await startInProcessApp();
  });

  afterAll(async () => {
    await store.close();
  });

  it('ingests over injected HTTP and projects through the writer against the real PostgreSQL', async () => {
    const event = {
      eventType: 'COMPLETE',
      eventTime: '2026-01-01T00:00:00Z',
      producer: 'https://example.com/test',
      schemaURL: 'https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent',
      run: { runId: '0195f8b0-0000-7000-8000-000000000001' },
      job: { namespace: 'inproc', name: 'job' },
      inputs: [{ namespace: 'inproc', name: 'in' }],
      outputs: [{ namespace: 'inproc', name: 'out' }],
    };
    expect((await store.request('POST', '/api/v1/lineage', event)).status).toBe(201);
    await store.app.get(ProjectionWriter).projectBatch(100);
    const rows = await query(store.databaseUrl, 'SELECT name FROM datasets ORDER BY name');
    expect(rows).toEqual([{ name: 'in' }, { name: 'out' }]);
  });
});
