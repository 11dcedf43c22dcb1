import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { InjectReadDataSource } from '../../database/read-data-source';
import { groupBy } from '../shared/group-by';

export type TagTargetKind = 'dataset' | 'job' | 'run';

/** target id -> field ('' for the target itself) -> tag names, sorted. */
export type TagIndex = Map<string, Map<string, string[]>>;

/** Read queries on `tags`. A tag's name is its OpenLineage `key`. */
@Injectable()
export class TagsRepository {
  constructor(@InjectReadDataSource() private readonly dataSource: DataSource) {}

  async of(kind: TagTargetKind, ids: string[]): Promise<TagIndex> {
    const index: TagIndex = new Map();
    if (ids.length === 0) return index;
    const rows: Array<{ targetId: string; field: string; key: string }> = await this.dataSource.query(
      `SELECT target_id AS "targetId", field, key FROM tags
        WHERE target_kind = $1 AND target_id = ANY($2::uuid[])
        ORDER BY target_id, field, key`,
      [kind, ids],
    );
    for (const [targetId, targetRows] of groupBy(rows, (row) => row.targetId)) {
      const fields = groupBy(targetRows, (row) => row.field);
      index.set(targetId, new Map([...fields].map(([field, fieldRows]) => [field, fieldRows.map((row) => row.key)])));
    }
    return index;
  }

  /**
   * Distinct tag names in order. A loose index scan on tags_key_idx: one index probe per name
   * returned, however many datasets, jobs and fields carry each tag.
   */
  async names(limit: number, offset: number): Promise<string[]> {
    const rows: Array<{ key: string }> = await this.dataSource.query(
      `WITH RECURSIVE k(key) AS (
         (SELECT key FROM tags ORDER BY key LIMIT 1)
         UNION ALL
         SELECT (SELECT t.key FROM tags t WHERE t.key > k.key ORDER BY t.key LIMIT 1) FROM k WHERE k.key IS NOT NULL
       )
       SELECT key FROM k WHERE key IS NOT NULL LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
    return rows.map((r) => r.key);
  }
}
