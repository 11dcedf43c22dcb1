import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DatasetSymlinkEntity } from '../../database/entities/dataset-symlink.entity';
import { DatasetEntity } from '../../database/entities/dataset.entity';
import { EventDatasetEntity } from '../../database/entities/event-dataset.entity';
import { JobEntity } from '../../database/entities/job.entity';
import { LineageEdgeEntity } from '../../database/entities/lineage-edge.entity';
import { LineageEventEntity } from '../../database/entities/lineage-event.entity';
import { selectColumns } from '../../database/entity-columns';
import { InjectReadDataSource } from '../../database/read-data-source';
import { facetsBy } from '../shared/group-by';
import { datasetHidden } from '../shared/hidden-nodes';
import { Facets } from '../shared/views';

const DATASET_FIELDS = ['id', 'namespace', 'name', 'scheme', 'authority', 'kind', 'firstSeenAt', 'lastSeenAt'] as const;
/** A row of `datasets` as the read side returns it. */
export type DatasetRow = Pick<DatasetEntity, (typeof DATASET_FIELDS)[number]>;

const MODEL_FIELDS = [...DATASET_FIELDS, 'description', 'sourceName', 'currentVersionId'] as const;
/** A dataset with what its current facets say (maintained by the projection). */
export type DatasetModelRow = Pick<DatasetEntity, (typeof MODEL_FIELDS)[number]>;

export interface DatasetListFilter {
  namespace?: string;
  scheme?: string;
  kind?: string;
  /** Case-insensitive substring of namespace or name. */
  q?: string;
  /** Keyset: rows strictly after this (namespace, name). */
  after?: { namespace: string; name: string };
  limit: number;
}

/** A job that read or wrote the dataset: the job's name, the edge's direction and times. */
export type DatasetJobRow = Pick<JobEntity, 'namespace' | 'name'> & Pick<LineageEdgeEntity, 'direction' | 'firstSeenAt' | 'lastSeenAt' | 'observed' | 'declared'>;

export type SymlinkRow = DatasetRow & Pick<DatasetSymlinkEntity, 'symlinkType'> & { direction: 'declares' | 'declared-by' };

const EVENT_FIELDS = ['eventType', 'eventTime', 'jobNamespace', 'jobName', 'runId'] as const;
/** An event that named the dataset, and the role the dataset had in it. */
export type DatasetEventRow = { eventId: LineageEventEntity['id'] } & Pick<LineageEventEntity, (typeof EVENT_FIELDS)[number]> & Pick<EventDatasetEntity, 'role'>;

const DATASET_COLUMNS = selectColumns(DatasetEntity, DATASET_FIELDS, 'd');
const MODEL_COLUMNS = selectColumns(DatasetEntity, MODEL_FIELDS, 'd');

/** The shortest `q` the trigram indexes serve (pg_trgm splits text into three-character grams). */
export const MIN_INDEXED_SEARCH = 3;

/** Escapes LIKE wildcards so `q` is a plain substring. */
const likeSubstring = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Read queries on `datasets`, `dataset_facets`, `dataset_symlinks` and `event_datasets`. */
@Injectable()
export class DatasetReadRepository {
  constructor(@InjectReadDataSource() private readonly dataSource: DataSource) {}

  /** A page in (namespace, name) order; a `q` of MIN_INDEXED_SEARCH characters or more uses the trigram indexes. */
  async list(filter: DatasetListFilter): Promise<DatasetRow[]> {
    const { where, params, param } = this.conditions(filter);
    if (filter.q) {
      const pattern = param(likeSubstring(filter.q));
      where.push(`(d.namespace ILIKE ${pattern} OR d.name ILIKE ${pattern})`);
    }
    const sql = `SELECT ${DATASET_COLUMNS} FROM datasets d
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY d.namespace, d.name
      LIMIT ${param(filter.limit)}`;
    return this.dataSource.query(sql, params);
  }

