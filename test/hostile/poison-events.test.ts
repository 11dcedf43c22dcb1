import { randomUUID } from 'node:crypto';
import { query, waitForProjection } from '../support/database';
import { get, post } from '../support/http';
import { InProcessServer, startInProcessServer } from '../support/in-process-app';

const NAMESPACE = 'trino://warehouse:8080';

const event = (patch: Record<string, unknown> = {}) => ({
  eventTime: '2026-07-15T10:15:03.911Z',
  eventType: 'COMPLETE',
  producer: 'https://example.com/producer',
  run: { runId: randomUUID() },
  job: { namespace: NAMESPACE, name: 'query_1' },
  outputs: [{ namespace: NAMESPACE, name: 'hive.sales.orders' }],
  ...patch,
});

/** A run facet nesting arrays `levels` deep inside the event ($ > run > facets > deep > ...). */
const nested = (levels: number, patch: Record<string, unknown> = {}) =>
  JSON.stringify(event(patch)).replace('"run":{', `"run":{"facets":{"deep":{"value":${'['.repeat(levels)}${']'.repeat(levels)}}},`);

describe('an acknowledged event stays readable and projectable', () => {
  let databaseUrl: string;
  let store: InProcessServer;

  beforeAll(async () => {
    store = await startInProcessServer({ LOG_LEVEL: 'info' });
    databaseUrl = store.databaseUrl;
  });

  afterAll(async () => {
    await store?.close();
  });

  it.each([
    ['an event nested ~4,100 deep (it broke GET /api/v1/events/{id} and /events/lineage)', 'run.facets.deep.value', () => nested(4100)],
    ['an eventTime that is year 0 in UTC', 'eventTime', () => event({ eventTime: '0001-01-01T00:00:00+15:00' })],
    ['a scheme-less 1,000-byte namespace with a 1,000-byte name', 'outputs[0]', () => event({ outputs: [{ namespace: 'n'.repeat(1000), name: 'x'.repeat(1000) }] })],
  ])('refuses %s with 400 naming %s, and stores nothing', async (_label, field, body) => {
    const before = await query<{ n: number }>(databaseUrl, 'SELECT count(*)::int AS n FROM lineage_events');
    const res = await post(`${store.url}/api/v1/lineage`, body());
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field.startsWith(field)).toBe(true);
    expect(await query(databaseUrl, 'SELECT count(*)::int AS n FROM lineage_events')).toEqual(before);
  });

  it('after the poison events, accepts the deepest allowed event with a far-future time, projects everything, and every read endpoint answers 200', async () => {
    for (const body of [nested(4100), event({ eventTime: '0001-01-01T00:00:00+15:00' }), event({ outputs: [{ namespace: 'n'.repeat(1000), name: 'x'.repeat(1000) }] })]) {
      await post(`${store.url}/api/v1/lineage`, body);
    }
    // 96 levels inside the facet: the deepest value is at depth 99, the limit being 100.
    const deep = await post(`${store.url}/api/v1/lineage`, nested(96, { eventTime: '9999-12-31T23:59:59.999999Z' }));
    expect(deep.status).toBe(201);
    expect((await post(`${store.url}/api/v1/lineage`, event())).status).toBe(201);
    await waitForProjection(databaseUrl);
    expect(await query(databaseUrl, 'SELECT event_id FROM projection_set_aside')).toEqual([]); // nothing set aside

    const ids = await query<{ id: string }>(databaseUrl, 'SELECT id::text FROM lineage_events ORDER BY id');
    const [dataset] = await query<{ id: string }>(databaseUrl, `SELECT id::text FROM datasets WHERE name = 'hive.sales.orders'`);
    const ns = encodeURIComponent(NAMESPACE);
    const paths = [
      ...ids.map(({ id }) => `/api/v1/events/${id}`),
      '/api/v1/events/lineage',
      '/api/v1/events/lineage?limit=100',
      '/api/v1/datasets',
      '/api/v1/datasets?q=sales',
      '/api/v1/datasets?q=s',
      `/api/v1/datasets/${dataset.id}`,
      '/api/v1/namespaces',
      `/api/v1/namespaces/${ns}`,
      `/api/v1/namespaces/${ns}/datasets`,
      `/api/v1/namespaces/${ns}/datasets/${encodeURIComponent('hive.sales.orders')}`,
    ];
    const statuses = await Promise.all(paths.map(async (path) => [path, (await get(`${store.url}${path}`)).status]));
    expect(statuses).toEqual(paths.map((path) => [path, 200]));
  });

  it('keeps the microseconds of event times in the log and in the read model', async () => {
    const eventTime = '2026-08-01T12:00:00.123456Z';
    const res = await post(`${store.url}/api/v1/lineage`, event({ eventTime, outputs: [{ namespace: NAMESPACE, name: 'hive.sales.micro' }] }));
    expect(res.status).toBe(201);
    await waitForProjection(databaseUrl);
    const [row] = await query<{ event: string; dataset: string }>(
      databaseUrl,
      `SELECT (SELECT id::text FROM lineage_events WHERE event_time = $1) AS event, (SELECT id::text FROM datasets WHERE name = 'hive.sales.micro') AS dataset`,
      [eventTime],
    );
    expect((await get(`${store.url}/api/v1/events/${row.event}`)).body.eventTime).toBe(eventTime);
    const dataset = (await get(`${store.url}/api/v1/datasets/${row.dataset}`)).body;
    expect([dataset.firstSeenAt, dataset.lastSeenAt, dataset.events[0].eventTime]).toEqual([eventTime, eventTime, eventTime]);
    const marquez = (await get(`${store.url}/api/v1/namespaces/${encodeURIComponent(NAMESPACE)}/datasets/hive.sales.micro`)).body;
    expect(marquez.createdAt).toBe(eventTime);
  });
});
