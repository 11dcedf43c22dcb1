/**
 * Ctrl-C on `npm start` (no DATABASE_URL: the embedded PostgreSQL, INGEST_MODE=async): the
 * terminal sends SIGINT to the whole foreground process group. The store must drain every
 * acknowledged event into its database before that database stops, and then exit.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { track } from '../support/child-processes';
import { runningPostmaster } from '../../src/database/running-postmaster';
import { freePort, MAIN, PACKAGE_ROOT, startStore } from '../support/store-process';
import { jsonLines, minimalEnv, runEvent, sleep, waitFor } from '../ops/ops-support';

jest.setTimeout(180000);

/** `serve` as the leader of its own process group, like a shell's foreground job. */
function spawnGroupLeader(env: Record<string, string>): { child: ChildProcess; output: string[]; exited: Promise<number | null> } {
  const child = track(
    spawn(process.execPath, [MAIN, 'serve'], { cwd: PACKAGE_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true }),
    'metadata-store serve (own process group)',
  );
  const output: string[] = [];
  let buffered = '';
  const collect = (chunk: Buffer) => {
    const lines = (buffered + chunk.toString('utf8')).split('\n');
    buffered = lines.pop() ?? '';
    output.push(...lines.filter((l) => l.trim() !== ''));
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output, exited };
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is gone
  }
}

/** The promise's value, or `late` when it takes longer than `ms`. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Stops a PostgreSQL left running on the data folder (only after a failed run). */
function stopLeftoverPostgres(dataDir: string): void {
  const running = runningPostmaster(dataDir);
  if (running) process.kill(running.pid, 'SIGQUIT');
}

describe('Ctrl-C with the embedded PostgreSQL', () => {
  it('SIGINT to the whole process group under async load: "shutdown: complete", exit 0, every 202 is in the log after a restart', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'metadata-store-ctrl-c-'));
    fs.chmodSync(parent, 0o755);
    const dataDir = path.join(parent, 'pg');
    const pgPort = await freePort();
    const port = await freePort();
    const env = minimalEnv({
      EMBEDDED_POSTGRES_DIR: dataDir,
      EMBEDDED_POSTGRES_PORT: String(pgPort),
      INGEST_MODE: 'async',
      HOST: '127.0.0.1',
      PORT: String(port),
      SHUTDOWN_DELAY_MS: '1000',
      LOG_LEVEL: 'info',
    });
    const store = spawnGroupLeader(env);
    let exitCode: number | null | undefined;
    void store.exited.then((code) => (exitCode = code));
    try {
      const url = `http://127.0.0.1:${port}`;
      await waitFor('the store to be ready', async () => exitCode === undefined && (await fetch(`${url}/health/ready`)).status === 200, 60000);

      const acknowledged: string[] = [];
      const writer = async () => {
        while (exitCode === undefined) {
          const runId = randomUUID();
          try {
            const res = await fetch(`${url}/api/v1/lineage`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(runEvent(runId)),
              signal: AbortSignal.timeout(10000),
            });
            await res.arrayBuffer();
            if (res.status === 202) acknowledged.push(runId);
          } catch {
            await sleep(5);
          }
        }
      };
      const writers = Array.from({ length: 16 }, writer);
      await waitFor('the load to be acknowledged', () => acknowledged.length > 100, 60000);
      killGroup(store.child.pid!, 'SIGINT');
      const exited = await within(store.exited, 60000);
      await within(Promise.all(writers), 15000);
      await waitFor('the last log line', () => jsonLines(store.output).some((l) => /^shutdown: complete/.test(l.msg ?? '')), 5000).catch(() => undefined);
      const report = { exited, acknowledged: acknowledged.length };
      console.log(`Ctrl-C under async load: ${JSON.stringify(report)}`);
      expect(exited).toBe(0);
      expect(jsonLines(store.output).some((l) => l.msg?.startsWith('shutdown: complete') && l.signal === 'SIGINT')).toBe(true);
      expect(acknowledged.length).toBeGreaterThan(100);

      // The embedded PostgreSQL was stopped after the drain, cleanly: a restart finds every event.
      expect(fs.existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(false);
      const again = await startStore({ EMBEDDED_POSTGRES_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(pgPort) });
      try {
        const client = new Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${pgPort}/metadata_store` });
        await client.connect();
        const { rows } = await client.query('SELECT run_id::text AS id FROM lineage_events WHERE run_id = ANY($1::uuid[])', [acknowledged]);
        await client.end();
        const stored = new Set(rows.map((r) => r.id));
        const lost = acknowledged.filter((id) => !stored.has(id));
        console.log(`acknowledged ${acknowledged.length}, stored ${acknowledged.length - lost.length}, lost ${lost.length}`);
        expect(lost).toEqual([]);
      } finally {
        expect(await again.stop('SIGTERM')).toBe(0);
      }
      expect(fs.existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(false);
    } finally {
      killGroup(store.child.pid!, 'SIGKILL');
      stopLeftoverPostgres(dataDir);
      await sleep(500);
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });
});