  /**
   * A search no index can serve (a `q` shorter than MIN_INDEXED_SEARCH: trigrams need three
   * characters) looks at `scanRows` datasets at most, in page order from the cursor: the matches
   * among them (up to `limit`), and the last dataset looked at when the window was full, where
   * the next page goes on. A page may then hold fewer than `limit` matches, yet have a next page.
   */
  async searchWindow(
    filter: DatasetListFilter & { q: string },
    scanRows: number,
  ): Promise<{ rows: DatasetRow[]; windowEnd: DatasetRow | null }> {
    const { where, params, param } = this.conditions(filter);
    const pattern = param(likeSubstring(filter.q));
    const scan = param(scanRows);
    const rows: Array<DatasetRow & { hit: boolean; scanned: number }> = await this.dataSource.query(
      `WITH scanned AS MATERIALIZED (
         SELECT ${DATASET_COLUMNS} FROM datasets d
         ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
         ORDER BY d.namespace, d.name LIMIT ${scan}
       )
       (SELECT s.*, true AS hit, 0 AS scanned FROM scanned s
         WHERE s.namespace ILIKE ${pattern} OR s.name ILIKE ${pattern}
         ORDER BY s.namespace, s.name LIMIT ${param(filter.limit)})
       UNION ALL
       (SELECT s.*, false AS hit, (SELECT count(*)::int FROM scanned) AS scanned FROM scanned s
         ORDER BY s.namespace DESC, s.name DESC LIMIT 1)`,
      params,
    );
    const strip = ({ hit: _hit, scanned: _scanned, ...row }: DatasetRow & { hit: boolean; scanned: number }): DatasetRow => row;
    const last = rows.find((r) => !r.hit);
    return { rows: rows.filter((r) => r.hit).map(strip), windowEnd: last && last.scanned >= scanRows ? strip(last) : null };
  }

