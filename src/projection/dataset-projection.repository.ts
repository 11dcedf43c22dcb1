import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ProjectionChanges } from './project-event';

/**
 * Writes projected changes to `namespaces`, `datasets`, `event_datasets` and `dataset_symlinks`. Every
 * statement is commutative (least/greatest, unions), so batches may apply in any order.
 * Rows arrive sorted by key (mergeChanges), so concurrent writers lock in the same order.
 */
@Injectable()
export class DatasetProjectionRepository {
  async apply(manager: EntityManager, changes: ProjectionChanges): Promise<void> {
    const { namespaces, datasets, eventDatasets, symlinks } = changes;
    if (namespaces.length > 0) {
      await manager.query(
        `INSERT INTO namespaces AS n (name, first_seen_at, last_seen_at)
         SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::timestamptz[])
         ORDER BY 1
         ON CONFLICT (name) DO UPDATE SET
           first_seen_at = least(n.first_seen_at, excluded.first_seen_at),
           last_seen_at  = greatest(n.last_seen_at, excluded.last_seen_at)
         WHERE excluded.first_seen_at < n.first_seen_at OR excluded.last_seen_at > n.last_seen_at`,
        [namespaces.map((n) => n.name), namespaces.map((n) => n.firstSeenAt.toISOString()), namespaces.map((n) => n.lastSeenAt.toISOString())],
      );
    }
    if (datasets.length > 0) {
      await manager.query(
        `INSERT INTO datasets AS d (id, namespace, name, scheme, authority, kind, first_seen_at, last_seen_at, first_event_id)
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
                              $7::timestamptz[], $8::timestamptz[], $9::bigint[])
         ORDER BY 1
         ON CONFLICT (id) DO UPDATE SET
           first_seen_at  = least(d.first_seen_at, excluded.first_seen_at),
           last_seen_at   = greatest(d.last_seen_at, excluded.last_seen_at),
           kind           = CASE WHEN 'dataset' IN (d.kind, excluded.kind) THEN 'dataset' ELSE 'symlink' END,
           first_event_id = CASE WHEN (excluded.first_seen_at, excluded.first_event_id) < (d.first_seen_at, d.first_event_id)
                                 THEN excluded.first_event_id ELSE d.first_event_id END
         WHERE excluded.first_seen_at < d.first_seen_at
            OR excluded.last_seen_at > d.last_seen_at
            OR (excluded.kind = 'dataset' AND d.kind = 'symlink')
            OR (excluded.first_seen_at = d.first_seen_at AND excluded.first_event_id < d.first_event_id)`,
        [
          datasets.map((d) => d.id),
          datasets.map((d) => d.namespace),
          datasets.map((d) => d.name),
          datasets.map((d) => d.scheme),
          datasets.map((d) => d.authority),
          datasets.map((d) => d.kind),
          datasets.map((d) => d.firstSeenAt.toISOString()),
          datasets.map((d) => d.lastSeenAt.toISOString()),
          datasets.map((d) => d.firstEventId),
        ],
      );
    }
    if (eventDatasets.length > 0) {
      await manager.query(
        `INSERT INTO event_datasets (event_id, dataset_id, role)
         SELECT * FROM unnest($1::bigint[], $2::uuid[], $3::text[])
         ON CONFLICT DO NOTHING`,
        [eventDatasets.map((e) => e.eventId), eventDatasets.map((e) => e.datasetId), eventDatasets.map((e) => e.role)],
      );
    }
    if (symlinks.length > 0) {
      await manager.query(
        `INSERT INTO dataset_symlinks AS s (dataset_id, symlink_dataset_id, symlink_type, first_event_id)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::bigint[])
         ORDER BY 1, 2
         ON CONFLICT (dataset_id, symlink_dataset_id) DO UPDATE SET
           symlink_type   = excluded.symlink_type,
           first_event_id = excluded.first_event_id
         WHERE excluded.first_event_id < s.first_event_id`,
        [symlinks.map((s) => s.datasetId), symlinks.map((s) => s.symlinkDatasetId), symlinks.map((s) => s.symlinkType), symlinks.map((s) => s.firstEventId)],
      );
    }
  }

  /** Empties the read tables (for `reproject`), locking them in apply()'s order; the log is untouched. */
  async truncate(manager: EntityManager): Promise<void> {
    await manager.query('TRUNCATE namespaces, datasets, event_datasets, dataset_symlinks');
  }
}
