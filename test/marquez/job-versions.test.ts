import * as fs from 'node:fs';
import * as path from 'node:path';
import { InProcessApp, startInProcessApp } from '../support/in-process-app';
import { emptyStore } from '../support/model-snapshot';
import { projectStrictly } from '../support/projection';
import { enc, getMarquez } from './marquez-store';

type Event = Record<string, any>;
const fixture = (name: string): Event[] => JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'model', name), 'utf8'));

const TRINO = 'trino://trino:8080';
/** Trino names a job after its query id unless its job name format is set: here both queries are one job. */
const JOB = 'nation_copy_refresh';
const RUN_CTAS = '019f0000-0000-7000-8000-000000000001';
const RUN_INSERT = '019f0000-0000-7000-8000-000000000002';
const RUN_INSERT_AGAIN = '019f0000-0000-7000-8000-000000000003';
const RUN_RUNNING = '019f0000-0000-7000-8000-000000000004';

const asJob = (events: Event[]) => events.map((e) => ({ ...e, job: { ...e.job, name: JOB } }));
/** The same events for another run of the job, `minutes` later. */
const rerun = (events: Event[], runId: string, minutes: number): Event[] =>
  events.map((e) => ({ ...e, run: { ...e.run, runId }, eventTime: new Date(Date.parse(e.eventTime) + minutes * 60_000).toISOString() }));

const CTAS = asJob(fixture('trino-ctas.json'));
const INSERT = asJob(fixture('trino-insert.json'));
const EVENTS = [...CTAS, ...INSERT, ...rerun(INSERT, RUN_INSERT_AGAIN, 60), ...rerun(INSERT, RUN_RUNNING, 120).filter((e) => e.eventType === 'START')];

const ds = (name: string) => ({ namespace: TRINO, name });
const JOB_PATH = `/api/v1/namespaces/${enc(TRINO)}/jobs/${JOB}`;

/** Logs the events one request at a time in this order and projects them two at a time. */
async function project(store: InProcessApp, events: Event[]): Promise<void> {
  for (const event of events) {
    const res = await store.request('POST', '/api/v1/lineage', event);
    if (res.status !== 201) throw new Error(`ingest answered ${res.status}: ${res.text}`);
  }
  expect(await projectStrictly(store, 2)).toBe(events.length);
}

describe("Marquez's job versions", () => {
  let store: InProcessApp;

  beforeAll(async () => {
    store = await startInProcessApp();
    await project(store, EVENTS);
  });

  afterAll(async () => {
    await store?.close();
  });

  it('a Trino CTAS then an INSERT with another input are two versions, newest first, each with its latest finished run', async () => {
    const body = await getMarquez(store, `${JOB_PATH}/versions`, 'JobVersionList');
    expect(body.totalCount).toBe(2);
    const [insert, ctas] = body.versions;
    expect(ctas).toMatchObject({
      id: { namespace: TRINO, name: JOB, version: ctas.version },
      name: JOB,
      namespace: TRINO,
      createdAt: '2026-07-15T10:00:02.000Z',
      inputs: [ds('tpch.tiny.nation')],
      outputs: [ds('memory.default.nation_copy')],
      location: null,
      latestRun: { id: RUN_CTAS, state: 'COMPLETED', jobVersion: { namespace: TRINO, name: JOB, version: ctas.version } },
    });
    // Run again with the same inputs and outputs, the INSERT keeps its version; its latest run moves on.
    expect(insert).toMatchObject({
      createdAt: '2026-07-15T10:05:01.000Z',
      inputs: [ds('tpch.tiny.nation'), ds('tpch.tiny.region')],
      outputs: [ds('memory.default.nation_copy')],
      latestRun: { id: RUN_INSERT_AGAIN, state: 'COMPLETED', jobVersion: { namespace: TRINO, name: JOB, version: insert.version } },
    });
    expect(insert.version).not.toBe(ctas.version);

    const one = await getMarquez(store, `${JOB_PATH}/versions/${ctas.version.toUpperCase()}`, 'JobVersion');
    expect(one).toEqual(ctas);
    const page = await getMarquez(store, `${JOB_PATH}/versions?limit=1&offset=1`, 'JobVersionList');
    expect(page).toEqual({ versions: [ctas], totalCount: 2 });
  });

  it("the job's currentVersion is its latest finished run's; every finished run names its version, a running one none", async () => {
    const { versions } = await getMarquez(store, `${JOB_PATH}/versions`, 'JobVersionList');
    const [insert, ctas] = versions.map((v: any) => v.version);
    const job = await getMarquez(store, JOB_PATH, 'Job');
    expect(job.currentVersion).toBe(insert);
    expect(job.latestRun).toMatchObject({ id: RUN_RUNNING, state: 'RUNNING', jobVersion: null });

    const runs = await getMarquez(store, `${JOB_PATH}/runs`, 'RunList');
    expect(runs.runs.map((r: any) => [r.id, r.jobVersion?.version ?? null])).toEqual([
      [RUN_RUNNING, null],
      [RUN_INSERT_AGAIN, insert],
      [RUN_INSERT, insert],
      [RUN_CTAS, ctas],
    ]);
    const run = await getMarquez(store, `/api/v1/jobs/runs/${RUN_CTAS}`, 'Run');
    expect(run.jobVersion).toEqual({ namespace: TRINO, name: JOB, version: ctas });
  });

  it('answers a bad version, limit or offset with 400 and an unknown job or version with 404, in the one error shape', async () => {
    const expectError = async (url: string, status: number, mentions: string) => {
      const res = await store.request('GET', url);
      expect({ url, status: res.status }).toEqual({ url, status });
      expect(res.body).toMatchObject({ statusCode: status, message: expect.stringContaining(mentions) });
    };
    await expectError(`${JOB_PATH}/versions/not-a-uuid`, 400, 'version');
    await expectError(`${JOB_PATH}/versions?limit=0`, 400, 'limit');
    await expectError(`${JOB_PATH}/versions?offset=-1`, 400, 'offset');
    await expectError(`${JOB_PATH}/versions/${RUN_CTAS}`, 404, RUN_CTAS);
    await expectError(`/api/v1/namespaces/${enc(TRINO)}/jobs/nope/versions`, 404, 'nope');
    await expectError(`/api/v1/namespaces/${enc(TRINO)}/jobs/nope/versions/${RUN_CTAS}`, 404, 'nope');
  });

  it('serves the same versions whatever order the events arrived in', async () => {
    const urls = [`${JOB_PATH}/versions`, JOB_PATH, `${JOB_PATH}/runs`];
    const inOrder = await Promise.all(urls.map(async (url) => (await store.request('GET', url)).body));
    await emptyStore(store.databaseUrl);
    await project(store, [...EVENTS].reverse());
    expect(await Promise.all(urls.map(async (url) => (await store.request('GET', url)).body))).toEqual(inOrder);
  });
});
