import { waitForProjection } from '../support/database';
import { eventFixtures, fixture } from '../support/fixtures';
import { get, post } from '../support/http';
import { InProcessServer, startInProcessServer } from '../support/in-process-app';

const TRINO_NS = 'trino://trino.analytics.test:8080';

describe('read API', () => {
  let databaseUrl: string;
  let store: InProcessServer;
  /** Run events posted: what Marquez's /events/lineage lists (never job or dataset events). */
  let runEventsPosted = 0;

  beforeAll(async () => {
    store = await startInProcessServer();
    databaseUrl = store.databaseUrl;
    for (const file of eventFixtures()) {
      const path = Array.isArray(file.json) ? '/api/v1/lineage/batch' : '/api/v1/lineage';
      expect((await post(`${store.url}${path}`, file.text)).status).toBeLessThan(300);
      const events = (Array.isArray(file.json) ? file.json : [file.json]) as Array<Record<string, unknown>>;
      runEventsPosted += events.filter((e) => 'run' in e).length;
    }
    await waitForProjection(databaseUrl);
  });

  afterAll(async () => {
    await store?.close();
  });

  describe('GET /api/v1/datasets', () => {
    it('pages with an opaque cursor through every dataset once, in namespace-then-name order', async () => {
      const all = (await get(`${store.url}/api/v1/datasets?limit=500`)).body.datasets;
      const paged: any[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res: any = await get(`${store.url}/api/v1/datasets?limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        paged.push(...res.body.datasets);
        cursor = res.body.nextCursor;
        pages++;
      } while (cursor);
      expect(paged).toEqual(all);
      expect(pages).toBe(Math.ceil(all.length / 10));
      expect(Object.keys(all[0]).sort()).toEqual(['authority', 'firstSeenAt', 'id', 'kind', 'lastSeenAt', 'name', 'namespace', 'scheme']);
    });

    it('filters by namespace, scheme, kind and a case-insensitive substring', async () => {
      const trino = (await get(`${store.url}/api/v1/datasets?namespace=${encodeURIComponent(TRINO_NS)}`)).body.datasets;
      expect(trino).toHaveLength(4);
      expect(trino.every((d: any) => d.namespace === TRINO_NS)).toBe(true);

      const s3 = (await get(`${store.url}/api/v1/datasets?scheme=S3`)).body.datasets;
      expect(s3.length).toBeGreaterThan(0);
      expect(s3.every((d: any) => d.scheme === 's3')).toBe(true);

      const symlinks = (await get(`${store.url}/api/v1/datasets?kind=symlink`)).body.datasets;
      expect(symlinks.length).toBeGreaterThan(0);
      expect(symlinks.every((d: any) => d.kind === 'symlink')).toBe(true);

      const orders = (await get(`${store.url}/api/v1/datasets?q=SF1.ORDERS`)).body.datasets;
      expect(orders.map((d: any) => d.name)).toEqual(['tpch.sf1.orders']);
      const byNamespace = (await get(`${store.url}/api/v1/datasets?q=analytics.test`)).body.datasets;
      expect(byNamespace).toHaveLength(4);
      expect(byNamespace.every((d: any) => d.namespace === TRINO_NS)).toBe(true);
      expect((await get(`${store.url}/api/v1/datasets?q=${encodeURIComponent('%')}`)).body.datasets).toEqual([]);
    });

    it.each([
      ['limit=0', 'limit'],
      ['limit=501', 'limit'],
      ['limit=abc', 'limit'],
      ['kind=table', 'kind'],
      ['cursor=bm90LWEtY3Vyc29y', 'cursor'],
      ['q=%00', 'q must not contain a NUL character'],
      ['namespace=%00', 'namespace must not contain a NUL character'],
    ])('answers 400 naming the parameter for %s', async (params, name) => {
      const res = await get(`${store.url}/api/v1/datasets?${params}`);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.message)).toContain(name);
    });
  });

  describe('GET /api/v1/datasets/{id}', () => {
    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      expect((await get(`${store.url}/api/v1/datasets/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
      expect((await get(`${store.url}/api/v1/datasets/42`)).status).toBe(400);
    });

    it('lists the most recent events first and honours eventsLimit', async () => {
      const [target] = (await get(`${store.url}/api/v1/datasets?q=lake.sales.order_totals`)).body.datasets;
      const detail = (await get(`${store.url}/api/v1/datasets/${target.id}`)).body;
      const times = detail.events.map((e: any) => e.eventTime);
      expect(times).toHaveLength(3); // the CTAS that wrote it, the INSERT that read it, the INSERT that failed
      expect(times).toEqual([...times].sort().reverse());
      expect((await get(`${store.url}/api/v1/datasets/${target.id}?eventsLimit=1`)).body.events).toHaveLength(1);
      const event = await get(`${store.url}/api/v1/events/${detail.events[0].eventId}`);
      expect(event.status).toBe(200);
      expect(event.body.event.run.runId).toBe(detail.events[0].runId);
    });
  });

  describe('Marquez-compatible endpoints', () => {
    it('GET /api/v1/namespaces lists job and dataset namespaces in Marquez shape', async () => {
      const res = await get(`${store.url}/api/v1/namespaces`);
      const names = res.body.namespaces.map((n: any) => n.name);
      expect(names).toEqual(expect.arrayContaining([TRINO_NS, 'inventory', 's3://raw-landing', 'airflow-prod']));
      expect(res.body.namespaces[0]).toEqual(
        expect.objectContaining({ name: expect.any(String), createdAt: expect.any(String), updatedAt: expect.any(String), ownerName: 'anonymous' }),
      );
    });

    it('GET /api/v1/namespaces/{ns}/datasets and /datasets/{name} answer in Marquez shape with fields from the schema facet', async () => {
      const ns = encodeURIComponent(TRINO_NS);
      const list = await get(`${store.url}/api/v1/namespaces/${ns}/datasets?limit=2`);
      expect(list.body.datasets).toHaveLength(2);
      expect(list.body.totalCount).toBe(4);

      const ctas = fixture('trino/ctas-complete.json').json as any;
      const output = ctas.outputs[0];
      const one = await get(`${store.url}/api/v1/namespaces/${ns}/datasets/${encodeURIComponent(output.name)}`);
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({ id: { namespace: TRINO_NS, name: output.name }, name: output.name, namespace: TRINO_NS });
      expect(one.body.fields.map((f: any) => f.name)).toEqual(output.facets.schema.fields.map((f: any) => f.name));
      expect((await get(`${store.url}/api/v1/namespaces/${ns}/datasets/nope`)).status).toBe(404);
    });

    it('GET /api/v1/events/lineage returns the run events as received, by event time, with paging', async () => {
      const desc = await get(`${store.url}/api/v1/events/lineage?limit=5`);
      expect(desc.body.events).toHaveLength(5);
      expect(desc.body.totalCount).toBe(runEventsPosted);
      const times = desc.body.events.map((e: any) => Date.parse(e.eventTime));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const asc = await get(`${store.url}/api/v1/events/lineage?sortDirection=asc&limit=1&after=2026-01-01T00:00:00Z`);
      expect(Date.parse(asc.body.events[0].eventTime)).toBeGreaterThan(Date.parse('2026-01-01T00:00:00Z'));
      expect((await get(`${store.url}/api/v1/events/lineage?before=yesterday`)).status).toBe(400);
      expect((await get(`${store.url}/api/v1/events/lineage?before=2009-02-30T00:00:00Z`)).status).toBe(400);
      expect((await get(`${store.url}/api/v1/events/lineage?offset=100000000000000000000`)).status).toBe(400);
      const nulInPath = await get(`${store.url}/api/v1/namespaces/${encodeURIComponent('a\u0000b')}`);
      expect(nulInPath.status).toBe(400);
      expect(nulInPath.body.errors).toEqual([{ field: 'namespace', message: 'namespace must not contain a NUL character (%00)' }]);
    });
  });

  it('documents every endpoint in the OpenAPI document', async () => {
    const doc = await get(`${store.url}/api/docs-json`);
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/lineage',
        '/api/v1/lineage/batch',
        '/api/v1/datasets',
        '/api/v1/datasets/{id}',
        '/api/v1/events/{id}',
        '/api/v1/namespaces',
        '/api/v1/namespaces/{namespace}/datasets',
        '/api/v1/namespaces/{namespace}/datasets/{dataset}',
        '/api/v1/events/lineage',
        '/health/live',
        '/health/ready',
        '/version',
      ]),
    );
    expect((await fetch(`${store.url}/api/docs`)).status).toBe(200);
  });
});
