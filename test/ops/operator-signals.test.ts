/**
 * What an operator reads when something goes wrong: a refused event's field errors (never its
 * body), outage warnings that do not flood the log, and the commit of the running build.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { query } from '../support/database';
import { get, post } from '../support/http';
import { PACKAGE_ROOT, startStore, StoreProcess } from '../support/store-process';
import { blockDatabase, jsonLines, migratedDatabase, parseMetrics, runEvent, sampleValue, unblockDatabase, waitFor } from './ops-support';

/** Failures of each kind the outage test waits for before the database comes back. */
const RETRIES_SEEN = 8;

describe('operator signals', () => {
  let store: StoreProcess | undefined;
  afterEach(async () => {
    await store?.stop();
    store = undefined;
  });

  it('a 400 logs the field errors with the request id, never the body', async () => {
    store = await startStore({ DATABASE_URL: await migratedDatabase('ops_refused'), PROJECTION_WORKERS: '0' });
    const marker = `refused-marker-${randomBytes(8).toString('hex')}`;
    const refused = await post(`${store.url}/api/v1/lineage`, { eventType: 'COMPLETE', eventTime: 'yesterday', job: { name: marker }, run: { runId: 'nope' } });
    expect(refused.status).toBe(400);
    const requestId = refused.headers.get('x-request-id');
    const line = await waitFor('the refusal line', () => jsonLines(store!.output).find((l) => l.msg === 'ingest: event refused (400)'));
    expect(line).toMatchObject({ level: 'warn', requestId });
    expect(line.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'run.runId', message: 'must be a UUID' })]));
    expect(line.errors).toEqual(refused.body.errors);
    expect(store.output.join('\n')).not.toContain(marker);
  });

  it('a database outage is one warning per kind, not one per worker per second, and its end is logged', async () => {
    const databaseUrl = await migratedDatabase('ops_outage_lines');
    store = await startStore({ DATABASE_URL: databaseUrl, INGEST_MODE: 'async', PROJECTION_WORKERS: '4', PROJECTION_POLL_INTERVAL_MS: '100' });
    await blockDatabase(databaseUrl);
    try {
      for (let i = 0; i < 20; i++) expect((await post(`${store.url}/api/v1/lineage`, runEvent(randomUUID()))).status).toBe(202);
      // Every worker and every queued event fails again and again while the outage lasts.
      await waitFor('repeated failures of both kinds', async () => {
        const samples = parseMetrics(await (await fetch(`${store!.url}/metrics`)).text());
        return (
          (sampleValue(samples, 'metadata_store_projection_retries_total') ?? 0) >= RETRIES_SEEN &&
          (sampleValue(samples, 'metadata_store_async_queue_write_retries_total') ?? 0) >= RETRIES_SEEN
        );
      }, 30000);
    } finally {
      await unblockDatabase(databaseUrl);
    }
    await waitFor('the recovery lines', () => jsonLines(store!.output).filter((l) => /: recovered$/.test(l.msg ?? '')).length >= 2, 30000);
    const lines = jsonLines(store.output);
    const count = (msg: string) => lines.filter((l) => l.msg === msg).length;
    console.log(`outage lines: projection ${count('projection batch failed; retrying')}, async queue ${count('writing queued events failed; retrying')}`);
    expect(count('projection batch failed; retrying')).toBe(1);
    expect(count('writing queued events failed; retrying')).toBe(1);
    expect(count('projection batch failed; retrying: recovered')).toBe(1);
    expect(count('writing queued events failed; retrying: recovered')).toBe(1);
    // The one line stood for every failure since: the recovery line counts them.
    for (const recovered of lines.filter((l) => /: recovered$/.test(l.msg ?? ''))) expect(recovered.repeatedSinceLastLine).toBeGreaterThanOrEqual(RETRIES_SEEN - 1);
  });

  it('/version names the version, the commit, the schema version and the OpenLineage spec; it and metadata_store_build_info carry the commit the build came from; GIT_COMMIT overrides it', async () => {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: PACKAGE_ROOT, encoding: 'utf8' }).trim();
    const databaseUrl = await migratedDatabase('ops_build_info');
    store = await startStore({ DATABASE_URL: databaseUrl, PROJECTION_WORKERS: '0' });
    expect((await get(`${store.url}/version`)).body.commit).toBe(head);
    const buildInfo = () => fetch(`${store!.url}/metrics`).then(async (res) => parseMetrics(await res.text()).find((s) => s.name === 'metadata_store_build_info'));
    expect((await buildInfo())?.labels.commit).toBe(head);
    await store.stop();

    store = await startStore({ DATABASE_URL: databaseUrl, PROJECTION_WORKERS: '0', GIT_COMMIT: 'abc1234' });
    const version = await get(`${store.url}/version`);
    const pkg = JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8'));
    const [latest] = await query<{ name: string }>(databaseUrl, 'SELECT name FROM migrations ORDER BY timestamp DESC LIMIT 1');
    expect({ status: version.status, body: version.body }).toEqual({
      status: 200,
      body: { version: pkg.version, commit: 'abc1234', schemaVersion: latest.name, openLineageSpec: '2-0-2' },
    });
    expect((await buildInfo())?.labels.commit).toBe('abc1234');
  });
});
