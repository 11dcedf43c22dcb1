import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PROJECTION_DATABASE } from '../database/database.module';
import { DataSource } from 'typeorm';
import { ProjectionApplier } from './applier';
import { isDataError } from '../database/database-errors';
import { ProjectionQueueRepository } from '../log/projection-queue.repository';
import { processEventsInSlices } from './pipeline';
import { ProjectionMetrics } from './projection.metrics';
import { SetAsideRepository } from './set-aside.repository';

/**
 * Applies one batch of queued events: claim (taking their queue rows, SKIP LOCKED), process
 * (pure), apply to the read tables, all in one transaction. Each event is projected exactly
 * once: a crash rolls the batch back and its rows are claimed again.
 */
@Injectable()
export class ProjectionWriter {
  private readonly logger = new Logger(ProjectionWriter.name);
  private connecting: Promise<unknown> | null = null;

  constructor(
    @InjectDataSource(PROJECTION_DATABASE) private readonly dataSource: DataSource,
    private readonly queue: ProjectionQueueRepository,
    private readonly applier: ProjectionApplier,
    private readonly setAside: SetAsideRepository,
    private readonly metrics: ProjectionMetrics,
  ) {}

  /**
   * Returns the ids of the events taken off the queue; empty when there was nothing to claim.
   * When one event's data makes the batch fail, the batch is redone one event at a time, so that
   * event alone is set aside (logged, listed in projection_set_aside, counted) and the others are projected: one bad event must not stop
   * projection. `reproject` tries set-aside events again.
   */
  async projectBatch(limit: number): Promise<string[]> {
    await this.connected();
    try {
      return await this.applyBatch(limit);
    } catch (error) {
      if (!isDataError(error) || limit === 1) throw error;
      const done: string[] = [];
      for (let i = 0; i < limit; i++) {
        const ids = await this.applyOneOrSetAside();
        if (ids.length === 0) break;
        done.push(...ids);
      }
      return done;
    }
  }

  /** The projector thread's pool connects on its first batch, and again after a failed attempt. */
  private async connected(): Promise<void> {
    if (this.dataSource.isInitialized) return;
    this.connecting ??= this.dataSource.initialize().finally(() => (this.connecting = null));
    await this.connecting;
  }

  private async applyOneOrSetAside(): Promise<string[]> {
    return this.dataSource.transaction(async (manager) => {
      const events = await this.queue.claim(manager, 1);
      if (events.length === 0) return [];
      const eventId = events[0].eventId;
      await manager.query('SAVEPOINT project_one');
      try {
        await this.applier.apply(manager, await processEventsInSlices(events));
      } catch (error) {
        if (!isDataError(error)) throw error;
        await manager.query('ROLLBACK TO SAVEPOINT project_one');
        const reason = (error as Error).message;
        await this.setAside.record(manager, eventId, reason);
        this.metrics.setAside();
        this.logger.error({ eventId, err: reason }, 'projection: event set aside, its data cannot be projected (it stays in the log)');
      }
      return [eventId];
    });
  }

  private async applyBatch(limit: number): Promise<string[]> {
    return this.dataSource.transaction(async (manager) => {
      const events = await this.queue.claim(manager, limit);
      if (events.length === 0) return [];
      await this.applier.apply(manager, await processEventsInSlices(events));
      return events.map((e) => e.eventId);
    });
  }

  /**
   * Empties the read tables and the set-aside list and queues every logged event again,
   * atomically; returns how many events are now queued (the whole log, including events that
   * were still queued before).
   */
  async resetForReplay(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      await this.applier.truncate(manager);
      await this.setAside.clear(manager);
      await this.queue.enqueueAll(manager);
      const [row] = await manager.query('SELECT count(*)::int AS n FROM projection_queue');
      return row.n;
    });
  }
}
