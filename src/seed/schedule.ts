import { Prng } from './prng';
import { ProducerKind, World } from './world';

/** The simulated history starts here and lasts WINDOW_DAYS; times never depend on the clock. */
export const HISTORY_START_MS = Date.UTC(2026, 7, 1);
export const WINDOW_DAYS = 90;
const DAY_MS = 86_400_000;

export interface Run {
  producer: number;
  job: number;
  /** 0 for the first run (Trino's CREATE TABLE AS), then 1, 2, ... */
  index: number;
  runs: number;
  startMs: number;
  endMs: number;
  failed: boolean;
}

const RUNS: Record<ProducerKind, (p: Prng) => number> = {
  // Scheduled warehouse queries run many times; Spark and dbt jobs mostly once in the window.
  trino: (p) => 2 + p.longTail(0.9, 58),
  spark: (p) => 1 + p.longTail(2.2, 9),
  dbt: (p) => 1 + p.longTail(2.0, 14),
};
const DURATION_S: Record<ProducerKind, (p: Prng) => number> = {
  trino: (p) => 1 + p.longTail(0.8, 1800) + p.next(),
  spark: (p) => 30 + p.longTail(0.7, 3600) * 2 + p.next(),
  dbt: (p) => 2 + p.longTail(0.9, 600) + p.next(),
};
const FAILURE_RATE: Record<ProducerKind, number> = { trino: 0.04, spark: 0.02, dbt: 0.02 };

/**
 * Every run of every job, in start order. A job's first run falls in the first two thirds of the
 * window in creation order (the warehouse grows), its later runs evenly spaced over the rest.
 * Deeper jobs start later in the day, so upstream tables are created first.
 */
export function schedule(world: World): Run[] {
  const runs: Run[] = [];
  world.producers.forEach((producer, p) => {
    const prng = new Prng(world.seed * 977 + p);
    const jobs = producer.dag.jobs;
    jobs.forEach((job, j) => {
      const count = RUNS[producer.kind](prng);
      const firstDay = Math.floor(((WINDOW_DAYS * 2) / 3) * (j / jobs.length));
      const timeOfDayMs = 3_600_000 + job.depth * 180_000 + prng.int(0, 170_000);
      const spacingMs = Math.floor(((WINDOW_DAYS - firstDay) * DAY_MS) / count);
      for (let index = 0; index < count; index++) {
        const startMs = HISTORY_START_MS + firstDay * DAY_MS + timeOfDayMs + index * spacingMs + prng.int(0, 999);
        const endMs = startMs + Math.round(DURATION_S[producer.kind](prng) * 1000);
        runs.push({ producer: p, job: j, index, runs: count, startMs, endMs, failed: prng.chance(FAILURE_RATE[producer.kind]) });
      }
    });
  });
  return runs.sort((a, b) => a.startMs - b.startMs || a.producer - b.producer || a.job - b.job);
}
