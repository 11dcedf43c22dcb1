import { migrate } from '../../src/cli/migrate';
import { createDatabase } from './database';

/**
 * A fresh database on the test PostgreSQL with every migration applied, by the code `migrate`
 * runs (in this process: the command itself is tested in test/cli/); returns its URL.
 */
export async function migratedDatabase(prefix = 'test'): Promise<string> {
  const databaseUrl = await createDatabase(prefix);
  await migrate({ url: databaseUrl });
  return databaseUrl;
}
