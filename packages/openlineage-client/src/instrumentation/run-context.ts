import { AsyncLocalStorage } from 'node:async_hooks';

/** The run a statement belongs to: it becomes the statement's `parent` run facet. */
export interface RunContext {
  runId: string;
  job: { namespace: string; name: string };
  /** The top of the hierarchy when `runId` itself has a parent (ParentRunFacet's `root`). */
  root?: { runId: string; job: { namespace: string; name: string } };
}

const storage = new AsyncLocalStorage<RunContext>();

/** Runs `fn` with `parent` as the run of every instrumented statement it issues, however deep. */
export function withRunContext<T>(parent: RunContext, fn: () => T): T {
  return storage.run(parent, fn);
}

export function currentRunContext(): RunContext | undefined {
  return storage.getStore();
}

/** ParentRunFacet 1-1-0 fields for a run context. */
export function parentFacet(parent: RunContext) {
  const root = parent.root ?? { runId: parent.runId, job: parent.job };
  return {
    run: { runId: parent.runId },
    job: { namespace: parent.job.namespace, name: parent.job.name },
    root: { run: { runId: root.runId }, job: { namespace: root.job.namespace, name: root.job.name } },
  };
}
