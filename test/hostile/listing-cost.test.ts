import { getDataSourceToken } from '@nestjs/typeorm';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { READ_DATABASE } from '../../src/database/database.module';
import { ProjectionWriter } from '../../src/projection/projection-writer.service';
import { query } from '../support/database';
import { InProcessApp, startInProcessApp } from '../support/in-process-app';

const NAMESPACE = 'wide://one-event';
/** The array cap (INGEST_MAX_ARRAY_ELEMENTS): the most datasets one event can name on each side. */
const PER_SIDE = 10_000;
/** Marquez's totalCount counts a namespace's datasets exactly up to 10,000 (documented on the endpoint). */
const TOTAL_COUNT_CAP = 10_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

/** Table rows a plan read: what every scan of a table returned or filtered out, over all its loops. */
const rowsRead = (plan: PlanNode) =>
  flatten(plan)
    .filter((node) => node['Relation Name'] !== undefined)
    .reduce(
      (sum, node) =>
        sum + (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) * node['Actual Loops'],
      0,
    );

/**
 * Issue 13: after one valid event naming 200k datasets, Marquez's dataset list of its namespace
 * ran into the statement timeout. Listing must cost what the page costs, whatever one event
 * named: each statement a list endpoint runs is explained (ANALYZE) with the parameters it ran
 * with, and the table rows it read are bounded by the page, not by the 20,000 datasets.
 */
