import { Environment } from '../core/config/environment';
import { CliLog } from './cli-log';
import { commandDatabase } from './command-database';
import { migrate } from './migrate';

/** `migrate`: against DATABASE_URL, or the embedded PostgreSQL when it is unset. */
export async function migrateCommand(env: Environment, log: CliLog): Promise<void> {
  const database = await commandDatabase(env, 'migrate', log.warn);
  try {
    const applied = await migrate(database, env.LOG_PARTITION_INTERVAL);
    log.info(applied.length ? `applied ${applied.length} migration(s): ${applied.join(', ')}` : 'the schema is up to date');
  } finally {
    await database.embedded?.stop();
  }
}
