import { Pool } from 'pg';
import { HttpTransport, OpenLineageClient, instrumentPg } from '../../src';
import { countEvents, createDatabase } from '../../../../test/support/database';
import { startInProcessApp, type InProcessApp } from '../../../../test/support/in-process-app';
import { ProjectionWriter } from '../../../../src/projection/projection-writer.service';

/*
 * The emit side end to end: an application's pg pool, instrumented, runs CREATE TABLE ... AS
 * SELECT on its own database; the client posts the events over HTTP to the store (in this
 * process, listening on a port); the store's column lineage endpoint then shows the new table's
 * columns fed by the source table's.
 */
describe('instrumentPg -> http transport -> the store', () => {
  let store: InProcessApp;
  let pool: Pool;
  let client: OpenLineageClient;

  beforeAll(async () => {
    store = await startInProcessApp();
    await store.app.listen(0, '127.0.0.1');
  });

  afterAll(async () => {
    await pool?.end();
    await client?.close(5_000);
    await store?.close();
  });

  test('CREATE TABLE AS through an instrumented pool appears in the store with its column lineage', async () => {
    const appDatabaseUrl = await createDatabase('app');
    const url = new URL(appDatabaseUrl);
    const database = url.pathname.slice(1);
    const namespace = `postgres://${url.hostname}:${url.port}`;

    client = new OpenLineageClient({ transport: new HttpTransport({ url: await store.app.getUrl() }) });
    pool = new Pool({ connectionString: appDatabaseUrl, max: 2 });
    const instrumentation = instrumentPg(pool, { client, namespace: 'billing' });

    await pool.query('CREATE TABLE invoices (id int, customer text, amount numeric, paid boolean)');
    await pool.query("INSERT INTO invoices VALUES (1, 'a', 10, true), (2, 'a', 5, false), (3, 'b', 7, true)");
    await pool.query('CREATE TABLE revenue AS SELECT customer, sum(amount) AS total FROM invoices WHERE paid GROUP BY customer');
    await instrumentation.settled();
    expect(await client.flush(10_000)).toBe(true);

    // INSERT ... VALUES (START, COMPLETE) and the CTAS (START, COMPLETE): four events stored.
    const deadline = Date.now() + 10_000;
    while ((await countEvents(store.databaseUrl)) < 4) {
      if (Date.now() > deadline) throw new Error(`the store holds ${await countEvents(store.databaseUrl)} of 4 events`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const writer = store.app.get(ProjectionWriter);
    while ((await writer.projectBatch(100)).length > 0);

    const revenue = `${database}.public.revenue`;
    const invoices = `${database}.public.invoices`;
    const res = await store.request('GET', `/api/v1/column-lineage?${new URLSearchParams({ nodeId: `dataset:${namespace}:${revenue}` })}`);
    expect(res.status).toBe(200);
    const node = (field: string) => res.body.graph.find((n: { id: string }) => n.id === `datasetField:${namespace}:${revenue}:${field}`);
    const inputs = (field: string) =>
      node(field).data.inputFields.map((f: any) => [f.namespace, f.dataset, f.field, f.transformationType, f.transformationSubtype]);
    expect(inputs('customer')).toEqual([[namespace, invoices, 'customer', 'DIRECT', 'IDENTITY']]);
    expect(inputs('total')).toEqual([[namespace, invoices, 'amount', 'DIRECT', 'AGGREGATION']]);

    const jobs = await store.request('GET', '/api/v1/namespaces/billing/jobs');
    expect(jobs.status).toBe(200);
    const ctas = jobs.body.jobs.find((job: { name: string }) => job.name.startsWith(`create_table.${revenue}.`));
    expect(ctas).toMatchObject({ namespace: 'billing', latestRun: { state: 'COMPLETED' } });
  });
});
