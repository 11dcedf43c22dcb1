import { createHash } from 'node:crypto';
import { ndjsonLine } from '../../src/read/export/ndjson-line';
import { query } from '../support/database';
import { eventFixtures, facetViolationFixtures } from '../support/fixtures';
import { InProcessApp } from '../support/in-process-app';
import { tableSnapshot } from '../support/model-snapshot';

/**
 * Every good fixture (and the facet violations, which are stored as sent), posted as its file's
 * text, pretty-printed as it is: single events to /api/v1/lineage, the batch to /batch.
 */
export async function ingestEveryFixture(store: InProcessApp): Promise<number> {
  let events = 0;
  for (const file of [...eventFixtures(), ...facetViolationFixtures()]) {
    const batch = Array.isArray(file.json);
    const res = await store.request('POST', batch ? '/api/v1/lineage/batch' : '/api/v1/lineage', file.text);
    if (res.status !== (batch ? 200 : 201)) throw new Error(`${file.file}: ${res.status} ${res.text}`);
    events += batch ? (file.json as unknown[]).length : 1;
  }
  return events;
}

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/**
 * The store's projection tables, with each event named by `keyOf` its stored text rather than by
 * its id. Two stores holding the same events, by that key, give equal snapshots.
 */
export async function modelByEvent(databaseUrl: string, keyOf: (text: string) => string): Promise<Record<string, unknown[]>> {
  const rows = await query<{ hash: string; text: string }>(databaseUrl, `SELECT encode(content_hash, 'hex') AS hash, payload::text AS text FROM lineage_events`);
  const keys = new Map(rows.map((r) => [r.hash, keyOf(r.text)]));
  const snapshot = await tableSnapshot(databaseUrl);
  for (const table of Object.values(snapshot)) {
    for (const row of table as Array<Record<string, unknown>>) {
      for (const [column, value] of Object.entries(row)) {
        if (/event_id$/.test(column) && typeof value === 'string') row[column] = keys.get(value) ?? `unknown ${value}`;
      }
    }
  }
  // Rows were sorted by their columns before the renaming: sort again.
  for (const name of Object.keys(snapshot)) snapshot[name] = [...snapshot[name]].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  return snapshot;
}

/** Events named by the hash of the line an export writes for them: the stored text, its line breaks made spaces. */
export const modelByExportedLine = (databaseUrl: string) => modelByEvent(databaseUrl, (text) => sha256(ndjsonLine(text).subarray(0, -1)));

/** JSON with its object keys sorted: the same for an event as sent and as jsonb gives it back. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Events named by their JSON value, whatever the text's key order or spacing. */
export const modelByEventValue = (databaseUrl: string) => modelByEvent(databaseUrl, (text) => sha256(canonicalJson(JSON.parse(text))));