describe('listing cost does not depend on how many datasets one event named', () => {
  let store: InProcessApp;
  let readSource: DataSource;

  beforeAll(async () => {
    store = await startInProcessApp();
    readSource = store.app.get<DataSource>(getDataSourceToken(READ_DATABASE));
    const dataset = (side: string) => (_: unknown, i: number) => ({ namespace: NAMESPACE, name: `${side}_${String(i).padStart(5, '0')}` });
    const event = {
      eventType: 'COMPLETE',
      eventTime: '2026-03-01T00:00:00Z',
      producer: 'https://example.com/wide',
      run: { runId: '0195f8b0-0000-7000-8000-0000000000aa' },
      job: { namespace: NAMESPACE, name: 'copy_everything' },
      inputs: Array.from({ length: PER_SIDE }, dataset('in')),
      outputs: Array.from({ length: PER_SIDE }, dataset('out')),
    };
    expect((await store.request('POST', '/api/v1/lineage', event)).status).toBe(201);
    expect(await store.app.get(ProjectionWriter).projectBatch(10)).toHaveLength(1);
    const [{ n }] = await query<{ n: number }>(store.databaseUrl, 'SELECT count(*)::int AS n FROM datasets WHERE namespace = $1', [NAMESPACE]);
    expect(n).toBe(2 * PER_SIDE);
    // As autovacuum does within a minute of such a write. Before it, the planner has no
    // statistics for the new rows, guesses that few match the namespace and reads them all.
    await query(store.databaseUrl, 'ANALYZE');
  }, 300000);

  afterAll(async () => {
    await store?.close();
  });

  /** Requests `url`, capturing every statement it ran on the read pool, then explains each with its parameters. */
  async function explainRequest(url: string): Promise<{ status: number; body: any; plans: Array<{ sql: string; plan: PlanNode }> }> {
    const spy = jest.spyOn(readSource, 'query');
    let res;
    let statements: Array<[string, unknown[] | undefined]>;
    try {
      res = await store.request('GET', url);
      statements = spy.mock.calls.map(([sql, params]) => [sql, params as unknown[] | undefined]);
    } finally {
      spy.mockRestore();
    }
    const client = new Client({ connectionString: store.databaseUrl });
    await client.connect();
    try {
      const plans = [];
      for (const [sql, params] of statements) {
        const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`, params);
        plans.push({ sql, plan: rows[0]['QUERY PLAN'][0].Plan as PlanNode });
      }
      return { status: res.status, body: res.body, plans };
    } finally {
      await client.end();
    }
  }

  /** The page itself: a LIMIT over an index scan of `datasets` in page order, reading about a page of rows. */
  function expectIndexedPage(plan: PlanNode, pageRows: number): void {
    const nodes = flatten(plan);
    expect(plan['Node Type']).toBe('Limit');
    expect(nodes.some((n) => n['Relation Name'] === 'datasets' && ['Index Scan', 'Index Only Scan'].includes(n['Node Type']))).toBe(true);
    // The one exception: whether any deletion exists at all (node_deletions, a handful of operator
    // actions), asked once per statement in an init plan; with none, the per-row look-up never runs (ADR 0027).
    const deletionsAsked = (n: PlanNode) =>
      n['Relation Name'] === 'node_deletions' && ((n as { 'Parent Relationship'?: string })['Parent Relationship'] === 'InitPlan' || n['Actual Loops'] === 0);
    expect(nodes.filter((n) => (n['Node Type'] === 'Seq Scan' && !deletionsAsked(n)) || n['Node Type'] === 'Sort')).toEqual([]);
    expect(rowsRead(plan)).toBeLessThanOrEqual(pageRows);
  }

  it("Marquez's list of the namespace reads a page of rows per statement, not the event's datasets", async () => {
    const limit = 1000;
    const { status, body, plans } = await explainRequest(`/api/v1/namespaces/${encodeURIComponent(NAMESPACE)}/datasets?limit=${limit}`);
    expect(status).toBe(200);
    expect(body.datasets).toHaveLength(limit);
    expect(body.totalCount).toBe(TOTAL_COUNT_CAP);

    const page = plans.find(({ sql }) => /ORDER BY d\.name LIMIT/.test(sql));
    const count = plans.find(({ sql }) => /count\(\*\)/.test(sql));
    expect(page && count).toBeTruthy();
    expectIndexedPage(page!.plan, limit);
    // totalCount reads the namespace's index up to its cap, however many datasets there are.
    expect(rowsRead(count!.plan)).toBeLessThanOrEqual(TOTAL_COUNT_CAP);
    // The page's facets, versions, tags, column lineage and last modification: a few rows per dataset on the page.
    const details = plans.filter((p) => p !== page && p !== count);
    expect(details.length).toBeGreaterThanOrEqual(3);
    for (const { sql, plan } of details) expect({ sql, rowsRead: rowsRead(plan) <= 3 * limit }).toEqual({ sql, rowsRead: true });
  });

  it('our own list of the namespace reads one page of rows through the index, and counts up to its cap', async () => {
    const limit = 500;
    const { status, body, plans } = await explainRequest(`/api/v1/datasets?namespace=${encodeURIComponent(NAMESPACE)}&limit=${limit}`);
    expect(status).toBe(200);
    expect(body.datasets).toHaveLength(limit);
    expect(body.nextCursor).toEqual(expect.any(String));
    expect(body.totalCount).toBe(TOTAL_COUNT_CAP);
    expect(plans).toHaveLength(2);
    const page = plans.find(({ sql }) => !/count\(\*\)/.test(sql))!;
    const count = plans.find(({ sql }) => /count\(\*\)/.test(sql))!;
    // One extra row tells whether a next page exists.
    expectIndexedPage(page.plan, limit + 1);
    // totalCount reads up to its cap, however many datasets there are.
    expect(rowsRead(count.plan)).toBeLessThanOrEqual(TOTAL_COUNT_CAP);

    const next = await explainRequest(`/api/v1/datasets?namespace=${encodeURIComponent(NAMESPACE)}&limit=${limit}&cursor=${encodeURIComponent(body.nextCursor)}`);
    expect(next.body.datasets[0].name > body.datasets[limit - 1].name).toBe(true);
    expectIndexedPage(next.plans.find(({ sql }) => !/count\(\*\)/.test(sql))!.plan, limit + 1);
  });
});
