import { DataSource } from 'typeorm';

/**
 * Runs one query with sequential and plain index scans disabled for its transaction, so the
 * planner must take a bitmap or index-only path. Used where a misestimate would otherwise read a
 * whole table: a substring it thinks common (search), a count it thinks cheaper from the heap.
 */
export function queryByIndex<T>(dataSource: DataSource, sql: string, params: unknown[]): Promise<T> {
  return dataSource.transaction(async (manager) => {
    await manager.query('SET LOCAL enable_seqscan = off');
    await manager.query('SET LOCAL enable_indexscan = off');
    return manager.query(sql, params);
  });
}
