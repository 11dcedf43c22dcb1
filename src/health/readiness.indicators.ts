import { Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { InjectDataSource } from '@nestjs/typeorm';
import { HEALTH_DATABASE } from '../database/database.module';
import { DataSource } from 'typeorm';
import { withTimeout } from '../core/with-timeout';
import { Environment } from '../core/config/environment';
import { pendingMigrations } from '../database/data-source';
import { ShutdownState } from '../core/shutdown-state.service';
import { LogNotifier } from '../log/log-notifier';

/** A commit this recent shows the replica takes events, even when a canary query was slow. */
const RECENT_COMMIT_MS = 5000;

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
    notifier: LogNotifier,
  ) {
    notifier.onCommitted(() => (this.lastCommitAt = Date.now()));
  }

  private lastCommitAt = 0;

  /**
   * Readiness means "this replica can take events". When a check's query fails or is slow (a
   * PostgreSQL busy with reads, say) but ingest committed within RECENT_COMMIT_MS, the replica
   * demonstrably takes events: the check is up, and says why.
   */
  private committedRecently(): number | null {
    const ago = Date.now() - this.lastCommitAt;
    return ago <= RECENT_COMMIT_MS ? ago : null;
  }

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
      const ago = this.committedRecently();
      if (ago !== null) return check.up({ message: `canary failed (${(error as Error).message}), but events were committed ${ago} ms ago` });
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
      const ago = this.committedRecently();
      if (ago !== null) return check.up({ message: `cannot read the applied migrations (${(error as Error).message}), but events were committed ${ago} ms ago` });
      return check.down({ message: `cannot read the applied migrations: ${(error as Error).message}` });
    }
  }

  /** Down from the moment SIGTERM/SIGINT arrives: load balancers stop sending new work. */
  accepting() {
    const check = this.indicators.check('shutdown');
    return this.shutdown.shuttingDown ? check.down({ message: 'shutting down' }) : check.up();
  }
}
