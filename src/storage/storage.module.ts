import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DatabaseSettings, dataSourceOptions } from './data-source';
import { DatasetProjectionRepository } from './dataset-projection.repository';
import { DatasetReadRepository } from './dataset-read.repository';
import { EventLogRepository } from './event-log.repository';
import { EventReadRepository } from './event-read.repository';
import { ProjectionQueueRepository } from './projection-queue.repository';

const REPOSITORIES = [
  EventLogRepository,
  EventReadRepository,
  ProjectionQueueRepository,
  DatasetProjectionRepository,
  DatasetReadRepository,
];

/** The TypeORM data source (registered once, in forRoot) and the repositories that hold all SQL. */
@Module({})
export class StorageModule {
  static forRoot(settings: DatabaseSettings): DynamicModule {
    return {
      module: StorageModule,
      global: true,
      imports: [TypeOrmModule.forRoot({ ...dataSourceOptions(settings), migrationsRun: false })],
      providers: REPOSITORIES,
      exports: REPOSITORIES,
    };
  }
}
