import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DatasetEntity } from '../../database/entities/dataset.entity';
import { JobEntity } from '../../database/entities/job.entity';
import { LineageEdgeEntity } from '../../database/entities/lineage-edge.entity';
import { selectColumns } from '../../database/entity-columns';
import { InjectReadDataSource } from '../../database/read-data-source';
import { EXPLICIT_EDGE_VALID } from '../shared/edge-validity';
import { facetsBy } from '../shared/group-by';
import { jobHidden } from '../shared/hidden-nodes';
import { Facets } from '../shared/views';

const JOB_FIELDS = [
  'id', 'namespace', 'name', 'processingType', 'jobType', 'integration', 'description', 'sql', 'sourceCodeUrl', 'parentJobId', 'firstSeenAt', 'lastSeenAt',
] as const;
/** A job's own columns, and its parent's name. */
export type JobRow = Pick<JobEntity, (typeof JOB_FIELDS)[number]> & { parentJobNamespace: JobEntity['namespace'] | null; parentJobName: JobEntity['name'] | null };

export interface JobListFilter {
  namespace?: string;
  /** States of the latest run as the model stores them, 'NEW' standing for no state (no run, or only a parent). */
  latestRunStates?: string[];
  /** Only jobs whose name contains this text, case-insensitive (jobs_name_trgm_idx for 3+ characters). */
  nameContains?: string;
  limit: number;
  offset: number;
}

/** A dataset of a job's latest run, in one direction. */
export type JobEdgeRow = { jobId: JobEntity['id'] } & Pick<LineageEdgeEntity, 'direction'> & Pick<DatasetEntity, 'namespace' | 'name'>;

// The parent's name is a primary-key probe per row: joined, the planner hashed every job, a cost
// that grows with the table rather than with the page.
const JOB_COLUMNS = `${selectColumns(JobEntity, JOB_FIELDS, 'j')},
  (SELECT p.namespace FROM jobs p WHERE p.id = j.parent_job_id) AS "parentJobNamespace",
  (SELECT p.name FROM jobs p WHERE p.id = j.parent_job_id) AS "parentJobName"`;

/** Read queries on `jobs`, `job_facets`, and the datasets of a job's latest run. */
@Injectable()
export class JobsRepository {
  constructor(@InjectReadDataSource() private readonly dataSource: DataSource) {}

  /** Newest updatedAt first (jobs_updated_idx or jobs_namespace_updated_idx, read backwards); hidden jobs left out. */
  async list(filter: JobListFilter): Promise<JobRow[]> {
    const params: unknown[] = [];
    const where: string[] = [`NOT ${jobHidden('j')}`];
    if (filter.namespace !== undefined) {
      params.push(filter.namespace);
      where.push(`j.namespace = $${params.length}`);
    }
    if (filter.nameContains !== undefined) {
      params.push(containsPattern(filter.nameContains));
      where.push(`j.name ILIKE $${params.length}`);
    }
    if (filter.latestRunStates) {
      params.push(filter.latestRunStates);
      where.push(`(j.latest_run_id IS NULL OR coalesce(latest.state, 'NEW') = ANY($${params.length}::text[]))`);
    }
    params.push(filter.limit, filter.offset);
    return this.dataSource.query(
      `SELECT ${JOB_COLUMNS} FROM jobs j
        ${filter.latestRunStates ? `LEFT JOIN LATERAL (SELECT r.state FROM runs r WHERE r.id = j.latest_run_id) latest ON true` : ''}
        WHERE ${where.join(' AND ')}
        ORDER BY j.last_seen_at DESC, j.id DESC
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
  }

  /** Jobs in scope (namespace and name, not hidden), counted and stopped at `cap`. */
  async count(filter: Pick<JobListFilter, 'namespace' | 'nameContains'>, cap: number): Promise<number> {
    const params: unknown[] = [cap];
    const where: string[] = [`NOT ${jobHidden('j')}`];
    if (filter.namespace !== undefined) {
      params.push(filter.namespace);
      where.push(`j.namespace = $${params.length}`);
    }
    if (filter.nameContains !== undefined) {
      params.push(containsPattern(filter.nameContains));
      where.push(`j.name ILIKE $${params.length}`);
    }
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM jobs j WHERE ${where.join(' AND ')} LIMIT $1) capped`,
      params,
    );
    return row.n;
  }

