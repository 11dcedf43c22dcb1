import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DatasetEntity } from '../../database/entities/dataset.entity';
import { DatasetVersionEntity } from '../../database/entities/dataset-version.entity';
import { JobEntity } from '../../database/entities/job.entity';
import { RunDatasetEntity } from '../../database/entities/run-dataset.entity';
import { RunEntity } from '../../database/entities/run.entity';
import { selectColumns } from '../../database/entity-columns';
import { InjectReadDataSource } from '../../database/read-data-source';
import { facetsBy, groupBy } from '../shared/group-by';
import { Facets } from '../shared/views';

const RUN_FIELDS = [
  'id', 'jobId', 'state', 'firstSeenAt', 'lastSeenAt', 'startedAt', 'endedAt', 'nominalStartTime', 'nominalEndTime', 'errorMessage',
  'parentRunId', 'rootRunId', 'jobVersionId',
] as const;
/** A run's own columns and its job's name. */
export type RunRow = Pick<RunEntity, (typeof RUN_FIELDS)[number]> & { jobNamespace: JobEntity['namespace']; jobName: JobEntity['name'] };

/** A dataset a run read or wrote, and the version it saw (null: the dataset had no schema by then). */
export type RunDatasetRow = Pick<RunDatasetEntity, 'runId' | 'direction'> & Pick<DatasetEntity, 'namespace' | 'name'> & { version: DatasetVersionEntity['id'] | null };

/** Parent steps followed to find a root the facets did not name. */
const MAX_CHAIN = 32;

const RUN_COLUMNS = `${selectColumns(RunEntity, RUN_FIELDS, 'r')}, j.namespace AS "jobNamespace", j.name AS "jobName"`;

/** Read queries on `runs`, `run_facets` and `run_datasets`. A job's runs: newest first seen first. */
@Injectable()
export class RunsRepository {
  constructor(@InjectReadDataSource() private readonly dataSource: DataSource) {}

  async byIds(ids: string[]): Promise<RunRow[]> {
    if (ids.length === 0) return [];
    return this.dataSource.query(
      // The job is a primary-key probe per run (OFFSET 0 keeps it one): joined, the planner may hash every job.
      `SELECT ${RUN_COLUMNS} FROM runs r CROSS JOIN LATERAL (SELECT namespace, name FROM jobs WHERE id = r.job_id OFFSET 0) j
        WHERE r.id = ANY($1::uuid[])`,
      [ids],
    );
  }

  /**
   * The top of each run's parent chain, for runs that have a parent but whose facet named no root
   * (ParentRunFacet before 1-1-0, or runs projected before roots were kept). Stops after
   * MAX_CHAIN steps, so a cycle of parents cannot loop.
   */
  async topsOfChains(runIds: string[]): Promise<Map<string, string>> {
    if (runIds.length === 0) return new Map();
    const rows: Array<{ runId: string; top: string }> = await this.dataSource.query(
      `WITH RECURSIVE chain AS (
         SELECT r.id AS run_id, r.parent_run_id AS ancestor, 1 AS steps FROM runs r
          WHERE r.id = ANY($1::uuid[]) AND r.parent_run_id IS NOT NULL
         UNION ALL
         SELECT c.run_id, p.parent_run_id, c.steps + 1 FROM chain c JOIN runs p ON p.id = c.ancestor
          WHERE p.parent_run_id IS NOT NULL AND c.steps < $2)
       SELECT DISTINCT ON (run_id) run_id AS "runId", ancestor AS top FROM chain ORDER BY run_id, steps DESC`,
      [runIds, MAX_CHAIN],
    );
    return new Map(rows.map((r) => [r.runId, r.top]));
  }

