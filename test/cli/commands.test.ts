import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createDatabase, query } from '../support/database';
import { fixture } from '../support/fixtures';
import { get, post } from '../support/http';
import { freePort, MIGRATION_COUNT, runCommand, startStore } from '../support/store-process';
import { waitFor } from '../support/wait-for';

describe('commands', () => {
  it('`serve` refuses to start on a schema that is behind and says to run migrate', async () => {
    const databaseUrl = await createDatabase('behind');
    const store = await startStore({ DATABASE_URL: databaseUrl }, { waitReady: false });
    expect(await store.exited).toBe(1);
    expect(store.output.join('\n')).toMatch(/schema is behind.*run `metadata-store migrate`/);
  });

  it('`migrate` applies the migrations once and is a no-op the second time', async () => {
    const databaseUrl = await createDatabase('migrate');
    const first = runCommand(['migrate'], { DATABASE_URL: databaseUrl });
    expect(first.status).toBe(0);
    expect(first.stdout).toContain(`applied ${MIGRATION_COUNT} migration(s)`);
    const second = runCommand(['migrate'], { DATABASE_URL: databaseUrl });
    expect(second.stdout).toContain('up to date');
    const tables = await query<{ tablename: string }>(databaseUrl, "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1");
    expect(tables.map((t) => t.tablename)).toEqual(
      expect.arrayContaining(['lineage_events', 'projection_queue', 'datasets', 'event_datasets', 'dataset_symlinks', 'namespaces']),
    );
  });

  it.each([
    ['PORT', 'http'],
    ['INGEST_MODE', 'fast'],
    ['DATABASE_URL', 'mysql://x'],
    ['LOG_LEVEL', 'loud'],
  ])('a bad %s stops the service with one line naming the variable', (name, value) => {
    const result = runCommand(['serve'], { [name]: value });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]).msg).toContain(`${name}=`);
  });

  it('an unknown command exits 2 with the usage', () => {
    const result = runCommand(['frobnicate'], {});
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('usage: metadata-store <serve|migrate|healthcheck|reproject|retention|relay|export|import|import-marquez>');
  });

  it.each([
    [['export'], 'export: --out is required'],
    [['import', '--form', 'x'], "import: Unknown option '--form'"],
    [['export', '--out', 'x', '--after', 'yesterday'], '--after "yesterday": expected a time with a UTC offset or Z'],
  ])('`%s` exits 1 with one line saying what is wrong, before touching a database', (args, message) => {
    const result = runCommand(args, { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stderr.trim()).msg).toContain(message);
  });

  it('without DATABASE_URL, `serve` starts an embedded PostgreSQL, migrates it, serves, and stops it on SIGTERM', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'metadata-store-embedded-'));
    fs.chmodSync(parent, 0o755); // as root, PostgreSQL runs as the postgres user and must reach its folder
    const dataDir = path.join(parent, 'pg');
    const pgPort = await freePort();
    const env = { EMBEDDED_POSTGRES_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(pgPort) };
    const store = await startStore(env);
    expect((await post(`${store.url}/api/v1/lineage`, fixture('trino/ctas-complete.json').text)).status).toBe(201);
    expect(await store.stop('SIGTERM')).toBe(0);

    // The data persists: a second start finds the event without migrating again.
    const again = await startStore(env);
    try {
      const datasetNames = async () => (await get(`${again.url}/api/v1/datasets`)).body.datasets.map((d: { name: string }) => d.name) as string[];
      await waitFor('the dataset to be listed', async () => (await datasetNames()).includes('tpch.sf1.orders'), 10000, 100).catch(() => undefined);
      expect(await datasetNames()).toContain('tpch.sf1.orders');
    } finally {
      expect(await again.stop('SIGINT')).toBe(0);
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });
});
