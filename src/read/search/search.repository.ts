import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { InjectReadDataSource } from '../../database/read-data-source';

export type SearchKind = 'DATASET' | 'JOB';

export interface SearchHit {
  type: SearchKind;
  namespace: string;
  name: string;
  updatedAt: Date;
}

export interface SearchFilter {
  /** Literal text, never a pattern. */
  text: string;
  namespace?: string;
  limit: number;
}

const TABLES: Record<SearchKind, string> = { DATASET: 'datasets', JOB: 'jobs' };

/** Below this many characters a text has no trigram: it is matched as a name prefix. */
export const TRIGRAM = 3;

/** `%`, `_` and `\` escaped: the text matches itself only. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Name search over `datasets` and `jobs`: the first `limit` matches in lower-case name order
 * (byte order). Text of 3+ characters matches anywhere in the name, case-insensitively: through
 * the trigram index when it is rare, by walking the *_lower_name_idx in order (stopping at
 * `limit`) when it is common. Shorter text matches a name prefix: a range of *_lower_name_idx.
 */
@Injectable()
export class SearchRepository {
  constructor(@InjectReadDataSource() private readonly dataSource: DataSource) {}

  async search(kind: SearchKind, filter: SearchFilter): Promise<SearchHit[]> {
    const params: unknown[] = [];
    const where: string[] = [];
    if (filter.text.length >= TRIGRAM) {
      params.push(`%${escapeLike(filter.text)}%`);
      where.push(`name ILIKE $${params.length}`);
    } else {
      params.push(`${escapeLike(filter.text.toLowerCase())}%`);
      where.push(`lower(name) COLLATE "C" LIKE $${params.length}`);
    }
    if (filter.namespace !== undefined) {
      params.push(filter.namespace);
      where.push(`namespace = $${params.length}`);
    }
    params.push(filter.limit);
    return this.dataSource.query(
      `SELECT '${kind}' AS type, namespace, name, last_seen_at AS "updatedAt" FROM ${TABLES[kind]}
        WHERE ${where.join(' AND ')}
        ORDER BY lower(name) COLLATE "C", namespace COLLATE "C" LIMIT $${params.length}`,
      params,
    );
  }
}
