import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DatasetProjectionRepository } from '../storage/dataset-projection.repository';
import { ProjectionQueueRepository } from '../storage/projection-queue.repository';
import { mergeChanges, projectEvent } from './project-event';

/**
 * Applies one batch of queued events: claim (SKIP LOCKED), project (pure), write the read
 * tables and delete the queue rows, all in one transaction. Each event is projected exactly
 * once: a crash rolls the batch back and its rows are claimed again.
 */
@Injectable()
export class ProjectionWriter {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: ProjectionQueueRepository,
    private readonly datasets: DatasetProjectionRepository,
  ) {}

  /** Returns the ids of the events projected; empty when the queue had nothing to claim. */
  async projectBatch(limit: number): Promise<string[]> {
    return this.dataSource.transaction(async (manager) => {
      const events = await this.queue.claim(manager, limit);
      if (events.length === 0) return [];
      await this.datasets.apply(manager, mergeChanges(events.map(projectEvent)));
      const ids = events.map((e) => e.eventId);
      await this.queue.remove(manager, ids);
      return ids;
    });
  }

  /** Empties the read tables and queues every logged event again, atomically. */
  async resetForReplay(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      await this.datasets.truncate(manager);
      return this.queue.enqueueAll(manager);
    });
  }
}
