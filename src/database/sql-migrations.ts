import * as fs from 'node:fs';
import * as path from 'node:path';
import { MigrationInterface, QueryRunner } from 'typeorm';

const FILE_NAME = /^(\d{13})-([a-z0-9-]+)\.sql$/;
/** The first line of a migration that runs as separate steps, each in its own transaction. */
const STEPS_MARKER = '-- metadata-store: steps';
/** Starts a step: everything up to the next one is sent as one query. */
const STEP_LINE = /^-- step:/m;

/**
 * A migration's SQL as the queries to send: the whole file, or, for a file that starts with
 * STEPS_MARKER, each `-- step:` section alone (the text before the first step is a comment).
 */
export function migrationQueries(sql: string): { steps: boolean; queries: string[] } {
  if (!sql.startsWith(STEPS_MARKER)) return { steps: false, queries: [sql] };
  const queries = sql.split(STEP_LINE).slice(1).map((step) => `-- step:${step}`);
  return { steps: true, queries };
}

/**
 * Migrations are hand-reviewed SQL files named `<13-digit timestamp>-<name>.sql`. Each becomes a
 * TypeORM migration, so TypeORM's `migrations` table records what ran. They are forward-only
 * (see docs/adr/0002-sql-migrations.md). A file runs in one transaction, unless it starts with
 * `-- metadata-store: steps`: then each `-- step:` section is its own query (its own implicit
 * transaction, or none: a DO block that commits, CREATE INDEX CONCURRENTLY), so a long migration
 * holds no lock for its whole length. Such steps must each do nothing when their work is done,
 * since a failure part way leaves the earlier ones applied and the migration runs again whole.
 */
export function loadSqlMigrations(dir: string): Array<new () => MigrationInterface> {
  return fs
    .readdirSync(dir)
    .filter((file) => FILE_NAME.test(file))
    .sort()
    .map((file) => {
      const [, timestamp, slug] = FILE_NAME.exec(file)!;
      const className = slug.replace(/(^|-)([a-z0-9])/g, (_m, _d, c: string) => c.toUpperCase()) + timestamp;
      const { steps, queries } = migrationQueries(fs.readFileSync(path.join(dir, file), 'utf8'));
      const migration = class implements MigrationInterface {
        name = className;
        transaction = steps ? false : undefined;
        async up(queryRunner: QueryRunner): Promise<void> {
          for (const query of queries) await queryRunner.query(query);
        }
        async down(): Promise<void> {
          throw new Error(`migration ${file} is forward-only`);
        }
      };
      Object.defineProperty(migration, 'name', { value: className });
      return migration;
    });
}
