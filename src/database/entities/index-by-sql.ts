import { Index } from 'typeorm';

/** What an index defined by SQL is: its name and PostgreSQL's text of it after `ON <table>`. */
export interface SqlIndex {
  target: Function;
  name: string;
  definition: string;
}

const SQL_INDEXES: SqlIndex[] = [];

/**
 * An index TypeORM cannot express (an expression, a GIN operator class, a DESC column): the
 * migration creates it, TypeORM's synchronize and schema diff leave it alone
 * (`synchronize: false`), and its definition is written here as PostgreSQL prints it
 * (pg_indexes.indexdef after `ON public.<table> `), so that the entity still says what the table
 * has: test/database/entities-match-migrations.test.ts compares it with the migrated schema.
 */
export function IndexBySql(name: string, definition: string): ClassDecorator {
  return (target) => {
    SQL_INDEXES.push({ target, name, definition });
    Index(name, { synchronize: false })(target);
  };
}

/** Every index declared with IndexBySql, by the entity class that declares it. */
export function sqlIndexes(): readonly SqlIndex[] {
  return SQL_INDEXES;
}
