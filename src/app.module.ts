import { DynamicModule, Module } from '@nestjs/common';
import { ConfigModule } from './core/config/config.module';
import { Environment } from './core/config/environment';
import { DatasetsModule } from './read/datasets/datasets.module';
import { EventsModule } from './read/events/events.module';
import { ExportModule } from './read/export/export.module';
import { HealthModule } from './health/health.module';
import { IngestModule } from './ingest/ingest.module';
import { LifecycleModule } from './lifecycle/lifecycle.module';
import { MarquezModule } from './marquez/marquez.module';
import { ObservabilityModule } from './core/observability/observability.module';
import { ProjectionModule } from './projection/projection.module';
import { QualityModule } from './read/quality/quality.module';
import { DatabaseModule } from './database/database.module';
import { DatabaseTarget } from './database/data-source';
import { WebModule } from './web/web.module';

/** No statement the service runs should take this long; one that does is cut off. */
const STATEMENT_TIMEOUT_MS = 30000;

@Module({})
export class AppModule {
  /**
   * `projectionConnections`: the main thread's projection pool, for the queue gauges, or for a
   * command that projects with its own loops (`reproject`). The projector thread opens its own.
   */
  static forRoot(env: Environment, database: DatabaseTarget, projectionConnections = 1): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(env),
        ObservabilityModule.forRoot(env),
        DatabaseModule.forRoot({
          ingest: { ...database, poolSize: env.DATABASE_POOL_SIZE, connectTimeoutMs: env.INGEST_TIMEOUT_MS, statementTimeoutMs: STATEMENT_TIMEOUT_MS },
          projection: { ...database, poolSize: projectionConnections, connectTimeoutMs: STATEMENT_TIMEOUT_MS, statementTimeoutMs: STATEMENT_TIMEOUT_MS },
          read: {
            ...database,
            poolSize: env.DATABASE_READ_POOL_SIZE,
            connectTimeoutMs: env.READ_QUEUE_TIMEOUT_MS,
            statementTimeoutMs: env.READ_STATEMENT_TIMEOUT_MS,
          },
          // Readiness runs its two checks at once.
          health: { ...database, poolSize: 2, connectTimeoutMs: env.READINESS_TIMEOUT_MS, statementTimeoutMs: env.READINESS_TIMEOUT_MS },
        }),
        HealthModule,
        LifecycleModule,
        ProjectionModule,
        IngestModule,
        DatasetsModule,
        MarquezModule,
        QualityModule,
        EventsModule,
        ExportModule,
        WebModule,
      ],
    };
  }
}
