import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** A row of `datasets` as the read side returns it. */
export interface DatasetRow {
  id: string;
  namespace: string;
  name: string;
  scheme: string;
  authority: string | null;
  kind: 'dataset' | 'symlink';
  firstSeenAt: Date;
  lastSeenAt: Date;
}

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

export interface SymlinkRow extends DatasetRow {
  symlinkType: string | null;
  direction: 'declares' | 'declared-by';
}

export interface DatasetEventRow {
  eventId: string;
  eventType: string | null;
  eventTime: Date;
  jobNamespace: string | null;
  jobName: string | null;
  runId: string | null;
  role: string;
}

const DATASET_COLUMNS = `d.id, d.namespace, d.name, d.scheme, d.authority, d.kind,
  d.first_seen_at AS "firstSeenAt", d.last_seen_at AS "lastSeenAt"`;

/** Escapes LIKE wildcards so `q` is a plain substring. */
const likeSubstring = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The facets of the dataset as named by the latest event (by arrival) that named it as input,
 * output or subject; `{}` when none. Used by the Marquez-compatible endpoints.
 */
const LATEST_FACETS = `
  LEFT JOIN LATERAL (
    SELECT coalesce(x.elem -> 'facets', '{}'::jsonb) AS facets
      FROM event_datasets ed
      JOIN lineage_events e ON e.id = ed.event_id
     CROSS JOIN LATERAL jsonb_array_elements(
             CASE ed.role WHEN 'input' THEN coalesce(e.payload -> 'inputs', '[]')
                          WHEN 'output' THEN coalesce(e.payload -> 'outputs', '[]')
                          ELSE jsonb_build_array(e.payload -> 'dataset') END) AS x(elem)
     WHERE ed.dataset_id = d.id AND ed.role <> 'symlink'
       AND x.elem ->> 'namespace' = d.namespace AND x.elem ->> 'name' = d.name
     ORDER BY ed.event_id DESC
     LIMIT 1
  ) latest ON true`;

/** Read queries on `datasets`, `dataset_symlinks` and `event_datasets`. */
@Injectable()
export class DatasetReadRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(filter: DatasetListFilter): Promise<DatasetRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (filter.namespace !== undefined) where.push(`d.namespace = ${param(filter.namespace)}`);
    if (filter.scheme !== undefined) where.push(`d.scheme = ${param(filter.scheme.toLowerCase())}`);
    if (filter.kind !== undefined) where.push(`d.kind = ${param(filter.kind)}`);
    if (filter.q) {
      const pattern = param(likeSubstring(filter.q));
      where.push(`(d.namespace ILIKE ${pattern} OR d.name ILIKE ${pattern})`);
    }
    if (filter.after) {
      where.push(`(d.namespace, d.name) > (${param(filter.after.namespace)}, ${param(filter.after.name)})`);
    }
    const sql = `SELECT ${DATASET_COLUMNS} FROM datasets d
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY d.namespace, d.name
      LIMIT ${param(filter.limit)}`;
    return this.dataSource.query(sql, params);
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
      `SELECT e.id AS "eventId", e.event_type AS "eventType", e.event_time AS "eventTime",
              e.job_namespace AS "jobNamespace", e.job_name AS "jobName", e.run_id AS "runId", ed.role
         FROM event_datasets ed JOIN lineage_events e ON e.id = ed.event_id
        WHERE ed.dataset_id = $1
        ORDER BY e.event_time DESC, e.id DESC
        LIMIT $2`,
      [id, limit],
    );
    return rows.map((r: DatasetEventRow) => ({ ...r, eventId: String(r.eventId) }));
  }

  /** Marquez-style page: offset paging within one namespace, with facets from the log. */
  async listInNamespaceWithFacets(
    namespace: string,
    limit: number,
    offset: number,
  ): Promise<{ rows: Array<DatasetRow & { facets: Record<string, unknown> }>; total: number }> {
    const [rows, [count]] = await Promise.all([
      this.dataSource.query(
        `SELECT ${DATASET_COLUMNS}, latest.facets FROM datasets d ${LATEST_FACETS}
          WHERE d.namespace = $1 ORDER BY d.name LIMIT $2 OFFSET $3`,
        [namespace, limit, offset],
      ),
      this.dataSource.query('SELECT count(*)::int AS n FROM datasets WHERE namespace = $1', [namespace]),
    ]);
    return { rows, total: count.n };
  }

  async findByNameWithFacets(namespace: string, name: string): Promise<(DatasetRow & { facets: Record<string, unknown> }) | null> {
    const rows = await this.dataSource.query(
      `SELECT ${DATASET_COLUMNS}, latest.facets FROM datasets d ${LATEST_FACETS}
        WHERE d.namespace = $1 AND d.name = $2`,
      [namespace, name],
    );
    return rows[0] ?? null;
  }

  async namespaces(limit: number, offset: number): Promise<Array<{ name: string; firstSeenAt: Date; lastSeenAt: Date }>> {
    return this.dataSource.query(
      `SELECT name, first_seen_at AS "firstSeenAt", last_seen_at AS "lastSeenAt"
         FROM namespaces ORDER BY name LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
  }

  async findNamespace(name: string): Promise<{ name: string; firstSeenAt: Date; lastSeenAt: Date } | null> {
    const rows = await this.dataSource.query(
      `SELECT name, first_seen_at AS "firstSeenAt", last_seen_at AS "lastSeenAt" FROM namespaces WHERE name = $1`,
      [name],
    );
    return rows[0] ?? null;
  }
}
