import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { JobVersionEntity } from '../../database/entities/job-version.entity';
import { selectColumns } from '../../database/entity-columns';
import { InjectReadDataSource } from '../../database/read-data-source';

const FIELDS = ['id', 'jobId', 'location', 'firstSeenAt', 'lastSeenAt', 'lastRunId'] as const;
/** A job version; its inputs and outputs cut to DATASETS_PER_DIRECTION each. */
export type JobVersionRow = Pick<JobVersionEntity, (typeof FIELDS)[number] | 'inputs' | 'outputs'>;

/** Inputs and outputs shown per version and direction, as a job's current ones. */
const DATASETS_PER_DIRECTION = 1000;
const COLUMNS = `${selectColumns(JobVersionEntity, FIELDS)},
  jsonb_path_query_array(inputs, '$[0 to ${DATASETS_PER_DIRECTION - 1}]') AS inputs,
  jsonb_path_query_array(outputs, '$[0 to ${DATASETS_PER_DIRECTION - 1}]') AS outputs`;

/** Read queries on `job_versions`. */
@Injectable()
export class JobVersionsRepository {
  constructor(@InjectReadDataSource() private readonly dataSource: DataSource) {}

  /** Newest first (job_versions_job_idx). */
  ofJob(jobId: string, limit: number, offset: number): Promise<JobVersionRow[]> {
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM job_versions WHERE job_id = $1 ORDER BY first_seen_at DESC, id LIMIT $2 OFFSET $3`,
      [jobId, limit, offset],
    );
  }

  async countOfJob(jobId: string, cap: number): Promise<number> {
    const [row] = await this.dataSource.query(
      'SELECT count(*)::int AS n FROM (SELECT 1 FROM job_versions WHERE job_id = $1 ORDER BY first_seen_at DESC, id LIMIT $2) capped',
      [jobId, cap],
    );
    return row.n;
  }

  async byId(jobId: string, id: string): Promise<JobVersionRow | null> {
    const rows = await this.dataSource.query(`SELECT ${COLUMNS} FROM job_versions WHERE id = $1 AND job_id = $2`, [id, jobId]);
    return rows[0] ?? null;
  }

  /** Each job's current version: the one of its latest finished run (job_versions_current_idx). */
  async currentOf(jobIds: string[]): Promise<Map<string, string>> {
    if (jobIds.length === 0) return new Map();
    const rows: Array<{ jobId: string; id: string }> = await this.dataSource.query(
      `SELECT j.id AS "jobId", v.id
         FROM unnest($1::uuid[]) AS j(id)
        CROSS JOIN LATERAL (SELECT id FROM job_versions WHERE job_id = j.id
                             ORDER BY last_seen_at DESC, last_event_id DESC LIMIT 1) v`,
      [jobIds],
    );
    return new Map(rows.map((r) => [r.jobId, r.id]));
  }
}
