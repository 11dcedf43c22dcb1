import * as fs from 'node:fs';
import * as path from 'node:path';

/** The pid of the PostgreSQL running on `dataDir` (the first line of its postmaster.pid); throws when none is. */
export function postmasterPid(dataDir: string): number {
  return Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}
