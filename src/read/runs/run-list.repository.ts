import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { InjectReadDataSource } from '../../database/read-data-source';

/** Which runs of every job: by the model's states and by when they were first seen. */
export interface RunListFilter {
  /** Model states (START, COMPLETE, FAIL…); 'NEW' stands for a run known only as a parent. */
  states?: string[];
  /** Only runs first seen at or after this time. */
  since?: Date;
  /** Only this job's runs (runs_job_idx). */
  jobId?: string;
}

/** Runs of every job, newest first seen first (runs_recent_idx). */
@Injectable()
export class RunListRepository {
  constructor(@InjectReadDataSource() private readonly dataSource: DataSource) {}

  async ids(filter: RunListFilter, limit: number, offset: number): Promise<string[]> {
    const params: unknown[] = [];
    const where = whereClause(filter, params);
    params.push(limit, offset);
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM runs ${where} ORDER BY first_seen_at DESC, id LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    return rows.map((r) => r.id);
  }

  /** The runs the filter keeps, counted from the index and stopped at `cap`. */
  async count(filter: RunListFilter, cap: number): Promise<number> {
    const params: unknown[] = [];
    const where = whereClause(filter, params);
    params.push(cap);
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM runs ${where} ORDER BY first_seen_at DESC, id LIMIT $${params.length}) capped`,
      params,
    );
    return row.n;
  }
}

function whereClause(filter: RunListFilter, params: unknown[]): string {
  const where: string[] = [];
  if (filter.states) {
    params.push(filter.states);
    where.push(`coalesce(state, 'NEW') = ANY($${params.length}::text[])`);
  }
  if (filter.jobId) {
    params.push(filter.jobId);
    where.push(`job_id = $${params.length}`);
  }
  if (filter.since) {
    params.push(filter.since.toISOString());
    where.push(`first_seen_at >= $${params.length}`);
  }
  return where.length ? `WHERE ${where.join(' AND ')}` : '';
}
