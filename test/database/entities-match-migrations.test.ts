/**
 * The entities describe the tables exactly as the migrations make them. TypeORM's schema diff
 * compares columns and the indexes it can express, but not check constraints' expressions, nor
 * index predicates (`WHERE ...`), nor column order (DESC), nor the indexes it leaves alone
 * (`synchronize: false`). So the catalogs are compared too: a database built from the entities
 * (TypeORM's synchronize) against a migrated one, constraint by constraint and index by index;
 * and each index an entity defines by SQL (IndexBySql) must be in the migrated schema with that
 * definition, with no index there that no entity declares.
 */
import { DataSource, getMetadataArgsStorage } from 'typeorm';
import { sqlIndexes } from '../../src/database/entities/index-by-sql';
import { createDataSource, ENTITIES } from '../../src/database/data-source';
import { createDatabase } from '../support/database';

interface CatalogEntry {
  table: string;
  name: string;
  definition: string;
}

/**
 * Check, unique, primary key, foreign key and exclusion constraints, with PostgreSQL's own text of
 * each. A partition of the log (the store makes them, TypeORM knows only the parent) has the
 * parent's, so only tables that are not partitions count.
 */
async function constraints(dataSource: DataSource): Promise<CatalogEntry[]> {
  return dataSource.query(`
    SELECT c.conrelid::regclass::text AS "table", c.conname AS name, pg_get_constraintdef(c.oid) AS definition
      FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace JOIN pg_class t ON t.oid = c.conrelid
     WHERE n.nspname = 'public' AND c.conrelid::regclass::text <> 'migrations' AND NOT t.relispartition
     ORDER BY 1, 2`);
}

/** Every index of a table that is not a partition, with its definition (columns, method, uniqueness, predicate) as PostgreSQL prints it. */
async function indexes(dataSource: DataSource): Promise<CatalogEntry[]> {
  return dataSource.query(`
    SELECT i.tablename AS "table", i.indexname AS name, replace(i.indexdef, ' ONLY ', ' ') AS definition
      FROM pg_indexes i JOIN pg_class t ON t.relname = i.tablename AND t.relnamespace = 'public'::regnamespace
     WHERE i.schemaname = 'public' AND i.tablename <> 'migrations' AND NOT t.relispartition
     ORDER BY 1, 2`);
}

const sorted = (entries: CatalogEntry[]) =>
  [...entries].sort((a, b) => `${a.table} ${a.name} ${a.definition}`.localeCompare(`${b.table} ${b.name} ${b.definition}`));
/** A primary key's generated name differs between the two builds; its table and columns must not. */
const byDefinition = (entries: CatalogEntry[]) =>
  sorted(entries.map((e) => (/^PRIMARY KEY/.test(e.definition) ? { ...e, name: '(primary key)' } : e)));
const indexesByDefinition = (entries: CatalogEntry[], primaryKeys: Set<string>) =>
  sorted(entries.map((e) => (primaryKeys.has(e.name) ? { ...e, name: '(primary key)', definition: e.definition.replace(/INDEX \S+ ON/, 'INDEX ON') } : e)));

/** The indexes the entities define by SQL, as pg_indexes would list them. */
function indexesDefinedBySql(): CatalogEntry[] {
  const tables = new Map(getMetadataArgsStorage().tables.map((t) => [t.target, t.name]));
  const unsynchronized = getMetadataArgsStorage().indices.filter((i) => i.synchronize === false && ENTITIES.includes(i.target as (typeof ENTITIES)[number]));
  const bySql = sqlIndexes();
  // Every index TypeORM leaves alone must say what it is.
  expect(unsynchronized.map((i) => i.name).sort()).toEqual(bySql.map((i) => i.name).sort());
  return sorted(
    bySql.map(({ target, name, definition }) => {
      const table = tables.get(target) as string;
      return { table, name, definition: `CREATE INDEX ${name} ON public.${table} ${definition}` };
    }),
  );
}

async function primaryKeyIndexNames(dataSource: DataSource): Promise<Set<string>> {
  const rows: Array<{ name: string }> = await dataSource.query(`
    SELECT i.relname AS name FROM pg_constraint c JOIN pg_class i ON i.oid = c.conindid
     JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = 'public' AND c.contype = 'p'`);
  return new Set(rows.map((r) => r.name));
}

describe('TypeORM entities', () => {
  let migrated: DataSource;
  let fromEntities: DataSource;

  beforeAll(async () => {
    migrated = createDataSource({ url: await createDatabase('entities'), poolSize: 2, connectTimeoutMs: 5000 });
    fromEntities = createDataSource({ url: await createDatabase('entities_sync'), poolSize: 2, connectTimeoutMs: 5000 });
    await Promise.all([migrated.initialize(), fromEntities.initialize()]);
    await migrated.runMigrations();
    await fromEntities.synchronize();
  });
  afterAll(async () => {
    await Promise.all([migrated?.destroy(), fromEntities?.destroy()]);
  });

  it('match the migrated schema exactly: the schema diff wants no statement', async () => {
    const diff = await migrated.driver.createSchemaBuilder().log();
    expect(diff.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('declare every check, unique and key constraint of the migrated schema, with the same expression', async () => {
    expect(byDefinition(await constraints(fromEntities))).toEqual(byDefinition(await constraints(migrated)));
  });

  it('declare every index the migrations make, with the same columns, order, method and predicate', async () => {
    const migratedIndexes = indexesByDefinition(await indexes(migrated), await primaryKeyIndexNames(migrated));
    const entityIndexes = indexesByDefinition(await indexes(fromEntities), await primaryKeyIndexNames(fromEntities));
    const bySql = indexesDefinedBySql();
    expect(bySql.length).toBeGreaterThan(0);
    expect(migratedIndexes).toEqual(sorted([...entityIndexes, ...bySql]));
  });
});
