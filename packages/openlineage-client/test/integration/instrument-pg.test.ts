import { mkdtempSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool, type PoolClient, type QueryResult } from 'pg';
import { FileTransport, OpenLineageClient, instrumentPg, validateEvent, withRunContext, type PgInstrumentation } from '../../src';
import { createDatabase } from '../../../../test/support/database';

/* Instrumentation against the test PostgreSQL; events go through the real client to a file. */

interface LoggedEvent {
  eventType: string;
  run: { runId: string; facets?: Record<string, any> };
  job: { namespace: string; name: string; facets: Record<string, any> };
  inputs: Array<{ namespace: string; name: string }>;
  outputs: Array<{ namespace: string; name: string; facets?: Record<string, any> }>;
}

describe('instrumentPg on a real PostgreSQL', () => {
  let databaseUrl: string;
  let database: string;
  let namespace: string;
  let pool: Pool;
  let client: OpenLineageClient;
  let instrumentation: PgInstrumentation;
  let folder: string;
  let logFile: string;

  const events = async (): Promise<LoggedEvent[]> => {
    await instrumentation.settled();
    await client.flush(10_000);
    return existsSync(logFile) ? readFileSync(logFile, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line)) : [];
  };
  const bySql = (all: LoggedEvent[], fragment: string) => all.filter((event) => event.job.facets.sql.query.includes(fragment));

  beforeAll(async () => {
    databaseUrl = await createDatabase('instrument');
    const url = new URL(databaseUrl);
    database = url.pathname.slice(1);
    namespace = `postgres://${url.hostname}:${url.port}`;
    const setup = new Pool({ connectionString: databaseUrl, max: 1 });
    await setup.query('CREATE TABLE orders (id int PRIMARY KEY, customer_id int, amount numeric, status text)');
    await setup.query("INSERT INTO orders VALUES (1, 10, 5, 'paid'), (2, 10, 7, 'paid'), (3, 11, 2, 'open')");
    await setup.end();

    folder = mkdtempSync(join(tmpdir(), 'instrument-pg-'));
    logFile = join(folder, 'events.jsonl');
    client = new OpenLineageClient({ transport: new FileTransport({ log_file_path: logFile }) });
    pool = new Pool({ connectionString: databaseUrl, max: 2 });
    instrumentation = instrumentPg(pool, { client, namespace: 'shop-app' });
  });

  afterAll(async () => {
    instrumentation?.uninstrument();
    await pool?.end();
    await client?.close(5_000);
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  test('CREATE TABLE AS through pool.query: START and COMPLETE with the SQL, datasets and column lineage', async () => {
    const result = await pool.query(
      "CREATE TABLE order_totals AS SELECT customer_id, sum(amount) AS total FROM orders WHERE status = 'paid' GROUP BY customer_id",
    );
    expect(result.command).toBe('SELECT');
    const [start, complete, ...more] = bySql(await events(), 'CREATE TABLE order_totals');
    expect(more).toEqual([]);
    expect([start.eventType, complete.eventType]).toEqual(['START', 'COMPLETE']);
    expect(complete.run.runId).toBe(start.run.runId);
    expect(start.job.namespace).toBe('shop-app');
    expect(start.job.name).toMatch(new RegExp(`^create_table\\.${database}\\.public\\.order_totals\\.[0-9a-f]{10}$`));
    expect(complete.job.facets.sql).toMatchObject({ query: expect.stringContaining('sum(amount)'), dialect: 'postgres' });
    expect(complete.inputs).toEqual([{ namespace, name: `${database}.public.orders` }]);
    const output = complete.outputs[0];
    expect(output.name).toBe(`${database}.public.order_totals`);
    const field = (name: string) =>
      output.facets!.columnLineage.fields[name].inputFields.map((f: any) => [f.name, f.field, f.transformations[0].subtype]);
    expect(field('customer_id')).toEqual([[`${database}.public.orders`, 'customer_id', 'IDENTITY']]);
    expect(field('total')).toEqual([[`${database}.public.orders`, 'amount', 'AGGREGATION']]);
    expect(output.facets!.columnLineage.dataset.map((f: any) => [f.field, f.transformations[0].subtype]).sort()).toEqual([
      ['customer_id', 'GROUP_BY'],
      ['status', 'FILTER'],
    ]);
    for (const event of [start, complete]) expect(validateEvent(event)).toEqual({ valid: true, problems: [] });
  });

  test('statements that touch no table emit nothing', async () => {
    const before = (await events()).length;
    await pool.query('SET statement_timeout = 0');
    await pool.query('SELECT 1');
    const connection = await pool.connect();
    try {
      await connection.query('BEGIN');
      await connection.query('COMMIT');
    } finally {
      connection.release();
    }
    await pool.query('CREATE TABLE scratch (a int)');
    expect((await events()).length).toBe(before);
  });

  test('the callback form, and a client from pool.connect() inside a run context: parent facet set', async () => {
    const rows = await new Promise<QueryResult['rows']>((resolve, reject) =>
      pool.query('SELECT id FROM orders WHERE amount > $1 ORDER BY id', [4], (error: Error | undefined, result: QueryResult) =>
        error ? reject(error) : resolve(result.rows),
      ),
    );
    expect(rows).toEqual([{ id: 1 }, { id: 2 }]);

    const parent = { runId: '0190c5d2-1111-7000-8000-000000000001', job: { namespace: 'airflow', name: 'nightly.load' } };
    await withRunContext(parent, async () => {
      const connection: PoolClient = await pool.connect();
      try {
        await connection.query('CREATE TABLE paid_ids AS SELECT id FROM orders WHERE status = $1', ['paid']);
      } finally {
        connection.release();
      }
    });

    const all = await events();
    const select = bySql(all, 'SELECT id FROM orders WHERE amount');
    expect(select.map((event) => event.eventType)).toEqual(['START', 'COMPLETE']);
    expect(select[1].outputs).toEqual([]);
    expect(select[1].run.facets?.parent).toBeUndefined();
    const ctas = bySql(all, 'CREATE TABLE paid_ids');
    expect(ctas.map((event) => event.eventType)).toEqual(['START', 'COMPLETE']);
    for (const event of ctas) {
      expect(event.run.facets!.parent).toMatchObject({
        run: { runId: parent.runId },
        job: parent.job,
        root: { run: { runId: parent.runId }, job: parent.job },
      });
    }
  });

  test('a failing statement: START then FAIL with the error message; the caller still gets the error', async () => {
    await expect(pool.query('INSERT INTO missing_table (id) SELECT id FROM orders')).rejects.toThrow(/missing_table/);
    const [start, fail] = bySql(await events(), 'INSERT INTO missing_table');
    expect([start.eventType, fail.eventType]).toEqual(['START', 'FAIL']);
    expect(fail.run.facets!.errorMessage).toMatchObject({
      message: expect.stringContaining('missing_table'),
      programmingLanguage: 'JavaScript',
    });
    expect(validateEvent(fail).valid).toBe(true);
  });

  test('one statement shape is one job; each execution is its own run', async () => {
    await pool.query('SELECT count(*) FROM orders WHERE customer_id = 10');
    await pool.query('SELECT count(*) FROM orders WHERE customer_id = 11');
    const runs = bySql(await events(), 'SELECT count(*) FROM orders WHERE customer_id').filter((e) => e.eventType === 'START');
    expect(runs).toHaveLength(2);
    expect(runs[0].job.name).toBe(runs[1].job.name);
    expect(runs[0].run.runId).not.toBe(runs[1].run.runId);
  });

  test('uninstrument() stops the events', async () => {
    const other = new Pool({ connectionString: databaseUrl, max: 1 });
    const handle = instrumentPg(other, { client, namespace: 'shop-app' });
    await other.query('SELECT amount FROM orders WHERE id = 1');
    handle.uninstrument();
    await other.query('SELECT status FROM orders WHERE id = 1');
    await handle.settled();
    await other.end();
    const all = await events();
    expect(bySql(all, 'SELECT amount FROM orders WHERE id')).toHaveLength(2);
    expect(bySql(all, 'SELECT status FROM orders WHERE id')).toHaveLength(0);
  });
});
