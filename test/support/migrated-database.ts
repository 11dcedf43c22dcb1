import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { migrate } from '../../src/cli/migrate';
import { adminUrl, createDatabase } from './database';
import { waitFor } from './wait-for';

const MIGRATIONS = path.join(__dirname, '../../migrations');
/** Any fixed key: only the test support takes it, while it builds the template. */
const TEMPLATE_LOCK_KEY = 7_364_201_512;

let template: Promise<string> | undefined;

/**
 * A fresh database on the test PostgreSQL with every migration applied; returns its URL. The
 * migrations run once per test PostgreSQL, by the code `migrate` runs (in this process: the command
 * itself is tested in test/cli/), into a template named after the migrations' contents; each
 * database is then a copy of it (`CREATE DATABASE … TEMPLATE`), which costs the server far less
 * than migrating each one.
 */
export async function migratedDatabase(prefix = 'test'): Promise<string> {
  template ??= migratedTemplate();
  return createDatabase(prefix, await template);
}

function migrationsDigest(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS).sort()) hash.update(file).update(readFileSync(path.join(MIGRATIONS, file)));
  return hash.digest('hex').slice(0, 16);
}

/** The template's name; the first worker to ask builds it, under an advisory lock, the others wait. */
async function migratedTemplate(): Promise<string> {
  const name = `migrated_${migrationsDigest()}`;
  const admin = new Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      const building = await createDatabase('template_building');
      await migrate({ url: building });
      const buildingName = new URL(building).pathname.slice(1);
      await waitFor('the migration sessions to leave the template', async () => {
        const { rows } = await admin.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [buildingName]);
        return rows[0].n === 0;
      }, 10000);
      // The name appears only once the migrations are complete: a run interrupted half-way
      // leaves a database no later run mistakes for the template.
      await admin.query(`ALTER DATABASE ${buildingName} RENAME TO ${name}`);
    }
    return name;
  } finally {
    await admin.end(); // ends the session, and so releases its advisory lock
  }
}
