import * as fs from 'node:fs';
import { DataSource, DataSourceOptions, MigrationExecutor } from 'typeorm';
import { MIGRATIONS_DIR } from '../paths';
import { PRECISE_TYPES } from './precise-timestamps';
import { loadSqlMigrations } from './sql-migrations';
import { LineageEventEntity } from './entities/lineage-event.entity';
import { ProjectionQueueEntity } from './entities/projection-queue.entity';
import { ProjectionSetAsideEntity } from './entities/projection-set-aside.entity';
import { DatasetEntity } from './entities/dataset.entity';
import { EventDatasetEntity } from './entities/event-dataset.entity';
import { DatasetSymlinkEntity } from './entities/dataset-symlink.entity';
import { NamespaceEntity } from './entities/namespace.entity';
import { DatasetFacetEntity } from './entities/dataset-facet.entity';
import { DatasetFieldEntity } from './entities/dataset-field.entity';
import { DatasetVersionEntity } from './entities/dataset-version.entity';
import { JobEntity } from './entities/job.entity';
import { JobFacetEntity } from './entities/job-facet.entity';
import { JobVersionEntity } from './entities/job-version.entity';
import { RunEntity } from './entities/run.entity';
import { RunFacetEntity } from './entities/run-facet.entity';
import { RunDatasetEntity } from './entities/run-dataset.entity';
import { LineageEdgeEntity } from './entities/lineage-edge.entity';
import { ColumnLineageHeadEntity } from './entities/column-lineage-head.entity';
import { ColumnLineageEdgeEntity } from './entities/column-lineage-edge.entity';
import { ExplicitLineageEdgeEntity } from './entities/explicit-lineage-edge.entity';
import { LineageDeclarationEntity } from './entities/lineage-declaration.entity';
import { TagEntity } from './entities/tag.entity';
import { SourceEntity } from './entities/source.entity';
import { NameWordEntity } from './entities/name-word.entity';
import { DatasetQualityEntity } from './entities/dataset-quality.entity';
import { DatasetAssertionEntity } from './entities/dataset-assertion.entity';

export const ENTITIES = [
  LineageEventEntity,
  ProjectionQueueEntity,
  ProjectionSetAsideEntity,
  DatasetEntity,
  EventDatasetEntity,
  DatasetSymlinkEntity,
  NamespaceEntity,
  DatasetFacetEntity,
  DatasetFieldEntity,
  DatasetVersionEntity,
  JobEntity,
  JobFacetEntity,
  JobVersionEntity,
  RunEntity,
  RunFacetEntity,
  RunDatasetEntity,
  LineageEdgeEntity,
  ColumnLineageHeadEntity,
  ColumnLineageEdgeEntity,
  ExplicitLineageEdgeEntity,
  LineageDeclarationEntity,
  TagEntity,
  SourceEntity,
  NameWordEntity,
  DatasetQualityEntity,
  DatasetAssertionEntity,
];

/** Where the database is: DATABASE_URL (and DATABASE_CA_FILE), or the embedded PostgreSQL. */
export interface DatabaseTarget {
  url: string;
  /** PEM CA bundle the server certificate must chain to (DATABASE_CA_FILE). */
  caFile?: string;
}

export interface DatabaseSettings extends DatabaseTarget {
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

/** The connection string's own TLS parameters; node-postgres lets them override the `ssl` option. */
const URL_TLS_PARAMETERS = ['ssl', 'sslmode', 'sslrootcert', 'sslcert', 'sslkey', 'uselibpqcompat'];

/**
 * Without a CA file the URL is used as written (node-postgres reads `sslmode=require` as full
 * verification against the system's CAs). With one, TLS is on and the server certificate must
 * chain to a CA of the file and name the host (libpq's verify-full); the URL's TLS parameters
 * are dropped, as node-postgres would let them replace the CA.
 */
export function connectionTls(target: DatabaseTarget): { url: string; ssl?: { ca: string; rejectUnauthorized: true } } {
  if (!target.caFile) return { url: target.url };
  const url = new URL(target.url);
  for (const name of URL_TLS_PARAMETERS) url.searchParams.delete(name);
  return { url: url.toString(), ssl: { ca: fs.readFileSync(target.caFile, 'utf8'), rejectUnauthorized: true } };
}

export function dataSourceOptions(settings: DatabaseSettings): DataSourceOptions {
  const { url, ssl } = connectionTls(settings);
  return {
    type: 'postgres',
    url,
    ...(ssl ? { ssl } : {}),
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
      types: PRECISE_TYPES,
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
