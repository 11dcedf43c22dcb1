import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

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

/** Runs one query on a short-lived connection. */
export async function query<T = Record<string, unknown>>(databaseUrl: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
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
