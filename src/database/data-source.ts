import { DataSource, DataSourceOptions, MigrationExecutor } from 'typeorm';
import { MIGRATIONS_DIR } from '../core/paths';
import { loadSqlMigrations } from './sql-migrations';
import { LineageEventEntity } from './entities/lineage-event.entity';
import { ProjectionQueueEntity } from './entities/projection-queue.entity';
import { DatasetEntity } from './entities/dataset.entity';
import { EventDatasetEntity } from './entities/event-dataset.entity';
import { DatasetSymlinkEntity } from './entities/dataset-symlink.entity';
import { NamespaceEntity } from './entities/namespace.entity';
import { DatasetFacetEntity } from './entities/dataset-facet.entity';
import { DatasetVersionEntity } from './entities/dataset-version.entity';
import { JobEntity } from './entities/job.entity';
import { JobFacetEntity } from './entities/job-facet.entity';
import { RunEntity } from './entities/run.entity';
import { RunFacetEntity } from './entities/run-facet.entity';
import { RunDatasetEntity } from './entities/run-dataset.entity';
import { LineageEdgeEntity } from './entities/lineage-edge.entity';
import { ColumnLineageHeadEntity } from './entities/column-lineage-head.entity';
import { ColumnLineageEdgeEntity } from './entities/column-lineage-edge.entity';
import { TagEntity } from './entities/tag.entity';
import { SourceEntity } from './entities/source.entity';

export const ENTITIES = [
  LineageEventEntity,
  ProjectionQueueEntity,
  DatasetEntity,
  EventDatasetEntity,
  DatasetSymlinkEntity,
  NamespaceEntity,
  DatasetFacetEntity,
  DatasetVersionEntity,
  JobEntity,
  JobFacetEntity,
  RunEntity,
  RunFacetEntity,
  RunDatasetEntity,
  LineageEdgeEntity,
  ColumnLineageHeadEntity,
  ColumnLineageEdgeEntity,
  TagEntity,
  SourceEntity,
];

export interface DatabaseSettings {
  url: string;
  poolSize: number;
  /** Bound on waiting for a pooled connection, so an outage answers fast instead of hanging. */
  connectTimeoutMs: number;
  /**
   * Bound on any one statement (server side) and on waiting for its answer (client side), so a
   * hung database cannot hold a writer or a request forever. Unset for `migrate`.
   */
  statementTimeoutMs?: number;
  applicationName?: string;
}

export function dataSourceOptions(settings: DatabaseSettings): DataSourceOptions {
  return {
    type: 'postgres',
    url: settings.url,
    entities: ENTITIES,
    migrations: loadSqlMigrations(MIGRATIONS_DIR),
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    poolSize: settings.poolSize,
    applicationName: settings.applicationName ?? 'metadata-store',
    extra: {
      connectionTimeoutMillis: settings.connectTimeoutMs,
      ...(settings.statementTimeoutMs
        ? { statement_timeout: settings.statementTimeoutMs, query_timeout: settings.statementTimeoutMs + 5000 }
        : {}),
      keepAlive: true,
      idleTimeoutMillis: 30000,
    },
  };
}

export function createDataSource(settings: DatabaseSettings): DataSource {
  return new DataSource(dataSourceOptions(settings));
}

/** Read-only: unlike showMigrations(), this does not create the migrations table. */
export async function pendingMigrations(dataSource: DataSource): Promise<string[]> {
  const pending = await new MigrationExecutor(dataSource).getPendingMigrations();
  return pending.map((m) => m.name);
}
