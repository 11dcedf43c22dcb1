import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DatasetEntity } from '../../database/entities/dataset.entity';
import { JobEntity } from '../../database/entities/job.entity';
import { LineageEdgeEntity } from '../../database/entities/lineage-edge.entity';
import { selectColumns } from '../../database/entity-columns';
import { InjectReadDataSource } from '../../database/read-data-source';
import { facetsBy } from '../shared/group-by';
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

  /** Newest updatedAt first (jobs_updated_idx or jobs_namespace_updated_idx, read backwards). */
  async list(filter: JobListFilter): Promise<JobRow[]> {
    const params: unknown[] = [];
    const where: string[] = [];
    if (filter.namespace !== undefined) {
      params.push(filter.namespace);
      where.push(`j.namespace = $${params.length}`);
    }
    if (filter.latestRunStates) {
      params.push(filter.latestRunStates);
      where.push(`(j.latest_run_id IS NULL OR coalesce(latest.state, 'NEW') = ANY($${params.length}::text[]))`);
    }
    params.push(filter.limit, filter.offset);
    return this.dataSource.query(
      `SELECT ${JOB_COLUMNS} FROM jobs j
        ${filter.latestRunStates ? `LEFT JOIN LATERAL (SELECT r.state FROM runs r WHERE r.id = j.latest_run_id) latest ON true` : ''}
        ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY j.last_seen_at DESC, j.id DESC
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
  }

  /** Jobs in scope, counted from the index and stopped at `cap`. */
  async count(namespace: string | undefined, cap: number): Promise<number> {
    const [row] = await this.dataSource.query(
      namespace === undefined
        ? `SELECT count(*)::int AS n FROM (SELECT 1 FROM jobs ORDER BY last_seen_at, id LIMIT $1) capped`
        : `SELECT count(*)::int AS n FROM (SELECT 1 FROM jobs WHERE namespace = $2 ORDER BY last_seen_at, id LIMIT $1) capped`,
      namespace === undefined ? [cap] : [cap, namespace],
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
        ORDER BY j.id, dir.direction, d.namespace, d.name`,
      [jobIds, perDirection],
    );
  }
}
