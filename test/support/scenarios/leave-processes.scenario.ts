// Run by test/suite/cleanup.test.ts in a jest of its own: starts a store and a PostgreSQL, writes
// their pids to SCENARIO_PIDS_FILE, then fails (SCENARIO_MODE=fail) or waits to be interrupted
// (SCENARIO_MODE=hang), never stopping anything itself.
import * as fs from 'node:fs';
import { migratedDatabase } from '../migrated-database';
import { OwnPostgres } from '../own-postgres';
import { runningPostmaster } from '../../../src/database/running-postmaster';
import { startStore } from '../store-process';

it('starts a store and a PostgreSQL and leaves them running', async () => {
  const own = await OwnPostgres.create();
  const databaseUrl = await migratedDatabase('scenario');
  // No projector thread: the store is here to be left running, not to project.
  const store = await startStore({ DATABASE_URL: databaseUrl, PROJECTION_WORKERS: '0' });
  const pids = {
    jest: process.pid,
    store: store.child.pid,
    ownPostgresHelper: own.pid,
    ownPostgres: runningPostmaster(own.dir)?.pid,
    testPostgres: runningPostmaster(process.env.TEST_PG_DATA_DIR!)?.pid,
  };
  fs.writeFileSync(process.env.SCENARIO_PIDS_FILE!, JSON.stringify(pids));
  if (process.env.SCENARIO_MODE === 'hang') await new Promise(() => undefined);
  expect('a deliberately failing test').toBe('a passing one');
});
