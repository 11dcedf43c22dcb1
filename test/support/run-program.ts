import { execFile } from 'node:child_process';

export interface ProgramResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a program to completion without blocking this process's event loop (unlike spawnSync):
 * for programs that talk to a service running in-process, which must go on answering meanwhile.
 */
export function runProgram(file: string, args: string[], options: { cwd?: string; timeoutMs?: number } = {}): Promise<ProgramResult> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd: options.cwd, timeout: options.timeoutMs ?? 60000, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const status = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolve({ status, stdout, stderr });
    });
  });
}
