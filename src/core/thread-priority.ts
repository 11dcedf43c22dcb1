import * as fs from 'node:fs';
import * as os from 'node:os';

/**
 * The kernel's id of the calling thread (Linux: /proc/thread-self names it), or null where there is
 * no such file. A worker thread's Node `threadId` is Node's own number, not this.
 */
export function osThreadId(): number | null {
  try {
    return Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
  } catch {
    return null;
  }
}

/**
 * Lowers the calling thread's scheduling priority to `nice` (Linux applies setpriority to one
 * thread when given its id), so that the process's other threads win the CPU when both want it.
 * Returns the thread's nice value after the call, or null where threads cannot be told apart.
 */
export function lowerThreadPriority(nice: number): number | null {
  const tid = osThreadId();
  if (tid === null) return null;
  if (os.getPriority(tid) < nice) os.setPriority(tid, nice);
  return os.getPriority(tid);
}
