import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DatasetEntity } from '../../database/entities/dataset.entity';
import { JobEntity } from '../../database/entities/job.entity';
import { InjectReadDataSource } from '../../database/read-data-source';
import { anchorWord, lastWordAfterSeparator } from '../../openlineage/name-words';
import { datasetHidden, jobHidden } from '../shared/hidden-nodes';
import { queryByIndex } from '../shared/index-path';

export type SearchKind = 'DATASET' | 'JOB';

/** A dataset or job found (both tables have these columns). */
export type SearchHit = Pick<DatasetEntity & JobEntity, 'namespace' | 'name'> & {
  type: SearchKind;
  updatedAt: (DatasetEntity & JobEntity)['lastSeenAt'];
  /** The text's longest word stands whole in the name (ranked first). */
  wholeWord: boolean;
};

export interface SearchFilter {
  /** Literal text, never a pattern. */
  text: string;
  namespace?: string;
  limit: number;
}

const TABLES: Record<SearchKind, string> = { DATASET: 'datasets', JOB: 'jobs' };
/** `name_words.kind` of a search kind. */
const wordKind = (kind: SearchKind) => kind.toLowerCase();

/** Below this many characters a text has no trigram: it is matched as a name prefix. */
export const TRIGRAM = 3;

/** A text of 3+ characters: the candidates examined in name order, and the matches sorted, are at most this many. */
export const MATCH_CAP = 10_000;

/** `%`, `_` and `\` escaped: the text matches itself only. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const COLUMNS = (kind: SearchKind, alias: string, wholeWord: boolean) =>
  `'${kind}' AS type, ${alias}.namespace, ${alias}.name, ${alias}.last_seen_at AS "updatedAt", ${wholeWord} AS "wholeWord"`;
/** The row `alias` of the kind's table is not hidden by a deletion. */
const SHOWN = (kind: SearchKind, alias: string) => `NOT ${kind === 'DATASET' ? datasetHidden(alias) : jobHidden(alias)}`;
const ORDER = (name: string, namespace: string) => `ORDER BY ${name} COLLATE "C", ${namespace} COLLATE "C"`;

/**
 * The name searches over `datasets` and `jobs`, case-insensitive, each in lower-case name order
 * (byte order). SearchService combines them (docs/adr/0011-search-by-word.md).
 *
 * byWord reads `name_words`: the first MATCH_CAP names with the text's longest word (split at
 * anything but letters and digits, by the function that split the names), in name order, kept
 * when they contain the text: one ordered index range whatever the word's frequency. bySubstring
 * reads the trigram index (*_name_trgm_idx): a bitmap of every match, in no order. byPrefix reads
 * an ordered range of *_lower_name_idx that stops at `limit`.
 */
@Injectable()
export class SearchRepository {
  constructor(@InjectReadDataSource() private readonly dataSource: DataSource) {}

  /** Text shorter than TRIGRAM: names starting with it. */
  byPrefix(kind: SearchKind, filter: SearchFilter): Promise<SearchHit[]> {
    const table = TABLES[kind];
    const params: unknown[] = [`${escapeLike(filter.text.toLowerCase())}%`];
    const namespace = this.namespaceCondition(params, filter, 'namespace');
    params.push(filter.limit);
    return this.dataSource.query(
      `SELECT ${COLUMNS(kind, 't', false)} FROM ${table} t
        WHERE lower(name) COLLATE "C" LIKE $1 ${namespace} AND ${SHOWN(kind, 't')} ${ORDER('lower(name)', 'namespace')} LIMIT $${params.length}`,
      params,
    );
  }

