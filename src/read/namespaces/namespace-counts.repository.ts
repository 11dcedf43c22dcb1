import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { InjectReadDataSource } from '../../database/read-data-source';
import { NamespaceRow } from './namespaces.repository';

export type NamespaceCountsRow = NamespaceRow & { jobs: number; datasets: number };

/** Namespaces with how many jobs and datasets each holds, each count stopped at a cap. */
@Injectable()
export class NamespaceCountsRepository {
  constructor(@InjectReadDataSource() private readonly dataSource: DataSource) {}

  /** By name; each count an index range scan (jobs_namespace_updated_idx, datasets_namespace_name_key). */
  page(limit: number, offset: number, cap: number): Promise<NamespaceCountsRow[]> {
    return this.dataSource.query(
      `SELECT n.name, n.first_seen_at AS "firstSeenAt", n.last_seen_at AS "lastSeenAt",
              (SELECT count(*)::int FROM (SELECT 1 FROM jobs j WHERE j.namespace = n.name LIMIT $3) c) AS jobs,
              (SELECT count(*)::int FROM (SELECT 1 FROM datasets d WHERE d.namespace = n.name LIMIT $3) c) AS datasets
         FROM (SELECT * FROM namespaces ORDER BY name LIMIT $1 OFFSET $2) n
        ORDER BY n.name`,
      [limit, offset, cap],
    );
  }

  async count(cap: number): Promise<number> {
    const [row] = await this.dataSource.query(`SELECT count(*)::int AS n FROM (SELECT 1 FROM namespaces LIMIT $1) c`, [cap]);
    return row.n;
  }
}
