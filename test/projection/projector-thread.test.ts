import * as fs from 'node:fs';
import { ProjectorThread } from '../../src/projection/projector/projector-thread.service';
import { waitForProjection } from '../support/database';
import { waitFor } from '../support/wait-for';
import { compactRunEvent } from '../support/fixtures';
import { InProcessApp, startInProcessApp } from '../support/in-process-app';

/** A sample's value in the /metrics text, or null when the series is absent. */
function sample(metrics: string, series: string): number | null {
  const line = metrics.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
}

describe('the projector thread', () => {
  let store: InProcessApp;
  let closed = false;
  beforeAll(async () => {
    store = await startInProcessApp({ PROJECTION_WORKERS: '1', PROJECTION_POLL_INTERVAL_MS: '600000' });
  });
  afterAll(async () => {
    if (!closed) await store?.close();
  });

  const post = async (job: string) => expect((await store.request('POST', '/api/v1/lineage', compactRunEvent(job))).status).toBe(201);
  const jobNames = async () => ((await store.request('GET', '/api/v1/namespaces/compact/jobs')).body.jobs as Array<{ name: string }>).map((j) => j.name).sort();

  it('projects what this replica commits, from the text its ingest hands over, and its metrics are on /metrics', async () => {
    for (const job of ['a', 'b', 'c']) await post(job);
    // The poll interval is ten minutes: only the commits' messages can have woken the thread.
    await waitForProjection(store.databaseUrl);
    expect(await jobNames()).toEqual(['a', 'b', 'c']);

    // A batch is counted once it has committed, a moment after the queue is empty.
    const metricsText = async () => (await store.request('GET', '/metrics')).text;
    await waitFor('the projected events counted', async () => (sample(await metricsText(), 'metadata_store_projected_events_total') ?? 0) >= 3);
    const metrics = await metricsText();
    expect(sample(metrics, 'metadata_store_projected_events_total')).toBe(3);
    expect(sample(metrics, 'metadata_store_projection_payloads_total{source="memory"}')).toBe(3);
    expect(sample(metrics, 'metadata_store_projection_payloads_total{source="log"}')).toBeNull();
    // The main thread's own metrics are there beside the thread's, and the queries of both are counted.
    expect(sample(metrics, 'metadata_store_ingest_batch_events_count')).toBeGreaterThan(0);
    expect(metrics).toMatch(/^metadata_store_db_query_duration_seconds_count\{operation="WITH",outcome="ok"\} \d+/m);
  });

  it('runs at a lower priority than the thread that serves ingest (Linux)', async () => {
    const projector = store.app.get(ProjectorThread);
    for (const deadline = Date.now() + 20000; projector.scheduling === null; ) {
      if (Date.now() > deadline) throw new Error('the projector thread never said it started');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const niceOf = (stat: string) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    const { osThreadId, nice } = projector.scheduling!;
    if (process.platform !== 'linux') return expect(osThreadId).toBeNull();
    const mainNice = niceOf(fs.readFileSync(`/proc/${process.pid}/stat`, 'utf8'));
    expect(nice).toBe(Math.max(mainNice, 10));
    expect(niceOf(fs.readFileSync(`/proc/${process.pid}/task/${osThreadId}/stat`, 'utf8'))).toBe(Math.max(mainNice, 10));
    expect(osThreadId).not.toBe(process.pid);
  });

  it('is started again when it dies, and projects what was committed meanwhile', async () => {
    const projector = store.app.get(ProjectorThread);
    const first = projector.thread!;
    await first.terminate();
    await post('d');
    await waitForProjection(store.databaseUrl);
    expect(projector.thread).not.toBeNull();
    expect(projector.thread!.threadId).not.toBe(first.threadId);
    expect(await jobNames()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('stops with the app, after which no thread is left', async () => {
    const projector = store.app.get(ProjectorThread);
    const thread = projector.thread!;
    const exited = new Promise((resolve) => thread.once('exit', resolve));
    closed = true;
    await store.close();
    await exited;
    expect(projector.thread).toBeNull();
  });
});
