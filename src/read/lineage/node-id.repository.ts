import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { InjectReadDataSource } from '../../database/read-data-source';

/** A dataset or job that exists, by namespace and name. */
export interface ExistingNode {
  id: string;
  namespace: string;
  name: string;
}

/** A run and its job, as a run node resolves. */
export interface RunNode {
  jobId: string;
  jobNamespace: string;
  jobName: string;
  /** Its latest event time. */
  lastSeenAt: Date;
}

/** Which of a node id's readings name something that exists: namespaces, datasets, jobs, fields, runs. */
@Injectable()
export class NodeIdRepository {
  constructor(@InjectReadDataSource() private readonly dataSource: DataSource) {}

  async existingNamespaces(names: string[]): Promise<Set<string>> {
    if (names.length === 0) return new Set();
    const rows: Array<{ name: string }> = await this.dataSource.query(`SELECT name FROM namespaces WHERE name = ANY($1::text[])`, [names]);
    return new Set(rows.map((r) => r.name));
  }

  /** The datasets or jobs among the (namespace, name) pairs: probes of their unique index. */
  async existing(table: 'datasets' | 'jobs', pairs: Array<{ namespace: string; name: string }>): Promise<ExistingNode[]> {
    if (pairs.length === 0) return [];
    return this.dataSource.query(
      `SELECT t.id, t.namespace, t.name FROM unnest($1::text[], $2::text[]) AS c(namespace, name)
         JOIN ${table} t ON t.namespace = c.namespace AND t.name = c.name`,
      [pairs.map((p) => p.namespace), pairs.map((p) => p.name)],
    );
  }

  async run(id: string): Promise<RunNode | null> {
    const rows: RunNode[] = await this.dataSource.query(
      `SELECT j.id AS "jobId", j.namespace AS "jobNamespace", j.name AS "jobName", r.last_seen_at AS "lastSeenAt"
         FROM runs r JOIN jobs j ON j.id = r.job_id WHERE r.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /**
   * The (dataset id, field) pairs naming a field the store knows: in a schema of the dataset (typed
   * or names only), an output field of its column lineage, or an input field of another's, or
   * either end of a field edge of explicit lineage.
   */
  async knownFields(pairs: Array<{ datasetId: string; field: string }>): Promise<Array<{ datasetId: string; field: string }>> {
    if (pairs.length === 0) return [];
    return this.dataSource.query(
      `SELECT c.id::text AS "datasetId", c.field FROM unnest($1::uuid[], $2::text[]) AS c(id, field)
        WHERE EXISTS (SELECT 1 FROM dataset_versions v WHERE v.dataset_id = c.id AND v.fields @> jsonb_build_array(jsonb_build_object('name', c.field)))
           OR EXISTS (SELECT 1 FROM dataset_fields f WHERE f.dataset_id = c.id AND f.name = c.field)
           OR EXISTS (SELECT 1 FROM column_lineage_heads h WHERE h.dataset_id = c.id AND h.field = c.field)
           OR EXISTS (SELECT 1 FROM column_lineage_edges e WHERE e.input_dataset_id = c.id AND e.input_field = c.field)
           OR EXISTS (SELECT 1 FROM explicit_lineage_edges e WHERE e.destination_id = c.id AND e.destination_field = c.field)
           OR EXISTS (SELECT 1 FROM explicit_lineage_edges e WHERE e.origin_id = c.id AND e.origin_field = c.field)`,
      [pairs.map((p) => p.datasetId), pairs.map((p) => p.field)],
    );
  }
}
