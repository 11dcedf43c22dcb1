/** Static checks of deploy/compose/docker-compose.yml (no Docker engine needed). */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { JsonObject, REPO_ROOT, isPlainObject, readRepoFile, repoPath } from './deploy-helpers';

// Compose honours YAML merge keys (`<<: [*a, *b]`); so does this parse.
const compose = parse(readRepoFile('deploy', 'compose', 'docker-compose.yml'), { merge: true }) as JsonObject;
const services = compose.services as Record<string, JsonObject>;
const composeDir = repoPath('deploy', 'compose');

const asList = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(/\s+/) : [];
const env = (service: JsonObject): Record<string, string> => {
  const e = service.environment;
  if (Array.isArray(e)) {
    return Object.fromEntries(e.map((line) => String(line).split(/=(.*)/s).slice(0, 2) as [string, string]));
  }
  return Object.fromEntries(Object.entries((e ?? {}) as JsonObject).map(([k, v]) => [k, String(v)]));
};

describe('docker-compose.yml', () => {
  it('has exactly the services postgres, migrate and metadata-store', () => {
    expect(Object.keys(services).sort()).toEqual(['metadata-store', 'migrate', 'postgres']);
  });

  it('runs postgres:17 with a healthcheck', () => {
    const pg = services.postgres;
    expect(pg.image).toBe('postgres:17');
    const test = asList((pg.healthcheck as JsonObject).test).join(' ');
    expect(test).toMatch(/pg_isready/);
  });

  it('runs a one-shot migrate after postgres is healthy', () => {
    const migrate = services.migrate;
    expect(asList(migrate.command)).toEqual(['migrate']);
    expect(((migrate.depends_on as JsonObject).postgres as JsonObject).condition).toBe('service_healthy');
    expect(String(migrate.restart)).toBe('no');
    expect(env(migrate).DATABASE_URL).toBe('postgres://lineage:lineage@postgres:5432/lineage');
  });

  it('starts metadata-store only after migrate completed successfully', () => {
    const app = services['metadata-store'];
    expect(asList(app.command)).toEqual(['serve']);
    expect(((app.depends_on as JsonObject).migrate as JsonObject).condition).toBe('service_completed_successfully');
    expect(env(app).DATABASE_URL).toBe('postgres://lineage:lineage@postgres:5432/lineage');
  });

  it('publishes port 5000 and health-checks with the healthcheck command', () => {
    const app = services['metadata-store'];
    expect(asList(app.ports).some((p) => /(^|:)5000$/.test(p) || /:5000$/.test(p))).toBe(true);
    expect(asList((app.healthcheck as JsonObject).test)).toEqual(['CMD', 'node', 'dist/main.js', 'healthcheck']);
  });

  it.each(['migrate', 'metadata-store'])('runs %s with a read-only root filesystem and a /tmp tmpfs', (name) => {
    const service = services[name];
    expect(service.read_only).toBe(true);
    expect(asList(service.tmpfs)).toContain('/tmp');
    expect(asList(service.cap_drop)).toContain('ALL');
  });

  it.each(['migrate', 'metadata-store'])('builds %s from deploy/docker/Dockerfile with the repo root as context', (name) => {
    const build = services[name].build as JsonObject;
    expect(isPlainObject(build)).toBe(true);
    const context = path.resolve(composeDir, String(build.context));
    expect(context).toBe(path.resolve(REPO_ROOT));
    expect(fs.existsSync(path.join(context, String(build.dockerfile)))).toBe(true);
    expect(services[name].image).toBe(services.migrate.image);
  });

  it('gives metadata-store a stop grace period longer than its drain', () => {
    const app = services['metadata-store'];
    const seconds = Number(/^(\d+)s$/.exec(String(app.stop_grace_period))?.[1]);
    const e = env(app);
    expect(seconds * 1000).toBeGreaterThan(Number(e.SHUTDOWN_DELAY_MS) + Number(e.SHUTDOWN_TIMEOUT_MS));
  });
});
