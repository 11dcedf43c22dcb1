import * as fs from 'node:fs';
import * as path from 'node:path';
import { MigrationInterface, QueryRunner } from 'typeorm';

const FILE_NAME = /^(\d{13})-([a-z0-9-]+)\.sql$/;

/**
 * Migrations are hand-reviewed SQL files named `<13-digit timestamp>-<name>.sql`. Each becomes a
 * TypeORM migration, so TypeORM's `migrations` table records what ran. They are forward-only
 * (see docs/adr/0002-sql-migrations.md).
 */
export function loadSqlMigrations(dir: string): Array<new () => MigrationInterface> {
  return fs
    .readdirSync(dir)
    .filter((file) => FILE_NAME.test(file))
    .sort()
    .map((file) => {
      const [, timestamp, slug] = FILE_NAME.exec(file)!;
      const className = slug.replace(/(^|-)([a-z0-9])/g, (_m, _d, c: string) => c.toUpperCase()) + timestamp;
      const sql = fs.readFileSync(path.join(dir, file), 'utf8');
      const migration = class implements MigrationInterface {
        name = className;
        async up(queryRunner: QueryRunner): Promise<void> {
          await queryRunner.query(sql);
        }
        async down(): Promise<void> {
          throw new Error(`migration ${file} is forward-only`);
        }
      };
      Object.defineProperty(migration, 'name', { value: className });
      return migration;
    });
}
