import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { InjectReadDataSource } from '../../database/read-data-source';

export type SearchKind = 'DATASET' | 'JOB';
export type SearchOrder = 'name' | 'updated';

export interface SearchHit {
  type: SearchKind;
  namespace: string;
  name: string;
  updatedAt: Date;
}

export interface SearchFilter {
  /** Literal text: matched as a case-insensitive substring, never as a pattern. */
  text: string;
  namespace?: string;
  order: SearchOrder;
  limit: number;
}

const TABLES: Record<SearchKind, string> = { DATASET: 'datasets', JOB: 'jobs' };

/** `%`, `_` and `\` escaped: the text matches itself only. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Name search over `datasets` and `jobs` through their trigram indexes (datasets_name_trgm_idx, jobs_name_trgm_idx). */
@Injectable()
export class SearchRepository {
  constructor(@InjectReadDataSource() private readonly dataSource: DataSource) {}

  async search(kind: SearchKind, filter: SearchFilter): Promise<SearchHit[]> {
    const params: unknown[] = [containsPattern(filter.text)];
    let where = `name ILIKE $1`;
    if (filter.namespace !== undefined) {
      params.push(filter.namespace);
      where += ` AND namespace = $${params.length}`;
    }
    params.push(filter.limit);
    const order = filter.order === 'name' ? 'name COLLATE "C", namespace COLLATE "C"' : 'last_seen_at DESC, name COLLATE "C", namespace COLLATE "C"';
    return this.dataSource.query(
      `SELECT '${kind}' AS type, namespace, name, last_seen_at AS "updatedAt" FROM ${TABLES[kind]}
        WHERE ${where} ORDER BY ${order} LIMIT $${params.length}`,
      params,
    );
  }
}
