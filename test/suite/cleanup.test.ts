/**
 * A failing or interrupted test run leaves no process behind: a jest of its own runs a scenario
 * that starts a store and PostgreSQL servers and never stops them; afterwards none may be running.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { stopChild, track } from '../support/child-processes';
import { PACKAGE_ROOT } from '../support/store-process';
import { waitFor } from '../support/wait-for';

const JEST = require.resolve('jest/bin/jest');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function runScenario(mode: 'fail' | 'hang') {
  const pidsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'metadata-store-scenario-')), 'pids.json');
  const env: Record<string, string | undefined> = { ...process.env, SCENARIO_MODE: mode, SCENARIO_PIDS_FILE: pidsFile };
  // TEST_CPU_LOG too: the scenario's CPU is this file's children's, not a test file of the run.
  for (const key of ['TEST_PG_ADMIN_URL', 'TEST_PG_DATA_DIR', 'TEST_CHILD_REGISTRY', 'TEST_POSTGRES_URL', 'TEST_CPU_LOG']) delete env[key];
  const child = track(
    spawn(process.execPath, [JEST, '--runInBand', '--selectProjects', 'process', '--testMatch', '**/test/support/scenarios/leave-processes.scenario.ts'], {
      cwd: PACKAGE_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
    'jest running a scenario',
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))));
  return {
    child,
    exited,
    output: () => output,
    pids: (): Record<string, number> => JSON.parse(fs.readFileSync(pidsFile, 'utf8')),
    started: () => fs.existsSync(pidsFile),
  };
}

/** The exit code, or 'still running' (after which the run is killed) if it has not exited within `ms`. */
async function exitWithin(run: ReturnType<typeof runScenario>, ms: number): Promise<number | null | 'still running'> {
  let timer: NodeJS.Timeout | undefined;
  const code = await Promise.race([run.exited, new Promise<'still running'>((resolve) => (timer = setTimeout(() => resolve('still running'), ms)))]);
  clearTimeout(timer);
  if (code === 'still running') await stopChild(run.child, 'SIGKILL');
  return code;
}

async function expectAllGone(pids: Record<string, number>): Promise<void> {
  expect(Object.keys(pids).sort()).toEqual(['jest', 'ownPostgres', 'ownPostgresHelper', 'store', 'testPostgres']);
  await waitFor('every process of the run to end', () => Object.values(pids).every((pid) => !alive(pid)), 5000).catch(() => undefined); // the assertion below says which
  expect(Object.entries(pids).filter(([, pid]) => alive(pid))).toEqual([]);
}

describe('a test run that fails or is interrupted', () => {
  it('with a failing test: jest exits non-zero and stops every process the test started', async () => {
    const run = runScenario('fail');
    const code = await exitWithin(run, 120000);
    expect({ code, output: run.output() }).toEqual({ code: 1, output: expect.stringContaining('a deliberately failing test') });
    await expectAllGone(run.pids());
  });

  it.each(['SIGINT', 'SIGTERM'] as const)('interrupted by %s mid-test: jest exits and stops every process the test started', async (signal) => {
    const run = runScenario('hang');
    await waitFor('the scenario to start its processes', run.started, 90000);
    run.child.kill(signal);
    const code = await exitWithin(run, 60000);
    expect({ code, stopped: run.output().includes(`${signal}: stopping the processes the tests started`) }).toEqual({
      code: 128 + os.constants.signals[signal],
      stopped: true,
    });
    await expectAllGone(run.pids());
  });
});
