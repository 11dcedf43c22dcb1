import { createHash } from 'node:crypto';
import type { PoolClient } from 'pg';
import { EntityManager } from 'typeorm';
import { observePoolQuery } from '../../core/observability/metrics';
import { Statement } from './sql';

const names = new Map<string, string>();

/** A name per statement text: each connection parses and plans it once, then executes it. */
function preparedName(sql: string): string {
  let name = names.get(sql);
  if (!name) {
    name = `projection_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;
    names.set(sql, name);
  }
  return name;
}

/**
 * Runs a statement in the caller's transaction, as a named prepared statement on the
 * transaction's connection (TypeORM's query cannot name one): each connection plans a table's
 * upsert once, not once per batch (ADR 0019).
 */
export async function runStatement(manager: EntityManager, statement: Statement): Promise<void> {
  if (!manager.queryRunner) {
    await manager.query(statement.sql, statement.values);
    return;
  }
  const client = (await manager.queryRunner.connect()) as PoolClient;
  const started = process.hrtime.bigint();
  let ok = false;
  try {
    await client.query({ name: preparedName(statement.sql), text: statement.sql, values: statement.values });
    ok = true;
  } finally {
    observePoolQuery(statement.sql, ok, Number(process.hrtime.bigint() - started) / 1e9);
  }
}