  /** Names in which the text's longest word stands whole, containing the text (`wholeWord`). */
  async byWord(kind: SearchKind, filter: SearchFilter): Promise<SearchHit[]> {
    const table = TABLES[kind];
    // The longest word of the text, split by the function that split the names (nameWords).
    const anchor = anchorWord(filter.text);
    if (anchor === null) return [];
    // Lower-cased as the stored lower_name was, by the projection.
    const params: unknown[] = [anchor, `%${escapeLike(filter.text.toLowerCase())}%`, wordKind(kind), MATCH_CAP];
    // The namespace is filtered after the cap, so a small namespace cannot make the walk unbounded.
    const namespace = this.namespaceCondition(params, filter, 'namespace');
    params.push(filter.limit);
    return this.dataSource.query(
      `SELECT ${COLUMNS(kind, 't', true)}
         FROM (SELECT id, lower_name, namespace
                 FROM (SELECT w.id, w.lower_name, w.namespace FROM name_words w
                        WHERE w.kind = $3 AND w.word = $1
                        ${ORDER('w.lower_name', 'w.namespace')} LIMIT $4) candidates
                WHERE lower_name LIKE $2 ${namespace}
                ${ORDER('lower_name', 'namespace')} LIMIT $${params.length}) page
         JOIN ${table} t ON t.id = page.id
        WHERE ${SHOWN(kind, 't')}
        ${ORDER('page.lower_name', 'page.namespace')}`,
      params,
    );
  }

  /**
   * Every name containing the text, when the text has a word after a separator (`orders_2024`):
   * that last word begins a word of every such name, so the names with a word starting with it are
   * all the candidates. The first `limit` by name; null when there are more than MATCH_CAP
   * candidates (then only the trigram index bounds the work) or the text has no such word.
   */
  async byLastWordPrefix(kind: SearchKind, filter: SearchFilter): Promise<SearchHit[] | null> {
    const table = TABLES[kind];
    const prefix = lastWordAfterSeparator(filter.text);
    if (prefix === null) return null;
    // A value bounds the index range: the words from the prefix up to the prefix followed by the last code point.
    const params: unknown[] = [prefix, `%${escapeLike(filter.text.toLowerCase())}%`, wordKind(kind), MATCH_CAP + 1, `${prefix}\u{10FFFF}`];
    const namespace = this.namespaceCondition(params, filter, 'namespace');
    params.push(filter.limit);
    const rows: Array<SearchHit & { candidates: number }> = await this.dataSource.query(
      `WITH candidates AS MATERIALIZED (
              SELECT w.id, w.lower_name, w.namespace FROM name_words w
               WHERE w.kind = $3 AND w.word >= $1 AND w.word < $5
               LIMIT $4)
       SELECT (SELECT count(*)::int FROM candidates) AS candidates, hits.*
         FROM (SELECT 1) one
         LEFT JOIN (SELECT ${COLUMNS(kind, 't', false)}, page.lower_name, page.namespace AS page_namespace
                      FROM (SELECT DISTINCT id, lower_name, namespace FROM candidates
                             WHERE lower_name LIKE $2 ${namespace}
                             ORDER BY lower_name, namespace LIMIT $${params.length}) page
                      JOIN ${table} t ON t.id = page.id
                     WHERE ${SHOWN(kind, 't')}) hits ON true
        ${ORDER('hits.lower_name', 'hits.page_namespace')}`,
      params,
    );
    if (rows[0].candidates > MATCH_CAP) return null;
    return rows.filter((row) => row.name !== null).map(({ type, namespace: ns, name, updatedAt, wholeWord }) => ({ type, namespace: ns, name, updatedAt, wholeWord }));
  }

  /** Names containing the text (trigram index), the first by name among at most MATCH_CAP. */
  bySubstring(kind: SearchKind, filter: SearchFilter): Promise<SearchHit[]> {
    const table = TABLES[kind];
    const params: unknown[] = [`%${escapeLike(filter.text)}%`];
    const namespace = this.namespaceCondition(params, filter, 'namespace');
    params.push(MATCH_CAP, filter.limit);
    return queryByIndex(
      this.dataSource,
      `SELECT ${COLUMNS(kind, 'matches', false)}
         FROM (SELECT namespace, name, last_seen_at FROM ${table} t WHERE name ILIKE $1 ${namespace} AND ${SHOWN(kind, 't')} LIMIT $${params.length - 1}) matches
        ${ORDER('lower(name)', 'namespace')} LIMIT $${params.length}`,
      params,
    );
  }

  private namespaceCondition(params: unknown[], filter: SearchFilter, column: string): string {
    if (filter.namespace === undefined) return '';
    params.push(filter.namespace);
    return `AND ${column} = $${params.length}`;
  }
}
