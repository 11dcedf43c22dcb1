import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { get, post } from '../support/http';
import { freePort, runCommand } from '../support/store-process';
import { MAIN, migratedDatabase, minimalEnv, runEvent, spawnMain, waitFor } from './ops-support';

describe('configuration', () => {
  let work: string;
  beforeAll(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'metadata-store-config-'));
  });
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  it('reads .env from the working directory; variables set in the environment win', async () => {
    const databaseUrl = await migratedDatabase('ops_dotenv');
    const port = await freePort();
    const cwd = fs.mkdtempSync(path.join(work, 'dotenv-'));
    fs.writeFileSync(
      path.join(cwd, '.env'),
      [`DATABASE_URL=${databaseUrl}`, `PORT=${port}`, 'HOST=127.0.0.1', 'BASE_PATH=from-dotenv', 'SHUTDOWN_DELAY_MS=0', 'INGEST_MODE=async'].join('\n'),
    );
    // The environment sets BASE_PATH too: it wins over .env; everything else comes from .env.
    const store = spawnMain(['serve'], minimalEnv({ BASE_PATH: '/from-env' }), cwd);
    try {
      const url = `http://127.0.0.1:${port}`;
      await waitFor('the store', async () => (await get(`${url}/health/ready`)).status === 200, 30000);
      expect((await post(`${url}/from-env/api/v1/lineage`, runEvent())).status).toBe(202); // INGEST_MODE=async from .env
      expect((await post(`${url}/from-dotenv/api/v1/lineage`, runEvent())).status).toBe(404);
    } finally {
      store.child.kill('SIGTERM');
      expect(await store.exited).toBe(0);
    }
  });

  it('a bad value in .env stops the service with one line naming the variable', () => {
    const cwd = fs.mkdtempSync(path.join(work, 'bad-dotenv-'));
    fs.writeFileSync(path.join(cwd, '.env'), 'SHUTDOWN_DELAY_MS=soon\n');
    const result = spawnSync(process.execPath, [MAIN, 'serve'], { cwd, env: minimalEnv({}), encoding: 'utf8', timeout: 30000 });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]).msg).toContain('SHUTDOWN_DELAY_MS="soon"');
  });

  it.each([
    ['SHUTDOWN_DELAY_MS', '-1', /SHUTDOWN_DELAY_MS="-1": .*SHUTDOWN_DELAY_MS must not be less than 0/],
    ['SHUTDOWN_TIMEOUT_MS', 'forever', /SHUTDOWN_TIMEOUT_MS="forever": .*must be an integer/],
    ['READINESS_TIMEOUT_MS', '10', /READINESS_TIMEOUT_MS="10": .*must not be less than 50/],
    ['LOG_FORMAT', 'xml', /LOG_FORMAT="xml": LOG_FORMAT must be one of: json, pretty/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL="loud": LOG_LEVEL must be one of: fatal, error, warn, info, debug, trace, silent/],
    ['BASE_PATH', '/a b', /BASE_PATH="\/a b": BASE_PATH must be a URL path/],
    ['TLS_CERT_FILE', '/etc/tls.crt', /TLS_CERT_FILE and TLS_KEY_FILE must be set together/],
  ])('%s=%s stops the service with one line naming the variable and what is allowed', (name, value, expected) => {
    const result = runCommand(['serve'], { [name]: value });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]).msg).toMatch(expected);
  });

  it('a bad DATABASE_URL is named without printing its password', () => {
    const result = runCommand(['serve'], { DATABASE_URL: 'mysql://lineage:hunter2-secret@db:3306/lineage' });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]).msg).toContain('DATABASE_URL="mysql://lineage:***@db:3306/lineage": DATABASE_URL must be a postgres://');
    expect(result.stdout + result.stderr).not.toContain('hunter2');
  });

  it('.env.example lists every variable the service reads, with its default', () => {
    const example = fs.readFileSync(path.join(__dirname, '..', '..', '.env.example'), 'utf8');
    const listed = new Map(
      example
        .split('\n')
        .filter((l) => /^[A-Z_]+=/.test(l))
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { Environment } = require('../../src/core/config/environment');
    const defaults = new Environment() as Record<string, unknown>;
    for (const [name, value] of Object.entries(defaults)) {
      expect(listed.has(name)).toBe(true);
      expect(listed.get(name)).toBe(value === undefined ? '' : String(value));
    }
    for (const optional of ['BASE_PATH', 'DATABASE_URL', 'TLS_CERT_FILE', 'TLS_KEY_FILE', 'OTEL_EXPORTER_OTLP_ENDPOINT']) {
      expect(listed.get(optional)).toBe('');
    }
  });
});
