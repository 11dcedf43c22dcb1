import * as fs from 'node:fs';
import * as path from 'node:path';

/** The postmaster already running on this data folder, if any (from its postmaster.pid). */
export function runningPostmaster(databaseDir: string): { pid: number; port: number } | null {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  return { pid, port: Number(lines[3]) };
}