  async findByName(namespace: string, name: string): Promise<JobRow | null> {
    const rows = await this.dataSource.query(
      `SELECT ${JOB_COLUMNS} FROM jobs j WHERE j.namespace = $1 AND j.name = $2`,
      [namespace, name],
    );
    return rows[0] ?? null;
  }

  async byIds(ids: string[]): Promise<JobRow[]> {
    if (ids.length === 0) return [];
    return this.dataSource.query(
      `SELECT ${JOB_COLUMNS} FROM jobs j WHERE j.id = ANY($1::uuid[])`,
      [ids],
    );
  }

  /** Current facets ({"_deleted": true} tombstones left out). */
  async facets(jobIds: string[]): Promise<Map<string, Facets>> {
    if (jobIds.length === 0) return new Map();
    const rows: Array<{ jobId: string; name: string; facet: unknown }> = await this.dataSource.query(
      `SELECT job_id AS "jobId", name, facet FROM job_facets
        WHERE job_id = ANY($1::uuid[]) AND facet IS NOT NULL ORDER BY job_id, name`,
      [jobIds],
    );
    return facetsBy(rows, (row) => row.jobId);
  }

  /**
   * Current inputs and outputs: the datasets of the job's latest run, at most `perDirection`
   * each (an event may name hundreds of thousands of datasets; a job's shape must stay small).
   * A job that never ran has what was declared of it, valid now: the inputs and outputs its job
   * events listed and the dataset -> job and job -> dataset edges of its explicit lineage.
   */
  async currentEdges(jobIds: string[], perDirection: number): Promise<JobEdgeRow[]> {
    if (jobIds.length === 0) return [];
    return this.dataSource.query(
      `SELECT j.id AS "jobId", dir.direction, d.namespace, d.name
         FROM jobs j
        CROSS JOIN (VALUES ('input'), ('output')) AS dir(direction)
        CROSS JOIN LATERAL (SELECT rd.dataset_id FROM run_datasets rd
                             WHERE rd.run_id = j.latest_run_id AND rd.direction = dir.direction
                             LIMIT $2) e
         JOIN datasets d ON d.id = e.dataset_id
        WHERE j.id = ANY($1::uuid[])
       UNION ALL
       SELECT j.id, dir.direction, d.namespace, d.name
         FROM jobs j
        CROSS JOIN (VALUES ('input'), ('output')) AS dir(direction)
        CROSS JOIN LATERAL (SELECT e.dataset_id FROM lineage_edges e WHERE e.job_id = j.id AND e.direction = dir.direction
                            UNION
                            SELECT e.origin_id FROM explicit_lineage_edges e
                             WHERE dir.direction = 'input' AND e.destination_id = j.id AND e.destination_field = '' AND e.origin_kind = 'dataset'
                               AND ${EXPLICIT_EDGE_VALID('NULL')}
                            UNION
                            SELECT e.destination_id FROM explicit_lineage_edges e
                             WHERE dir.direction = 'output' AND e.origin_id = j.id AND e.origin_field = '' AND e.destination_kind = 'dataset'
                               AND ${EXPLICIT_EDGE_VALID('NULL')}
                            LIMIT $2) e(dataset_id)
         JOIN datasets d ON d.id = e.dataset_id
        WHERE j.id = ANY($1::uuid[]) AND j.latest_run_id IS NULL
        ORDER BY 1, 2, 3, 4`,
      [jobIds, perDirection],
    );
  }
}

/** ILIKE pattern for a literal substring: %, _ and backslash in the text match themselves. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
