import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { PROJECTION_DATABASE } from '../database/database.module';

/** `projection_set_aside`: events the projection could not apply, with the reason. */
@Injectable()
export class SetAsideRepository {
  constructor(@InjectDataSource(PROJECTION_DATABASE) private readonly dataSource: DataSource) {}

  async record(manager: EntityManager, eventId: string, reason: string): Promise<void> {
    await manager.query(
      `INSERT INTO projection_set_aside (event_id, reason) VALUES ($1, $2)
       ON CONFLICT (event_id) DO UPDATE SET reason = EXCLUDED.reason, set_aside_at = now()`,
      [eventId, reason],
    );
  }

  /** `reproject` tries every event again: the list starts empty. */
  async clear(manager: EntityManager): Promise<void> {
    await manager.query('TRUNCATE projection_set_aside');
  }

  async count(): Promise<number> {
    const [row] = await this.dataSource.query('SELECT count(*)::int AS n FROM projection_set_aside');
    return row.n;
  }
}
