import { randomUUID } from 'node:crypto';
import { withRunId } from './fixtures';

export interface Outcome {
  runId: string;
  status: number;
  ms: number;
}

/** A Trino COMPLETE event with a fresh run id (so every event is distinct). */
export function trinoEvent(runId = randomUUID()): object {
  return withRunId('trino/ctas-complete.json', runId);
}

const runningLoads = new Set<{ stop(): Promise<unknown> }>();

/** Stops every load a test started and did not stop (a failed test; see stop-children.ts). */
export async function stopAllLoads(): Promise<void> {
  await Promise.all([...runningLoads].map((load) => load.stop()));
}

/**
 * Posts distinct events from `concurrency` loops until `stop()` is called; records every answer
 * (status 0: the connection failed, so nothing was acknowledged).
 */
export function startLoad(url: string, concurrency: number) {
  const outcomes: Outcome[] = [];
  let running = true;
  const loop = async () => {
    while (running) {
      const runId = randomUUID();
      const started = Date.now();
      let status = 0;
      try {
        const res = await fetch(`${url}/api/v1/lineage`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(trinoEvent(runId)),
          signal: AbortSignal.timeout(10000),
        });
        status = res.status;
        await res.arrayBuffer();
      } catch {
        status = 0;
        await new Promise((r) => setTimeout(r, 20));
      }
      outcomes.push({ runId, status, ms: Date.now() - started });
    }
  };
  const loops = Array.from({ length: concurrency }, loop);
  const load = {
    outcomes,
    acknowledged: () => outcomes.filter((o) => o.status >= 200 && o.status < 300).map((o) => o.runId),
    async stop(): Promise<Outcome[]> {
      running = false;
      runningLoads.delete(load);
      await Promise.all(loops);
      return outcomes;
    },
  };
  runningLoads.add(load);
  return load;
}
