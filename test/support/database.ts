import { randomBytes } from 'node:crypto';
import { Client, Pool } from 'pg';

export function adminUrl(): string {
  const url = process.env.TEST_PG_ADMIN_URL;
  if (!url) throw new Error('TEST_PG_ADMIN_URL is not set: run the tests through jest (globalSetup starts PostgreSQL)');
  return url;
}

/** A fresh database on the test PostgreSQL, empty or a copy of `template`; returns its URL. */
export async function createDatabase(prefix = 'test', template?: string): Promise<string> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

const queryPools = new Map<string, Pool>();

/**
 * Runs one query on the test file's connection to `databaseUrl`, opened on first use and closed
 * after half a second unused: a test that polls (waitForProjection) reuses it instead of making
 * PostgreSQL start a backend per poll. It is never inside a transaction between two calls.
 */
export async function query<T = Record<string, unknown>>(databaseUrl: string, sql: string, params: unknown[] = []): Promise<T[]> {
  let pool = queryPools.get(databaseUrl);
  if (!pool) {
    pool = new Pool({ connectionString: databaseUrl, max: 2, idleTimeoutMillis: 500, allowExitOnIdle: true });
    // A test that stops PostgreSQL or terminates a database's sessions ends the idle connection;
    // the pool drops it and the next query opens another.
    pool.on('error', () => undefined);
    queryPools.set(databaseUrl, pool);
  }
  return (await pool.query(sql, params)).rows as T[];
}

/** Closes the connections query() opened (after each test file: test/support/stop-children.ts). */
export async function closeQueryConnections(): Promise<void> {
  const pools = [...queryPools.values()];
  queryPools.clear();
  await Promise.all(pools.map((pool) => pool.end().catch(() => undefined)));
}

export async function countEvents(databaseUrl: string): Promise<number> {
  const [row] = await query<{ n: number }>(databaseUrl, 'SELECT count(*)::int AS n FROM lineage_events');
  return row.n;
}

/** Waits until every logged event has been projected. */
export async function waitForProjection(databaseUrl: string, timeoutMs = 60000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await query<{ n: number }>(databaseUrl, 'SELECT count(*)::int AS n FROM projection_queue');
    if (row.n === 0) return;
    if (Date.now() > deadline) throw new Error(`projection queue still has ${row.n} event(s)`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
