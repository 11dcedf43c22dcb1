import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DatabaseSettings, dataSourceOptions } from './data-source';

/**
 * The replica's connection pools, one per kind of work, so that no kind can take another's
 * connections: a burst of slow reads cannot make ingest wait, and readiness always has its own.
 * Inject one with `@InjectDataSource(READ_DATABASE)` (and so on); ingest's log append uses the
 * default data source (`@InjectDataSource()`).
 */
export const PROJECTION_DATABASE = 'projection';
export const READ_DATABASE = 'read';
export const HEALTH_DATABASE = 'health';
/** Injects the projection pool's DatabaseSettings (for the projector thread's own pool). */
export const PROJECTION_POOL_SETTINGS = Symbol('PROJECTION_POOL_SETTINGS');

export interface DatabasePools {
  /** The log append (ingest). */
  ingest: DatabaseSettings;
  /** Projection workers: claims, read-table writes, queue metrics. */
  projection: DatabaseSettings;
  /** Every read endpoint: short statement timeout, short wait for a connection. */
  read: DatabaseSettings;
  /** Readiness and /version. */
  health: DatabaseSettings;
}

@Module({})
export class DatabaseModule {
  static forRoot(pools: DatabasePools): DynamicModule {
    const named = (name: string, settings: DatabaseSettings) =>
      TypeOrmModule.forRoot({ ...dataSourceOptions({ ...settings, applicationName: `metadata-store-${name}` }), name, migrationsRun: false });
    return {
      module: DatabaseModule,
      global: true,
      imports: [
        TypeOrmModule.forRoot({ ...dataSourceOptions({ ...pools.ingest, applicationName: 'metadata-store-ingest' }), migrationsRun: false }),
        named(PROJECTION_DATABASE, pools.projection),
        named(READ_DATABASE, pools.read),
        named(HEALTH_DATABASE, pools.health),
      ],
      providers: [{ provide: PROJECTION_POOL_SETTINGS, useValue: pools.projection }],
      exports: [PROJECTION_POOL_SETTINGS],
    };
  }
}