  /** The runs a `parent` facet names this run as parent of, oldest first (runs_parent_idx). */
  async childIds(parentId: string, limit: number, offset: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM runs WHERE parent_run_id = $1 ORDER BY first_seen_at, id LIMIT $2 OFFSET $3`,
      [parentId, limit, offset],
    );
    return rows.map((r) => r.id);
  }

  async countChildren(parentId: string, cap: number): Promise<number> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM runs WHERE parent_run_id = $1 LIMIT $2) capped`,
      [parentId, cap],
    );
    return row.n;
  }

  /** Run ids of one job, newest first (runs_job_idx). */
  async idsOfJob(jobId: string, limit: number, offset: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM runs WHERE job_id = $1 ORDER BY first_seen_at DESC, id LIMIT $2 OFFSET $3`,
      [jobId, limit, offset],
    );
    return rows.map((r) => r.id);
  }

  async countOfJob(jobId: string, cap: number): Promise<number> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM runs WHERE job_id = $1 ORDER BY first_seen_at DESC, id LIMIT $2) capped`,
      [jobId, cap],
    );
    return row.n;
  }

  /** The newest `perJob` run ids of each job, newest first. */
  async latestIdsOfJobs(jobIds: string[], perJob: number): Promise<Map<string, string[]>> {
    if (jobIds.length === 0) return new Map();
    const rows: Array<{ jobId: string; id: string }> = await this.dataSource.query(
      `SELECT j.id AS "jobId", r.id
         FROM unnest($1::uuid[]) AS j(id)
        CROSS JOIN LATERAL (SELECT id, first_seen_at FROM runs WHERE job_id = j.id
                             ORDER BY first_seen_at DESC, id LIMIT $2) r
        ORDER BY j.id, r.first_seen_at DESC, r.id`,
      [jobIds, perJob],
    );
    return new Map([...groupBy(rows, (row) => row.jobId)].map(([jobId, runs]) => [jobId, runs.map((row) => row.id)]));
  }

  /**
   * Merged facets of each run: its run facets (`run`) or the job facets its events carried (`job`),
   * each read from the event that carried it last (run_facets says which): each event's facets are
   * read from the log once.
   */
  async facets(runIds: string[], type: 'run' | 'job'): Promise<Map<string, Facets>> {
    if (runIds.length === 0) return new Map();
    const rows: Array<{ runId: string; name: string; facet: unknown }> = await this.dataSource.query(
      `WITH f AS MATERIALIZED (SELECT run_id, name, event_id FROM run_facets WHERE run_id = ANY($1::uuid[]) AND facet_type = $2),
            e AS MATERIALIZED (SELECT id, (payload -> $2 -> 'facets')::jsonb AS facets FROM lineage_events WHERE id IN (SELECT event_id FROM f))
       SELECT f.run_id AS "runId", f.name, e.facets -> f.name AS facet FROM f JOIN e ON e.id = f.event_id
        ORDER BY f.run_id, f.name`,
      [runIds, type],
    );
    return facetsBy(rows, (row) => row.runId);
  }

  /**
   * Every dataset each run read and wrote, with the version its events stated, else the
   * dataset's version as of the run (the newest first seen by then); null when the dataset had
   * no schema by then.
   */
  async datasets(runIds: string[]): Promise<RunDatasetRow[]> {
    if (runIds.length === 0) return [];
    return this.dataSource.query(
      `SELECT rd.run_id AS "runId", rd.direction, d.namespace, d.name, coalesce(rd.version_id, asof.id) AS version
         FROM run_datasets rd
         -- Primary-key probes per row (OFFSET 0): joined, the planner hashed all of runs and
         -- datasets for a few hundred rows.
        CROSS JOIN LATERAL (SELECT namespace, name FROM datasets WHERE id = rd.dataset_id OFFSET 0) d
         LEFT JOIN LATERAL (SELECT v.id FROM dataset_versions v
                             WHERE rd.version_id IS NULL AND v.dataset_id = rd.dataset_id
                               AND v.first_seen_at <= (SELECT r.last_seen_at FROM runs r WHERE r.id = rd.run_id)
                             ORDER BY v.first_seen_at DESC LIMIT 1) asof ON true
        WHERE rd.run_id = ANY($1::uuid[])
        ORDER BY rd.run_id, rd.direction, d.namespace, d.name`,
      [runIds],
    );
  }
}
