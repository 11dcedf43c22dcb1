import { ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Every process a test starts is tracked here, so none outlives its test file (see
 * stop-children.ts) or an interrupted run (global-setup.mjs stops what the registry folder lists).
 */
const running = new Set<ChildProcess>();

function registryEntry(child: ChildProcess): string | null {
  const dir = process.env.TEST_CHILD_REGISTRY;
  return dir && child.pid ? path.join(dir, String(child.pid)) : null;
}

/** Tracks a child the test spawned; returns it. */
export function track(child: ChildProcess, label: string): ChildProcess {
  running.add(child);
  const entry = registryEntry(child);
  if (entry) fs.writeFileSync(entry, label);
  child.once('exit', () => {
    running.delete(child);
    if (entry) fs.rmSync(entry, { force: true });
  });
  return child;
}

export function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/**
 * Sends `signal`, and SIGKILL if the child has not exited after `graceMs` (longer than a store's own
 * drain deadline, SHUTDOWN_TIMEOUT_MS); resolves once it has exited.
 */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM', graceMs = 60000): Promise<void> {
  if (hasExited(child)) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Stops every tracked child that is still running. */
export async function stopAllChildren(): Promise<void> {
  await Promise.all([...running].map((child) => stopChild(child)));
}
