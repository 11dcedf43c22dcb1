import { createDataSource, DatabaseTarget } from '../database/data-source';
import { LogPartitions } from '../log/partitions/log-partitions';
import { PartitionInterval } from '../log/partitions/partition-interval';

/** Any fixed key: only `migrate` takes this advisory lock. */
const MIGRATION_LOCK_KEY = 7_364_201_511;

/**
 * Applies pending migrations, each in its own transaction (or in steps, for a migration that says
 * so); returns the names applied. Then the log gets its partitions ahead of the clock, so that a
 * store started on it finds one for every event. An advisory lock makes concurrent runs (two pods,
 * a Helm hook and a person) wait for each other.
 */
export async function migrate(target: DatabaseTarget, partitionInterval: PartitionInterval = 'week'): Promise<string[]> {
  const dataSource = createDataSource({ ...target, poolSize: 2, connectTimeoutMs: 10000, applicationName: 'metadata-store-migrate' });
  await dataSource.initialize();
  const lock = dataSource.createQueryRunner();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    await new LogPartitions((sql, params) => lock.query(sql, params)).ensureAhead(partitionInterval);
    return applied.map((m) => m.name);
  } finally {
    await lock.release();
    await dataSource.destroy();
  }
}
