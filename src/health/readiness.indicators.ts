import { Injectable } from '@nestjs/common';
import { HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Environment } from '../config/environment';
import { pendingMigrations } from '../storage/data-source';
import { ShutdownState } from './shutdown-state.service';

@Injectable()
export class ReadinessIndicators {
  constructor(
    private readonly env: Environment,
    private readonly indicators: HealthIndicatorService,
    private readonly typeorm: TypeOrmHealthIndicator,
    private readonly shutdown: ShutdownState,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** A canary query with its own short timeout. */
  database() {
    return this.typeorm.pingCheck('database', { timeout: this.env.READINESS_TIMEOUT_MS, connection: this.dataSource });
  }

  async schema() {
    const check = this.indicators.check('schema');
    const pending = await pendingMigrations(this.dataSource);
    return pending.length === 0 ? check.up() : check.down({ message: 'the schema is behind; run `migrate`', pending });
  }

  accepting() {
    const check = this.indicators.check('shutdown');
    return this.shutdown.shuttingDown ? check.down({ message: 'shutting down' }) : check.up();
  }
}
