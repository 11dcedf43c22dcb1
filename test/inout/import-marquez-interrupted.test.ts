import { countEvents, query } from '../support/database';
import { migratedDatabase } from '../support/in-process-app';
import { marquezDatabase } from '../support/marquez-database';
import { PACKAGE_ROOT, runCommand, spawnMain } from '../support/store-process';
import { waitFor } from '../support/wait-for';

const EVENTS = 6000;

/** Marquez rows of EVENTS run events of 50 jobs, a millisecond apart. */
async function fillMarquez(url: string): Promise<void> {
  await query(
    url,
    `INSERT INTO lineage_events (event_time, event, event_type, run_uuid, job_name, job_namespace, producer, created_at, _event_type)
     SELECT x.t,
            jsonb_build_object('eventType', 'COMPLETE', 'eventTime', to_char(x.t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                               'producer', 'https://example.com/bulk', 'run', jsonb_build_object('runId', x.u),
                               'job', jsonb_build_object('namespace', 'bulk', 'name', 'job_' || (i % 50)),
                               'inputs', jsonb_build_array(jsonb_build_object('namespace', 'bulk', 'name', 'in_' || (i % 50))),
                               'outputs', jsonb_build_array(jsonb_build_object('namespace', 'bulk', 'name', 'out_' || (i % 50)))),
            'COMPLETE', x.u, 'job_' || (i % 50), 'bulk', 'https://example.com/bulk',
            '2026-11-01'::timestamp + i * interval '1 millisecond', 'RUN_EVENT'
       FROM generate_series(1, ${EVENTS}) i,
            LATERAL (SELECT gen_random_uuid() AS u, '2026-11-01T00:00:00Z'::timestamptz + i * interval '1 second' AS t) x`,
  );
}

describe('import-marquez, killed', () => {
  it('killed (-9) mid-import, run again: resumes at its checkpoint and the log holds every event once', async () => {
    const marquez = await marquezDatabase();
    await fillMarquez(marquez);
    const store = await migratedDatabase('killed_import');
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: store, LOG_LEVEL: 'info' };

    const first = spawnMain(['import-marquez', '--from', marquez], env, PACKAGE_ROOT);
    await waitFor('the first checkpoint', async () => (await query(store, 'SELECT 1 FROM import_checkpoints')).length > 0, 60000, 5);
    first.child.kill('SIGKILL');
    await first.exited;
    const before = await countEvents(store);
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(EVENTS);

    const second = runCommand(['import-marquez', '--from', marquez], { DATABASE_URL: store });
    expect(second.status).toBe(0);
    const lines = second.stdout.trim().split('\n').map((l) => JSON.parse(l).msg as string);
    expect(lines[0]).toMatch(/resuming at created_at 2026-11-01/);
    const last = /: ([\d,]+) read, ([\d,]+) stored, ([\d,]+) already in the log, 0 refused; projected$/.exec(lines[lines.length - 1]);
    expect(last).not.toBeNull();
    expect(Number(last![2].replace(/,/g, ''))).toBe(EVENTS - before);
    expect(await countEvents(store)).toBe(EVENTS);
    expect(await query(store, 'SELECT 1 FROM projection_queue')).toEqual([]);
    const [{ n }] = await query<{ n: number }>(store, `SELECT count(*)::int AS n FROM runs`);
    expect(n).toBe(EVENTS);
  });
});
