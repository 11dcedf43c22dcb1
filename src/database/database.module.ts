import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DatabaseSettings, dataSourceOptions } from './data-source';

/** The TypeORM data source, registered once (forRoot) for every module. */
@Module({})
export class DatabaseModule {
  static forRoot(settings: DatabaseSettings): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      imports: [TypeOrmModule.forRoot({ ...dataSourceOptions(settings), migrationsRun: false })],
    };
  }
}
