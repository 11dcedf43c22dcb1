import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { MutationsByTable } from './mutations';
import { runStatement } from './statements/run-statement';
import { Statement } from './statements/sql';
import { PROJECTION_TABLES, TABLES } from './tables';
import { ProjectionTable } from './tables/table';

/**
 * The statements that apply a batch's rows, in apply order (one upsert per table that has rows;
 * see TABLES), each built when called: the rows of one statement are serialised at
 * once, which for a batch of large facets takes a while.
 */
export function batchStatements(m: MutationsByTable): Array<() => Statement | null> {
  return PROJECTION_TABLES.map((name) => () => (TABLES[name] as ProjectionTable<unknown>).upsert(m[name] as unknown[]));
}

/** Applies a batch's rows in the caller's transaction (`manager`), on whichever pool it runs. */
@Injectable()
export class ProjectionApplier {
  async apply(manager: EntityManager, m: MutationsByTable): Promise<void> {
    for (const build of batchStatements(m)) {
      const statement = build();
      if (statement) await runStatement(manager, statement);
    }
  }

  /** Empties every projection table (for `reproject`), locking them in apply order; the log is untouched. */
  async truncate(manager: EntityManager): Promise<void> {
    await manager.query(`TRUNCATE ${PROJECTION_TABLES.join(', ')}`);
  }
}
