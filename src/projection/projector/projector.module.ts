import { DynamicModule, Global, Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { ConfigModule } from '../../core/config/config.module';
import { Environment } from '../../core/config/environment';
import { createLogger } from '../../core/observability/logging';
import { QueryTimer, registerQueryDurations } from '../../core/observability/metrics';
import { dataSourceOptions, DatabaseSettings } from '../../database/data-source';
import { PROJECTION_DATABASE } from '../../database/database.module';
import { RecentEvents } from '../../log/recent-events';
import { ProjectionCoreModule } from '../projection-core.module';
import { PROJECTION_SLOW_START, ProjectionWorkers } from '../projection-workers.service';

/** Global: the queue's claim (in its own module) takes payloads from it. */
@Global()
@Module({})
class RecentEventsModule {
  static forRoot(recent: RecentEvents): DynamicModule {
    return { module: RecentEventsModule, providers: [{ provide: RecentEvents, useValue: recent }], exports: [RecentEvents] };
  }
}

/**
 * The projector thread's application: PROJECTION_WORKERS loops on a pool of their own, the memory
 * of the events this replica committed, and its own logger and metrics registry (the main thread
 * merges them into /metrics). Nothing that serves HTTP.
 */
@Module({})
export class ProjectorModule implements OnModuleInit {
  /** `recent`: the memory the thread fills from its first message on, before this module starts. */
  static forRoot(env: Environment, pool: DatabaseSettings, recent: RecentEvents, options: { slowStart: boolean } = { slowStart: false }): DynamicModule {
    return {
      module: ProjectorModule,
      imports: [
        ConfigModule.forRoot(env),
        LoggerModule.forRoot({ pinoHttp: { logger: createLogger(env).child({ thread: 'projector' }) }, forRoutes: [] }),
        TypeOrmModule.forRoot({
          ...dataSourceOptions({ ...pool, applicationName: 'metadata-store-projection' }),
          name: PROJECTION_DATABASE,
          migrationsRun: false,
          subscribers: [QueryTimer],
          // Connected by the first batch (ProjectionWriter): the thread starts during an outage,
          // and its loops report it as they report an outage that comes later.
          manualInitialization: true,
        }),
        RecentEventsModule.forRoot(recent),
        ProjectionCoreModule,
      ],
      providers: [ProjectionWorkers, { provide: PROJECTION_SLOW_START, useValue: options.slowStart }],
    };
  }

  onModuleInit(): void {
    registerQueryDurations();
  }
}