  /** The datasets the filters keep (the cursor aside), counted and stopped at `cap`; a `q` as `list` takes it. */
  async count(filter: Omit<DatasetListFilter, 'after' | 'limit'>, cap: number): Promise<number> {
    const { where, params, param } = this.conditions({ ...filter, limit: cap });
    if (filter.q) {
      const pattern = param(likeSubstring(filter.q));
      where.push(`(d.namespace ILIKE ${pattern} OR d.name ILIKE ${pattern})`);
    }
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM datasets d ${where.length ? `WHERE ${where.join(' AND ')}` : ''} LIMIT ${param(cap)}) capped`,
      params,
    );
    return row.n;
  }

  private conditions(filter: DatasetListFilter) {
    const where: string[] = [`NOT ${datasetHidden('d')}`];
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (filter.namespace !== undefined) where.push(`d.namespace = ${param(filter.namespace)}`);
    if (filter.scheme !== undefined) where.push(`d.scheme = ${param(filter.scheme.toLowerCase())}`);
    if (filter.kind !== undefined) where.push(`d.kind = ${param(filter.kind)}`);
    if (filter.after) {
      where.push(`(d.namespace, d.name) > (${param(filter.after.namespace)}, ${param(filter.after.name)})`);
    }
    return { where, params, param };
  }

  async findById(id: string): Promise<DatasetRow | null> {
    const rows = await this.dataSource.query(`SELECT ${DATASET_COLUMNS} FROM datasets d WHERE d.id = $1`, [id]);
    return rows[0] ?? null;
  }

  async symlinks(id: string): Promise<SymlinkRow[]> {
    return this.dataSource.query(
      `SELECT ${DATASET_COLUMNS}, s.symlink_type AS "symlinkType", 'declares' AS direction
         FROM dataset_symlinks s JOIN datasets d ON d.id = s.symlink_dataset_id
        WHERE s.dataset_id = $1
       UNION ALL
       SELECT ${DATASET_COLUMNS}, s.symlink_type AS "symlinkType", 'declared-by' AS direction
         FROM dataset_symlinks s JOIN datasets d ON d.id = s.dataset_id
        WHERE s.symlink_dataset_id = $1
       ORDER BY direction, namespace, name`,
      [id],
    );
  }

  /** The most recent events (by event time) that named the dataset. */
  async recentEvents(id: string, limit: number): Promise<DatasetEventRow[]> {
    const rows = await this.dataSource.query(
      `SELECT e.id AS "eventId", ${selectColumns(LineageEventEntity, EVENT_FIELDS, 'e')}, ed.role
         FROM event_datasets ed JOIN lineage_events e ON e.id = ed.event_id
        WHERE ed.dataset_id = $1
        ORDER BY e.event_time DESC, e.id DESC
        LIMIT $2`,
      [id, limit],
    );
    return rows.map((r: DatasetEventRow) => ({ ...r, eventId: String(r.eventId) }));
  }

  /** Marquez order: by name within one namespace (datasets_namespace_name_key); hidden datasets left out. */
  inNamespace(namespace: string, limit: number, offset: number): Promise<DatasetModelRow[]> {
    return this.dataSource.query(
      `SELECT ${MODEL_COLUMNS} FROM datasets d WHERE d.namespace = $1 AND NOT ${datasetHidden('d')} ORDER BY d.name LIMIT $2 OFFSET $3`,
      [namespace, limit, offset],
    );
  }

  /** Datasets in a namespace, counted from the index and stopped at `cap`. */
  async countInNamespace(namespace: string, cap: number): Promise<number> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM (SELECT d.name FROM datasets d WHERE d.namespace = $1 AND NOT ${datasetHidden('d')} ORDER BY d.name LIMIT $2) capped`,
      [namespace, cap],
    );
    return row.n;
  }

  async findModelByName(namespace: string, name: string): Promise<DatasetModelRow | null> {
    const rows = await this.dataSource.query(`SELECT ${MODEL_COLUMNS} FROM datasets d WHERE d.namespace = $1 AND d.name = $2`, [
      namespace,
      name,
    ]);
    return rows[0] ?? null;
  }

  async findModelById(id: string): Promise<DatasetModelRow | null> {
    const [row] = await this.findModelByIds([id]);
    return row ?? null;
  }

  async findModelByIds(ids: string[]): Promise<DatasetModelRow[]> {
    if (ids.length === 0) return [];
    return this.dataSource.query(`SELECT ${MODEL_COLUMNS} FROM datasets d WHERE d.id = ANY($1::uuid[])`, [ids]);
  }

  /** Current facets of each dataset ({"_deleted": true} tombstones left out); only `names` when given. */
  async facets(datasetIds: string[], names?: string[]): Promise<Map<string, Facets>> {
    if (datasetIds.length === 0) return new Map();
    const rows: Array<{ datasetId: string; name: string; facet: unknown }> = await this.dataSource.query(
      `SELECT dataset_id AS "datasetId", name, facet FROM dataset_facets
        WHERE dataset_id = ANY($1::uuid[]) AND facet IS NOT NULL AND ($2::text[] IS NULL OR name = ANY($2::text[]))
        ORDER BY dataset_id, name`,
      [datasetIds, names ?? null],
    );
    return facetsBy(rows, (row) => row.datasetId);
  }

  /** When a COMPLETE run last wrote each dataset (its ended time); absent when none did. */
  async lastModified(datasetIds: string[]): Promise<Map<string, Date>> {
    if (datasetIds.length === 0) return new Map();
    const rows: Array<{ id: string; endedAt: Date }> = await this.dataSource.query(
      `SELECT d.id, m.ended_at AS "endedAt"
         FROM unnest($1::uuid[]) AS d(id)
        CROSS JOIN LATERAL (SELECT coalesce(r.ended_at, r.state_at) AS ended_at
                              FROM run_datasets rd JOIN runs r ON r.id = rd.run_id
                             WHERE rd.dataset_id = d.id AND rd.direction = 'output' AND r.state = 'COMPLETE'
                             ORDER BY rd.last_seen_at DESC LIMIT 1) m`,
      [datasetIds],
    );
    return new Map(rows.map((r) => [r.id, r.endedAt]));
  }

  /**
   * The jobs that most recently read (input) or wrote (output) the dataset, newest first, `limit`
   * each: by the inputs and outputs events listed, and by explicit lineage (the `lineage` facet's
   * dataset -> job and job -> dataset edges), one row per job, flagged observed and/or declared.
   */
  jobs(datasetId: string, limit: number): Promise<DatasetJobRow[]> {
    return this.dataSource.query(
      `SELECT dir.direction, j.namespace, j.name, e."firstSeenAt", e."lastSeenAt", e.observed, e.declared
         FROM (VALUES ('input'), ('output')) AS dir(direction)
        CROSS JOIN LATERAL (
          SELECT u.job_id, min(u.first_seen_at) AS "firstSeenAt", max(u.last_seen_at) AS "lastSeenAt",
                 bool_or(u.observed) AS observed, bool_or(u.declared) AS declared
            FROM ((SELECT job_id, first_seen_at, last_seen_at, observed, declared FROM lineage_edges
                    WHERE dataset_id = $1 AND direction = dir.direction
                    ORDER BY last_seen_at DESC LIMIT $2)
                  UNION ALL
                  (SELECT e.destination_id, e.first_seen_at, e.last_seen_at, e.source = 'observed', e.source = 'declared'
                     FROM explicit_lineage_edges e
                    WHERE dir.direction = 'input' AND e.origin_id = $1 AND e.origin_field = '' AND e.destination_kind = 'job'
                    ORDER BY e.last_seen_at DESC LIMIT $2)
                  UNION ALL
                  (SELECT e.origin_id, e.first_seen_at, e.last_seen_at, e.source = 'observed', e.source = 'declared'
                     FROM explicit_lineage_edges e
                    WHERE dir.direction = 'output' AND e.destination_id = $1 AND e.destination_field = '' AND e.origin_kind = 'job'
                    ORDER BY e.last_seen_at DESC LIMIT $2)) u
           GROUP BY u.job_id
           ORDER BY max(u.last_seen_at) DESC LIMIT $2) e
         JOIN jobs j ON j.id = e.job_id
        ORDER BY dir.direction, e."lastSeenAt" DESC, j.namespace, j.name`,
      [datasetId, limit],
    );
  }
}
