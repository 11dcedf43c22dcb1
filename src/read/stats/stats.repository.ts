import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { InjectReadDataSource } from '../../database/read-data-source';
import { queryByIndex } from '../shared/index-path';

/** The tables whose growth /stats reports, each with the index on its creation time. */
const CREATED = {
  datasets: 'datasets',
  jobs: 'jobs',
  sources: 'sources',
} as const;

export type CreatedKind = keyof typeof CREATED;

/** Cumulative counts of read-table rows by creation (first-seen event) time. */
@Injectable()
export class StatsRepository {
  constructor(@InjectReadDataSource() private readonly dataSource: DataSource) {}

  /**
   * For each [from, to) bucket, how many rows were first seen before `to`: one count of the
   * rows before the first bucket, plus a range count per bucket, all index-only scans of the
   * first_seen_at index (the count before the period grows with the table).
   */
  async cumulativeCreated(kind: CreatedKind, buckets: Array<{ from: Date; to: Date }>): Promise<number[]> {
    const table = CREATED[kind];
    const rows: Array<{ count: number }> = await queryByIndex(
      this.dataSource,
      `WITH base AS (SELECT count(*) AS n FROM ${table} WHERE first_seen_at < $1),
            per AS (SELECT b.ord, count(t.first_seen_at) AS n
                      FROM unnest($2::timestamptz[], $3::timestamptz[]) WITH ORDINALITY AS b(t0, t1, ord)
                      LEFT JOIN LATERAL (SELECT first_seen_at FROM ${table}
                                          WHERE first_seen_at >= b.t0 AND first_seen_at < b.t1) t ON true
                     GROUP BY b.ord)
       SELECT (base.n + sum(per.n) OVER (ORDER BY per.ord))::int AS count FROM per, base ORDER BY per.ord`,
      [buckets[0].from, buckets.map((b) => b.from), buckets.map((b) => b.to)],
    );
    return rows.map((r) => r.count);
  }
}
