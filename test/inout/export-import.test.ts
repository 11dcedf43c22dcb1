import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { register } from 'prom-client';
import { CliLog } from '../../src/cli/cli-log';
import { exportCommand } from '../../src/cli/import/export-command';
import { importCommand } from '../../src/cli/import/import-command';
import { loadEnvironment } from '../../src/core/config/environment';
import { ProjectionWriter } from '../../src/projection/projection-writer.service';
import { query } from '../support/database';
import { compactRunEvent } from '../support/fixtures';
import { InProcessApp, migratedDatabase, startInProcessApp } from '../support/in-process-app';
import { ingestEveryFixture, modelByExportedLine } from './store-fixtures';

/** A CliLog that keeps its lines. */
function keptLog(): CliLog & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (m) => lines.push(m), warn: (m) => lines.push(m), error: (m) => lines.push(m) };
}

const commandEnv = (databaseUrl: string) => loadEnvironment({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', PROJECTION_WORKERS: '2' });

/** Runs a command's function in this process: it builds its own Nest app, whose metrics go to a cleared registry. */
async function inCommand<T>(run: () => Promise<T>): Promise<T> {
  register.clear();
  try {
    return await run();
  } finally {
    register.clear();
  }
}

async function project(store: InProcessApp): Promise<void> {
  const writer = store.app.get(ProjectionWriter);
  while ((await writer.projectBatch(100)).length > 0);
}

/** Every page of the export with these parameters, following Next-Cursor; the pages' bodies joined. */
async function exportAll(store: InProcessApp, params: string): Promise<{ text: string; pages: number }> {
  let text = '';
  let pages = 0;
  let cursor: string | undefined;
  do {
    const res = await store.app.inject({ method: 'GET', url: `/api/v1/export/events?${params}${cursor ? `&cursor=${cursor}` : ''}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    text += res.body;
    pages++;
    cursor = res.headers['next-cursor'] as string | undefined;
    if (cursor) expect(res.headers.link).toContain(`cursor=${cursor}`);
  } while (cursor);
  return { text, pages };
}

const lines = (text: string) => text.split('\n').filter((l) => l !== '');

describe('export and import of the log', () => {
  let store: InProcessApp;
  let events: number;
  const compact = compactRunEvent('exported-as-sent');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'export-'));

  beforeAll(async () => {
    store = await startInProcessApp();
    events = await ingestEveryFixture(store);
    expect((await store.request('POST', '/api/v1/lineage', compact)).status).toBe(201);
    events++;
    await project(store);
  });
  afterAll(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('streams every event once, in log order, one line each, page after page', async () => {
    const { text, pages } = await exportAll(store, 'limit=7');
    expect(pages).toBe(Math.ceil(events / 7) + (events % 7 === 0 ? 1 : 0));
    const exported = lines(text);
    expect(exported).toHaveLength(events);
    const stored = await query<{ text: string }>(store.databaseUrl, 'SELECT payload::text AS text FROM lineage_events ORDER BY id');
    exported.forEach((line, i) => {
      // The bytes received; a pretty-printed event's line breaks are spaces: same length, same JSON.
      expect(Buffer.byteLength(line)).toBe(Buffer.byteLength(stored[i].text));
      expect(JSON.parse(line)).toEqual(JSON.parse(stored[i].text));
    });
    expect(exported).toContain(compact);
    expect(stored.some((s) => s.text.includes('\n'))).toBe(true);
  });

  it('filters by namespace: the job’s, or a dataset’s the event names', async () => {
    const namesTrino = (e: any) =>
      [e.job, e.dataset, ...(e.inputs ?? []), ...(e.outputs ?? [])].some((x) => x?.namespace === 'trino://trino.analytics.test:8080');
    const all = lines((await exportAll(store, 'limit=1000')).text).map((l) => JSON.parse(l));
    const expected = all.filter(namesTrino);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);
    // Pages of 3 examined events: some pages hold none of the namespace's and still lead on.
    const filtered = lines((await exportAll(store, `limit=3&namespace=${encodeURIComponent('trino://trino.analytics.test:8080')}`)).text);
    expect(filtered.map((l) => JSON.parse(l))).toEqual(expected);
  });

  it('filters by received time: after inclusive, before exclusive', async () => {
    const [{ id }] = await query<{ id: string }>(store.databaseUrl, 'SELECT min(id) AS id FROM lineage_events');
    await query(store.databaseUrl, `UPDATE lineage_events SET received_at = '2026-01-01T00:00:00Z' WHERE id < $1::bigint + 3`, [id]);
    try {
      const early = lines((await exportAll(store, 'before=2026-01-01T00:00:00.001Z')).text);
      const late = lines((await exportAll(store, 'after=2026-01-01T00:00:00.001Z')).text);
      const exact = lines((await exportAll(store, 'after=2026-01-01T00:00:00Z&before=2026-01-01T00:00:00.001Z')).text);
      expect([early.length, late.length, exact.length]).toEqual([3, events - 3, 3]);
    } finally {
      await query(store.databaseUrl, `UPDATE lineage_events SET received_at = now() WHERE id < $1::bigint + 3`, [id]);
    }
  });

  it('is gzip when the client accepts it', async () => {
    const plain = await store.app.inject({ method: 'GET', url: '/api/v1/export/events' });
    const gzipped = await store.app.inject({ method: 'GET', url: '/api/v1/export/events', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it.each([
    ['cursor=not-a-cursor', 'BAD_CURSOR'],
    ['after=yesterday', 'INVALID_PARAMETER'],
    ['limit=0', 'INVALID_PARAMETER'],
    ['after=2026-02-01T00:00:00Z&before=2026-01-01T00:00:00Z', 'INVALID_PARAMETER'],
  ])('%s gets a 400 %s', async (params, code) => {
    const res = await store.request('GET', `/api/v1/export/events?${params}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
  });

  it('`export --out FILE` writes what the endpoint serves, gzip for .gz; `import --from FILE` into an empty store rebuilds every read table', async () => {
    const served = (await exportAll(store, '')).text;
    const file = path.join(dir, 'log.ndjson.gz');
    const exportLog = keptLog();
    expect(await inCommand(() => exportCommand(commandEnv(store.databaseUrl), exportLog, { out: file }))).toBe(events);
    expect(gunzipSync(fs.readFileSync(file)).toString('utf8')).toBe(served);

    const empty = await migratedDatabase('imported');
    const importLog = keptLog();
    const counts = await inCommand(() => importCommand(commandEnv(empty), importLog, file));
    expect(counts).toEqual({ read: events, stored: events, duplicates: 0, refused: 0 });
    expect(importLog.lines[importLog.lines.length - 1]).toBe(`imported ${file}: ${events} read, ${events} stored, 0 already in the log, 0 refused; projected`);
    expect(await modelByExportedLine(empty)).toEqual(await modelByExportedLine(store.databaseUrl));

    // Again: nothing new is stored.
    const again = await inCommand(() => importCommand(commandEnv(empty), keptLog(), file));
    expect(again).toEqual({ read: events, stored: 0, duplicates: events, refused: 0 });
  });

  it('`import` refuses what ingest refuses, lists each with its line, and stores the rest', async () => {
    const file = path.join(dir, 'mixed.ndjson');
    const good = compactRunEvent('imported-next-to-refusals');
    fs.writeFileSync(file, ['{"eventType":"START"}', good, 'not json', '', `{"eventTime":"2026-12-02T06:00:00Z","producer":"p","run":{"runId":"x"},"job":{"namespace":"n","name":"j"}}`].join('\n'));
    const log = keptLog();
    const mixed = await migratedDatabase('mixed');
    const counts = await inCommand(() => importCommand(commandEnv(mixed), log, file));
    expect(counts).toEqual({ read: 4, stored: 1, duplicates: 0, refused: 3 });
    const refusals = log.lines.filter((l) => l.includes('refused ('));
    expect(refusals).toEqual([
      expect.stringMatching(/^import: line 1 refused \(INVALID_EVENT\): .*run/),
      expect.stringMatching(/^import: line 3 refused \(INVALID_JSON\)/),
      expect.stringMatching(/^import: line 5 refused \(INVALID_EVENT\): run\.runId/),
    ]);
  });
});
