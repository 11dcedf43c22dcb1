import { randomUUID } from 'node:crypto';
import { DataSource, QueryRunner } from 'typeorm';
import { createDataSource } from '../../src/database/data-source';
import { ProjectionApplier } from '../../src/projection/applier';
import { processEvents } from '../../src/projection/pipeline';
import { migratedDatabase } from '../support/in-process-app';
import { logged } from '../support/logged-event';

const PRODUCER = 'https://github.com/trinodb/trino/plugin/trino-openlineage/478';
const JOB = { namespace: 'trino://trino:8080', name: 'etl.daily_orders' };
const NOMINAL = { nominalStartTime: '2026-11-30T00:00:00Z', nominalEndTime: '2026-12-01T00:00:00Z' };
const facet = (fields: Record<string, unknown>) => ({ _producer: PRODUCER, _schemaURL: 'https://openlineage.io/spec/facets/1-0-0/X.json', ...fields });

function runEvent(eventType: string, runId: string, eventTime: string, runFacets: Record<string, unknown> = {}, job = JOB) {
  return { eventType, eventTime, producer: PRODUCER, run: { runId, facets: runFacets }, job, inputs: [], outputs: [] };
}

interface DerivedColumns {
  nominal_start_time: Date | null;
  error_message: string | null;
  parent_run_id: string | null;
}

/**
 * Two workers project two batches that name one run at once. The first batch's transaction stays
 * open until the second is blocked on a row the first holds; then the first commits, then the
 * second. Whatever each batch read before it waited, the run's derived columns must be what the
 * two batches give one after the other.
 */
describe('derived run columns under two concurrent batches', () => {
  let dataSource: DataSource;
  const applier = new ProjectionApplier();

  beforeAll(async () => {
    dataSource = createDataSource({ url: await migratedDatabase('derived'), poolSize: 4, connectTimeoutMs: 5000 });
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  async function backendPid(runner: QueryRunner): Promise<number> {
    const [{ pid }] = await runner.query('SELECT pg_backend_pid() AS pid');
    return pid;
  }

  /**
   * The start of the statement that writes each table, as pg_stat_activity shows it (only the
   * first kilobyte of a statement is kept there).
   */
  const STATEMENT_START = {
    runs: 'INSERT INTO runs AS x',
    run_facets: 'INSERT INTO run_facets AS x',
  };

  /** Until the backend waits for a lock in the statement that writes `table`. */
  async function waitUntilBlocked(pid: number, table: keyof typeof STATEMENT_START): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const [row] = await dataSource.query(`SELECT wait_event_type, query FROM pg_stat_activity WHERE pid = $1`, [pid]);
      if (row?.wait_event_type === 'Lock' && row.query.startsWith(STATEMENT_START[table])) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`the second batch never waited for the first in its ${table} statement: the scenario does not overlap there`);
  }

  async function projectOverlapping(
    first: Record<string, unknown>,
    second: Record<string, unknown>,
    blockedAt: keyof typeof STATEMENT_START = 'runs',
  ): Promise<void> {
    const one = dataSource.createQueryRunner();
    const two = dataSource.createQueryRunner();
    try {
      await one.startTransaction();
      await applier.apply(one.manager, processEvents([logged(first, '1')]));
      await two.startTransaction();
      const pid = await backendPid(two);
      const applying = applier.apply(two.manager, processEvents([logged(second, '2')]));
      await waitUntilBlocked(pid, blockedAt);
      await one.commitTransaction();
      await applying;
      await two.commitTransaction();
    } finally {
      await one.release();
      await two.release();
    }
  }

  async function derived(runId: string): Promise<DerivedColumns> {
    const [row] = await dataSource.query('SELECT nominal_start_time, error_message, parent_run_id FROM runs WHERE id = $1', [runId]);
    return row;
  }

  it('keeps the nominal time of a START when its COMPLETE, without facets, waited for it', async () => {
    const runId = randomUUID();
    await projectOverlapping(
      runEvent('START', runId, '2026-12-01T08:00:00Z', { nominalTime: facet(NOMINAL) }),
      runEvent('COMPLETE', runId, '2026-12-01T08:05:00Z'),
    );
    expect(await derived(runId)).toEqual({ nominal_start_time: new Date(NOMINAL.nominalStartTime), error_message: null, parent_run_id: null });
  });

  it('keeps both when the second batch carries another derived facet (a FAIL with its error)', async () => {
    const runId = randomUUID();
    await projectOverlapping(
      runEvent('START', runId, '2026-12-01T09:00:00Z', { nominalTime: facet(NOMINAL) }),
      runEvent('FAIL', runId, '2026-12-01T09:05:00Z', { errorMessage: facet({ message: 'division by zero', programmingLanguage: 'SQL' }) }),
    );
    expect(await derived(runId)).toEqual({ nominal_start_time: new Date(NOMINAL.nominalStartTime), error_message: 'division by zero', parent_run_id: null });
  });

  it('keeps the newer nominal time when an older event with another waited for it on the facet', async () => {
    const runId = randomUUID();
    const older = { nominalStartTime: '2026-11-29T00:00:00Z', nominalEndTime: '2026-11-30T00:00:00Z' };
    await projectOverlapping(
      runEvent('COMPLETE', runId, '2026-12-01T11:05:00Z', { nominalTime: facet(NOMINAL) }),
      runEvent('START', runId, '2026-12-01T11:00:00Z', { nominalTime: facet(older) }),
      'run_facets',
    );
    expect(await derived(runId)).toEqual({ nominal_start_time: new Date(NOMINAL.nominalStartTime), error_message: null, parent_run_id: null });
  });

  it("keeps a run's own parent when a child names the run as its parent meanwhile", async () => {
    const [runId, grandparent, child] = [randomUUID(), randomUUID(), randomUUID()];
    const parentOf = (id: string, job: { namespace: string; name: string }) => ({ parent: facet({ run: { runId: id }, job }) });
    await projectOverlapping(
      runEvent('START', runId, '2026-12-01T10:00:00Z', { nominalTime: facet(NOMINAL), ...parentOf(grandparent, { namespace: 'airflow', name: 'daily' }) }),
      runEvent('START', child, '2026-12-01T10:01:00Z', parentOf(runId, JOB), { namespace: JOB.namespace, name: 'etl.daily_orders.step' }),
    );
    expect(await derived(runId)).toEqual({ nominal_start_time: new Date(NOMINAL.nominalStartTime), error_message: null, parent_run_id: grandparent });
    expect((await derived(child)).parent_run_id).toBe(runId);
  });
});
