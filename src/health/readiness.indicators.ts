import { Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { InjectDataSource } from '@nestjs/typeorm';
import { HEALTH_DATABASE } from '../database/database.module';
import { DataSource } from 'typeorm';
import { withTimeout } from '../core/with-timeout';
import { Environment } from '../core/config/environment';
import { pendingMigrations } from '../database/data-source';
import { ShutdownState } from '../core/shutdown-state.service';


/**
 * The readiness checks; each answers `up` or `down` with a message (never throws), and the
 * 503 body of /health/ready names the ones that are down under `error`.
 */
@Injectable()
export class ReadinessIndicators {
  constructor(
    private readonly env: Environment,
    private readonly indicators: HealthIndicatorService,
    private readonly shutdown: ShutdownState,
    @InjectDataSource(HEALTH_DATABASE) private readonly dataSource: DataSource,
  ) {}

  /**
   * A canary query (`SELECT 1`) with its own short timeout, READINESS_TIMEOUT_MS. (Terminus's
   * TypeORM ping drops the reason of a failure; the message here says what PostgreSQL answered.)
   */
  async database() {
    const check = this.indicators.check('database');
    try {
      await withTimeout(this.dataSource.query('SELECT 1'), this.env.READINESS_TIMEOUT_MS);
      return check.up();
    } catch (error) {
      return check.down({ message: (error as Error).message });
    }
  }

  /** Every migration this build knows is applied (read-only; same timeout as the canary). */
  async schema() {
    const check = this.indicators.check('schema');
    try {
      const pending = await withTimeout(pendingMigrations(this.dataSource), this.env.READINESS_TIMEOUT_MS);
      return pending.length === 0 ? check.up() : check.down({ message: 'the schema is behind; run `migrate`', pending });
    } catch (error) {
      return check.down({ message: `cannot read the applied migrations: ${(error as Error).message}` });
    }
  }

  /** Down from the moment SIGTERM/SIGINT arrives: load balancers stop sending new work. */
  accepting() {
    const check = this.indicators.check('shutdown');
    return this.shutdown.shuttingDown ? check.down({ message: 'shutting down' }) : check.up();
  }
}
