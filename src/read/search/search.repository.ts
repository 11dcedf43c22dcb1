import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { InjectReadDataSource } from '../../database/read-data-source';
import { queryByIndex } from '../shared/index-path';

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

/** A text of 3+ characters: the matches ordered and cut to `limit` are at most this many. */
export const MATCH_CAP = 10_000;

/** `%`, `_` and `\` escaped: the text matches itself only. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Name search over `datasets` and `jobs`, case-insensitive, in lower-case name order (byte
 * order). Text of 3+ characters matches anywhere in the name, always through the trigram index
 * (*_name_trgm_idx, bitmap), and the first `limit` of at most MATCH_CAP matches are returned: a
 * text matching more names than that returns the first by name among 10,000 of them. Shorter
 * text matches a name prefix: an ordered range of *_lower_name_idx that stops at `limit`.
 */
@Injectable()
export class SearchRepository {
  constructor(@InjectReadDataSource() private readonly dataSource: DataSource) {}

  async search(kind: SearchKind, filter: SearchFilter): Promise<SearchHit[]> {
    const substring = filter.text.length >= TRIGRAM;
    const params: unknown[] = [substring ? `%${escapeLike(filter.text)}%` : `${escapeLike(filter.text.toLowerCase())}%`];
    const where = [substring ? 'name ILIKE $1' : 'lower(name) COLLATE "C" LIKE $1'];
    if (filter.namespace !== undefined) {
      params.push(filter.namespace);
      where.push(`namespace = $${params.length}`);
    }
    params.push(filter.limit);
    const order = `ORDER BY lower(name) COLLATE "C", namespace COLLATE "C" LIMIT $${params.length}`;
    const columns = `'${kind}' AS type, namespace, name, last_seen_at AS "updatedAt"`;
    if (!substring) {
      return this.dataSource.query(`SELECT ${columns} FROM ${TABLES[kind]} WHERE ${where.join(' AND ')} ${order}`, params);
    }
    params.push(MATCH_CAP);
    return queryByIndex(
      this.dataSource,
      `SELECT ${columns} FROM (SELECT namespace, name, last_seen_at FROM ${TABLES[kind]}
                               WHERE ${where.join(' AND ')} LIMIT $${params.length}) matches ${order}`,
      params,
    );
  }
}
