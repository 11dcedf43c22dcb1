import { randomUUID } from 'node:crypto';
import { Client } from 'pg';

export { migratedDatabase } from '../support/migrated-database';

export function databaseName(url: string): string {
  return new URL(url).pathname.slice(1);
}

function adminUrl(): string {
  const url = process.env.TEST_PG_ADMIN_URL;
  if (!url) throw new Error('TEST_PG_ADMIN_URL is not set');
  return url;
}

export async function adminQuery<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * Makes a database unreachable without stopping the shared test PostgreSQL: new connections are
 * refused and the open ones are terminated (what a store sees when its database goes away).
 */
export async function blockDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  await adminQuery(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
  await adminQuery('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
}

export async function unblockDatabase(url: string): Promise<void> {
  await adminQuery(`ALTER DATABASE ${databaseName(url)} ALLOW_CONNECTIONS true`);
}

/** Every stdout/stderr line that is a JSON object, parsed. */
export function jsonLines(output: string[]): Array<Record<string, any>> {
  const lines: Array<Record<string, any>> = [];
  for (const line of output) {
    try {
      const parsed = JSON.parse(line);
      if (parsed && typeof parsed === 'object') lines.push(parsed);
    } catch {
      // not JSON
    }
  }
  return lines;
}

export { waitFor } from '../support/wait-for';

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A small valid OpenLineage run event; the run id identifies it in lineage_events. */
export function runEvent(runId: string = randomUUID(), extra: { jobName?: string; eventType?: string } = {}): Record<string, unknown> {
  return {
    eventType: extra.eventType ?? 'COMPLETE',
    eventTime: new Date().toISOString(),
    producer: 'https://example.com/ops-test',
    schemaURL: 'https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent',
    run: { runId },
    job: { namespace: 'ops://test', name: extra.jobName ?? 'ops.job' },
    inputs: [{ namespace: 'postgres://db:5432', name: 'ops.public.source' }],
    outputs: [{ namespace: 'postgres://db:5432', name: 'ops.public.target' }],
  };
}

/** Parses Prometheus' text format into samples. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})?\s+(\S+)/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[3] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]] = pair[2];
    samples.push({ name: match[1], labels, value: match[4].toLowerCase() === 'nan' ? NaN : Number(match[4]) });
  }
  return samples;
}

export function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  return samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;
}

export { MAIN, spawnMain } from '../support/store-process';

/** The environment a spawned command gets: only what a real deployment would set. */
export function minimalEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of ['PATH', 'HOME', 'LANG', 'TMPDIR']) if (process.env[key]) env[key] = process.env[key]!;
  return { ...env, ...extra };
}
