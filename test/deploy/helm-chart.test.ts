/**
 * Static checks of deploy/helm/metadata-store. No Helm binary is involved: the templates are
 * scanned as text, values.yaml is validated against values.schema.json with the small validator
 * in deploy-helpers.ts.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import {
  CHART_DIR,
  Json,
  JsonObject,
  Schema,
  blockBalance,
  chartTemplates,
  deepClone,
  getPath,
  isPlainObject,
  leafPaths,
  objectSchemas,
  readRepoFile,
  repoPath,
  schemaAt,
  validate,
  valuesReferences,
} from './deploy-helpers';

const chartFile = (name: string) => fs.readFileSync(path.join(CHART_DIR, name), 'utf8');
const chart = parse(chartFile('Chart.yaml')) as JsonObject;
const values = parse(chartFile('values.yaml')) as JsonObject;
const schema = JSON.parse(chartFile('values.schema.json')) as JsonObject;
const templates = chartTemplates();
const template = (name: string) => {
  const found = templates.find((t) => t.name === name);
  if (!found) throw new Error(`templates/${name} is missing`);
  return found.text;
};
const helpers = template('_helpers.tpl');

/** The body of a `define` in _helpers.tpl. */
function defineBody(name: string): string {
  const start = helpers.indexOf(`{{- define "${name}" -}}`);
  if (start < 0) throw new Error(`helper ${name} is not defined`);
  let depth = 0;
  const re = /\{\{-?\s*(\/\*[\s\S]*?\*\/|[a-z]+)?[\s\S]*?\}\}/g;
  re.lastIndex = start;
  for (let m = re.exec(helpers); m; m = re.exec(helpers)) {
    const word = m[1] ?? '';
    if (['if', 'range', 'with', 'define', 'block'].includes(word)) depth += 1;
    if (word === 'end') {
      depth -= 1;
      if (depth === 0) return helpers.slice(start, m.index);
    }
  }
  throw new Error(`define ${name} is not closed`);
}

/** Values that are handed to Kubernetes / the Prometheus Operator as-is (additionalProperties: true). */
const PASSTHROUGH = new Set([
  'global',
  'extraEnv[].valueFrom',
  'extraVolumes[]',
  'extraVolumeMounts[]',
  'tolerations[]',
  'affinity',
  'topologySpreadConstraints[]',
  'metrics.serviceMonitor.tlsConfig',
]);

/** The service's environment variables an operator tunes, with the documented defaults. */
const EXPECTED_CONFIG: Record<string, string> = {
  PORT: '5000',
  HOST: '0.0.0.0',
  BASE_PATH: '',
  DATABASE_POOL_SIZE: '10',
  BODY_LIMIT_BYTES: '33554432',
  INGEST_MODE: 'sync',
  INGEST_TIMEOUT_MS: '2000',
  INGEST_FLUSH_MAX_EVENTS: '200',
  INGEST_FLUSH_MAX_WAIT_MS: '0',
  INGEST_WRITERS: '4',
  ASYNC_QUEUE_MAX_EVENTS: '10000',
  ASYNC_QUEUE_MAX_BYTES: '67108864',
  PROJECTION_WORKERS: '2',
  PROJECTION_BATCH_SIZE: '200',
  PROJECTION_POLL_INTERVAL_MS: '1000',
  PROJECTION_WAKE_DELAY_MS: '100',
  LOG_LEVEL: 'info',
  LOG_FORMAT: 'json',
  SHUTDOWN_DELAY_MS: '5000',
  SHUTDOWN_TIMEOUT_MS: '25000',
  READINESS_TIMEOUT_MS: '1000',
  OTEL_EXPORTER_OTLP_ENDPOINT: '',
  OTEL_SERVICE_NAME: 'metadata-store',
};

describe('Chart.yaml and values.yaml', () => {
  it('parse and describe a v2 application chart', () => {
    expect(chart.apiVersion).toBe('v2');
    expect(chart.name).toBe('metadata-store');
    expect(chart.type).toBe('application');
    expect(String(chart.version)).toMatch(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/);
    expect(isPlainObject(values)).toBe(true);
  });

  it("defaults the image tag to the service's package.json version", () => {
    const pkg = JSON.parse(readRepoFile('package.json')) as { version: string };
    expect(String(chart.appVersion)).toBe(pkg.version);
  });

  it('has the service settings with the documented defaults in `config`', () => {
    const config = values.config as JsonObject;
    const actual = Object.fromEntries(Object.entries(config).map(([k, v]) => [k, String(v)]));
    expect(actual).toEqual(EXPECTED_CONFIG);
  });

  it('keeps secrets and chart-managed variables out of `config`', () => {
    const config = values.config as JsonObject;
    for (const key of ['DATABASE_URL', 'TLS_CERT_FILE', 'TLS_KEY_FILE']) expect(config).not.toHaveProperty(key);
  });

  it('names only variables the service reads (OTEL_* are read by the OpenTelemetry SDK)', () => {
    const srcDir = repoPath('src');
    const sources: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith('.ts')) sources.push(fs.readFileSync(full, 'utf8'));
      }
    };
    walk(srcDir);
    const all = sources.join('\n');
    const unknown = Object.keys(values.config as JsonObject).filter(
      (key) => !key.startsWith('OTEL_') && !new RegExp(`\\b${key}\\b`).test(all),
    );
    expect(unknown).toEqual([]);
  });

  it('gives the pod time to drain: terminationGracePeriodSeconds (default 45) > delay + timeout', () => {
    const config = values.config as JsonObject;
    expect(values.terminationGracePeriodSeconds).toBe(45);
    const drainMs = Number(config.SHUTDOWN_DELAY_MS) + Number(config.SHUTDOWN_TIMEOUT_MS);
    expect(Number(values.terminationGracePeriodSeconds) * 1000).toBeGreaterThan(drainMs);
  });
});

describe('values.schema.json', () => {
  it('is draft-07 with additionalProperties: false on the root', () => {
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(schema.type).toBe('object');
    expect(schema.additionalProperties).toBe(false);
  });

  it('closes every object: false, a typed map, or an explicit pass-through', () => {
    const problems: string[] = [];
    for (const { where, schema: sub } of objectSchemas(schema as Schema)) {
      const extra = sub.additionalProperties;
      if (extra === undefined) problems.push(`${where || '(root)'}: additionalProperties missing`);
      else if (extra === true && !PASSTHROUGH.has(where)) problems.push(`${where}: additionalProperties true`);
      else if (isPlainObject(sub.properties) && extra !== false) {
        problems.push(`${where}: has properties but additionalProperties is not false`);
      }
    }
    expect(problems).toEqual([]);
    // the allowlist is not stale either
    const passthrough = objectSchemas(schema as Schema)
      .filter((s) => s.schema.additionalProperties === true)
      .map((s) => s.where)
      .sort();
    expect(passthrough).toEqual([...PASSTHROUGH].sort());
  });

  it('accepts values.yaml', () => {
    expect(validate(schema as Schema, values)).toEqual([]);
  });

  it('has a default in values.yaml for every property it declares', () => {
    const missing = objectSchemas(schema as Schema)
      .filter((s) => !s.where.includes('[]') && !s.where.includes('{}') && isPlainObject(s.schema.properties))
      .flatMap((s) =>
        Object.keys(s.schema.properties as JsonObject)
          .map((key) => (s.where ? `${s.where}.${key}` : key))
          .filter((p) => !getPath(values, p).found),
      );
    expect(missing).toEqual([]);
  });

  const rejects: Array<[string, (v: JsonObject) => void]> = [
    ['an unknown top-level key', (v) => (v.replicas = 3)],
    ['a misspelt config variable', (v) => ((v.config as JsonObject).LOGLEVEL = 'debug')],
    ['DATABASE_URL in the ConfigMap', (v) => ((v.config as JsonObject).DATABASE_URL = 'postgres://x')],
    ['an unknown INGEST_MODE', (v) => ((v.config as JsonObject).INGEST_MODE = 'fast')],
    ['a non-numeric size', (v) => ((v.config as JsonObject).BODY_LIMIT_BYTES = '32MB')],
    ['a pool size out of range', (v) => ((v.config as JsonObject).DATABASE_POOL_SIZE = 1000)],
    ['root as the user', (v) => ((v.podSecurityContext as JsonObject).runAsUser = 0)],
    ['an unknown nested key', (v) => ((v.tls as JsonObject).certificate = 'x')],
    ['an unknown key two levels down', (v) => (((v.tls as JsonObject).csi as JsonObject).readOnly = false)],
    ['a non-string annotation', (v) => (v.podAnnotations = { a: 1 })],
    ['an extraEnv entry without name', (v) => (v.extraEnv = [{ value: 'x' }])],
    ['a bad pdb value', (v) => ((v.pdb as JsonObject).maxUnavailable = 'one')],
  ];
  it.each(rejects)('rejects %s', (_label, mutate) => {
    const changed = deepClone(values);
    mutate(changed);
    expect(validate(schema as Schema, changed)).not.toEqual([]);
  });

  const accepts: Array<[string, (v: JsonObject) => void]> = [
    ['numbers instead of strings in config', (v) => ((v.config as JsonObject).BODY_LIMIT_BYTES = 67108864)],
    ['a percentage PDB', (v) => Object.assign(v.pdb as JsonObject, { minAvailable: '50%', maxUnavailable: '' })],
    ['TLS from a CSI driver', (v) => Object.assign(v.tls as JsonObject, { enabled: true, csi: { driver: 'csi.cert-manager.io', volumeAttributes: { 'csi.cert-manager.io/issuer-name': 'ca' } } })],
    ['extraEnv with valueFrom', (v) => (v.extraEnv = [{ name: 'X', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } }])],
    ['a subchart global', (v) => (v.global = { imageRegistry: 'r' })],
  ];
  it.each(accepts)('accepts %s', (_label, mutate) => {
    const changed = deepClone(values);
    mutate(changed);
    expect(validate(schema as Schema, changed)).toEqual([]);
  });
});

describe('templates', () => {
  it('has the expected files', () => {
    const names = templates.map((t) => t.name);
    for (const name of [
      '_helpers.tpl',
      'deployment.yaml',
      'service.yaml',
      'configmap.yaml',
      'migrate-job.yaml',
      'servicemonitor.yaml',
      'pdb.yaml',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('reference only values that exist in values.yaml and in the schema', () => {
    const problems: string[] = [];
    for (const { name, text } of templates) {
      for (const ref of valuesReferences(text)) {
        if (!getPath(values, ref).found) problems.push(`${name}: .Values.${ref} has no default in values.yaml`);
        if (!schemaAt(schema as Schema, ref)) problems.push(`${name}: .Values.${ref} is not in values.schema.json`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('use every value in values.yaml (global excepted)', () => {
    const refs = templates.flatMap((t) => valuesReferences(t.text));
    const unused = leafPaths(values).filter(
      (leaf) => leaf !== 'global' && !refs.some((ref) => leaf === ref || leaf.startsWith(`${ref}.`)),
    );
    expect(unused).toEqual([]);
  });

  it('have balanced actions and blocks', () => {
    for (const { name, text } of templates) {
      const opens = (text.match(/\{\{/g) ?? []).length;
      const closes = (text.match(/\}\}/g) ?? []).length;
      expect({ name, braces: opens === closes }).toEqual({ name, braces: true });
      expect({ name, ...blockBalance(text) }).toEqual({ name, ok: true, detail: '' });
    }
  });

  it('include only helpers that _helpers.tpl defines', () => {
    const defined = new Set([...helpers.matchAll(/define "([^"]+)"/g)].map((m) => m[1]));
    const missing = templates.flatMap(({ name, text }) =>
      [...text.matchAll(/include "([^"]+)"/g)].map((m) => m[1]).filter((h) => !defined.has(h)).map((h) => `${name}: ${h}`),
    );
    expect(missing).toEqual([]);
    // and the template names of `include (print $.Template.BasePath "/x.yaml")` exist
    for (const { text } of templates) {
      for (const m of text.matchAll(/BasePath "\/([^"]+)"/g)) expect(templates.map((t) => t.name)).toContain(m[1]);
    }
  });
});

describe('security context (shared by the Deployment and the migrate Job)', () => {
  const container = defineBody('metadata-store.containerSecurityContext');
  const pod = defineBody('metadata-store.podSecurityContext');

  it('container: non-root, no privilege escalation, no capabilities, read-only root, RuntimeDefault', () => {
    expect(container).toMatch(/^runAsNonRoot: true$/m);
    expect(container).toMatch(/^allowPrivilegeEscalation: false$/m);
    expect(container).toMatch(/^readOnlyRootFilesystem: true$/m);
    expect(container).toMatch(/^capabilities:\n {2}drop:\n {4}- ALL$/m);
    expect(container).toMatch(/^seccompProfile:\n {2}type: RuntimeDefault$/m);
    expect(container).toMatch(/^runAsUser: \{\{ \.Values\.podSecurityContext\.runAsUser \}\}$/m);
  });

  it('pod: non-root, fsGroup, RuntimeDefault', () => {
    expect(pod).toMatch(/^runAsNonRoot: true$/m);
    expect(pod).toMatch(/^fsGroup: \{\{ \.Values\.podSecurityContext\.fsGroup \}\}$/m);
    expect(pod).toMatch(/^seccompProfile:\n {2}type: RuntimeDefault$/m);
  });

  it.each(['deployment.yaml', 'migrate-job.yaml'])('%s uses both contexts and a /tmp emptyDir', (name) => {
    const text = template(name);
    expect(text).toMatch(/securityContext:\n\s+\{\{- include "metadata-store\.podSecurityContext" \. \| nindent 8 \}\}/);
    expect(text).toMatch(/securityContext:\n\s+\{\{- include "metadata-store\.containerSecurityContext" \. \| nindent 12 \}\}/);
    expect(text).toMatch(/- name: tmp\n\s+mountPath: \/tmp/);
    expect(text).toMatch(/- name: tmp\n\s+emptyDir:/);
  });
});

describe('deployment.yaml', () => {
  const text = template('deployment.yaml');

  it('runs `serve` with startup, liveness and readiness probes on the root health endpoints', () => {
    expect(text).toMatch(/args: \["serve"\]/);
    const probe = (kind: string) => new RegExp(`${kind}:\\n\\s+httpGet:\\n\\s+path: ([^\\n]+)\\n\\s+port: [^\\n]+\\n\\s+scheme: \\{\\{ include "metadata-store.probeScheme" \\. \\}\\}`).exec(text)?.[1];
    expect(probe('startupProbe')).toBe('/health/live');
    expect(probe('livenessProbe')).toBe('/health/live');
    expect(probe('readinessProbe')).toBe('/health/ready');
  });

  it('switches the probe scheme to HTTPS with TLS', () => {
    expect(defineBody('metadata-store.probeScheme')).toMatch(/if \.Values\.tls\.enabled \}\}HTTPS\{\{ else \}\}HTTP\{\{ end/);
  });

  it('sets terminationGracePeriodSeconds from values and refuses a too-short one', () => {
    expect(text).toMatch(/terminationGracePeriodSeconds: \{\{ \.Values\.terminationGracePeriodSeconds \}\}/);
    expect(text).toMatch(/include "metadata-store\.validateGracePeriod"/);
    const check = defineBody('metadata-store.validateGracePeriod');
    expect(check).toMatch(/SHUTDOWN_DELAY_MS/);
    expect(check).toMatch(/SHUTDOWN_TIMEOUT_MS/);
    expect(check).toMatch(/fail/);
  });

  it('takes settings from the ConfigMap and DATABASE_URL from the existing Secret', () => {
    expect(text).toMatch(/envFrom:\n\s+- configMapRef:\n\s+name: \{\{ include "metadata-store.fullname" \. \}\}/);
    expect(text).toMatch(/include "metadata-store\.databaseEnv"/);
    const db = defineBody('metadata-store.databaseEnv');
    expect(db).toMatch(/- name: DATABASE_URL\n\s+valueFrom:\n\s+secretKeyRef:/);
    expect(db).toMatch(/required "[^"]+" \.Values\.database\.existingSecret/);
    expect(db).toMatch(/key: \{\{ \.Values\.database\.secretKey \}\}/);
  });

  it('mounts TLS at /etc/metadata-store/tls from a Secret or a CSI volume, with TLS_* env', () => {
    expect(defineBody('metadata-store.tlsMountPath').trim()).toMatch(/\/etc\/metadata-store\/tls$/);
    const env = defineBody('metadata-store.tlsEnv');
    expect(env).toMatch(/- name: TLS_CERT_FILE\n\s+value: \{\{ printf "%s\/tls\.crt"/);
    expect(env).toMatch(/- name: TLS_KEY_FILE\n\s+value: \{\{ printf "%s\/tls\.key"/);
    const volume = defineBody('metadata-store.tlsVolume');
    expect(volume).toMatch(/secretName: \{\{ \.Values\.tls\.secretName \}\}/);
    expect(volume).toMatch(/driver: \{\{ \.Values\.tls\.csi\.driver \}\}/);
    expect(volume).toMatch(/\.Values\.tls\.csi\.volumeAttributes/);
    expect(text).toMatch(/\{\{- if \.Values\.tls\.enabled \}\}\n\s+# [^\n]*\n\s+- name: tls\n\s+mountPath: \{\{ include "metadata-store\.tlsMountPath" \. \}\}\n\s+readOnly: true/);
    expect(text).toMatch(/\.Values\.tls\.podAnnotations/);
  });

  it('rolls the pods when the ConfigMap changes', () => {
    expect(text).toMatch(/checksum\/config: \{\{ include \(print \$\.Template\.BasePath "\/configmap\.yaml"\) \. \| sha256sum \}\}/);
  });
});

describe('configmap.yaml', () => {
  it('renders every entry of .Values.config (and nothing secret)', () => {
    const text = template('configmap.yaml');
    expect(text).toMatch(/kind: ConfigMap/);
    expect(text).toMatch(/range \$name, \$value := \.Values\.config/);
    expect(text).not.toMatch(/\.Values\.database/);
  });
});

describe('migrate-job.yaml', () => {
  const text = template('migrate-job.yaml');

  it('is a pre-install/pre-upgrade hook Job running `migrate`', () => {
    expect(text).toMatch(/kind: Job/);
    expect(text).toMatch(/helm\.sh\/hook: pre-install,pre-upgrade/);
    expect(text).toMatch(/helm\.sh\/hook-delete-policy: before-hook-creation,hook-succeeded/);
    expect(text).toMatch(/args: \["migrate"\]/);
    expect(text).toMatch(/restartPolicy: Never/);
  });

  it('does not depend on the release ConfigMap (hooks run before it exists)', () => {
    expect(text).not.toMatch(/configMapRef/);
    expect(text).toMatch(/include "metadata-store\.configEnv"/);
    expect(text).toMatch(/include "metadata-store\.databaseEnv"/);
  });

  it('is not selected by the Service (component=migrate, not server)', () => {
    expect(text).toMatch(/app\.kubernetes\.io\/component: migrate/);
    expect(text).not.toMatch(/metadata-store\.selectorLabels/);
    expect(defineBody('metadata-store.selectorLabels')).toMatch(/app\.kubernetes\.io\/component: server/);
  });
});

describe('service, pdb and servicemonitor', () => {
  it('service targets the named port of the server pods', () => {
    const text = template('service.yaml');
    expect(text).toMatch(/kind: Service/);
    expect(text).toMatch(/include "metadata-store\.selectorLabels"/);
    expect(text).toMatch(/targetPort: \{\{ include "metadata-store\.portName" \. \}\}/);
  });

  it('pdb takes minAvailable or maxUnavailable from values', () => {
    const text = template('pdb.yaml');
    expect(text).toMatch(/apiVersion: policy\/v1\nkind: PodDisruptionBudget/);
    expect(text).toMatch(/minAvailable: \{\{ include "metadata-store\.intOrString" \.Values\.pdb\.minAvailable \}\}/);
    expect(text).toMatch(/maxUnavailable: \{\{ include "metadata-store\.intOrString" \.Values\.pdb\.maxUnavailable \}\}/);
    expect(text).toMatch(/^\{\{- if \.Values\.pdb\.enabled \}\}/);
  });

  it('servicemonitor is optional and scrapes /metrics', () => {
    const text = template('servicemonitor.yaml');
    expect(text).toMatch(/^\{\{- if \.Values\.metrics\.serviceMonitor\.enabled \}\}/);
    expect(text).toMatch(/kind: ServiceMonitor/);
    expect(text).toMatch(/path: \/metrics/);
  });
});

describe('relay.yaml (relay.enabled: metadata-store relay as a Deployment or DaemonSet)', () => {
  const text = template('relay.yaml');
  const relaySchema = schemaAt(schema as Schema, 'relay.config') as JsonObject;
  const CHART_SET = ['RELAY_PORT', 'RELAY_HOST', 'RELAY_SPOOL_DIR', 'RELAY_TARGET_URL'];

  it('renders only when enabled, is off by default, and runs `relay` as a Deployment or a DaemonSet', () => {
    expect(text).toMatch(/^\{\{- if \.Values\.relay\.enabled \}\}/m);
    expect(values.relay).toMatchObject({ enabled: false, kind: 'Deployment' });
    expect(getPath(schema, 'properties.relay.properties.kind.enum').value).toEqual(['Deployment', 'DaemonSet']);
    expect(text).toMatch(/kind: \{\{ \.Values\.relay\.kind \}\}/);
    expect(text).toMatch(/args: \["relay"\]/);
  });

  it('gives a Deployment one replica, Recreate and a PersistentVolumeClaim; a DaemonSet a hostPath and a node-local Service', () => {
    expect(text).toMatch(/replicas: 1\n\s+strategy:\n\s+type: Recreate/);
    expect(text).toMatch(/kind: PersistentVolumeClaim[\s\S]+storage: \{\{ \.Values\.relay\.spool\.size \}\}/);
    expect(text).toMatch(/claimName: \{\{ \$fullname \}\}-relay-spool/);
    expect(text).toMatch(/hostPath:\n\s+path: \{\{ \.Values\.relay\.spool\.hostPath \}\}/);
    expect(text).toMatch(/internalTrafficPolicy: Local/);
    expect(text).toMatch(/maxSurge: 0/);
  });

  it("listens on all addresses of its pod, spools on the mounted volume and forwards to this release's store by default", () => {
    expect(text).toMatch(/- name: RELAY_HOST\n\s+value: "0\.0\.0\.0"/);
    expect(text).toMatch(/- name: RELAY_SPOOL_DIR\n\s+value: \/var\/spool\/metadata-store-relay/);
    expect(text).toMatch(/- name: spool\n\s+mountPath: \/var\/spool\/metadata-store-relay/);
    expect(text).toMatch(/- name: RELAY_TARGET_URL\n\s+value: \{\{ default \(printf "%s:\/\/%s:%v%s" \(ternary "https" "http" \.Values\.tls\.enabled\) \$fullname \.Values\.service\.port \(include "metadata-store\.basePath" \.\)\) \.Values\.relay\.targetUrl \| quote \}\}/);
  });

  it('takes only settings the relay reads in relay.config, leaving the chart-set ones out', () => {
    const { RelayEnvironment } = require('../../src/relay/relay-environment') as typeof import('../../src/relay/relay-environment');
    const readByRelay = Object.keys(new RelayEnvironment()).filter((k) => !CHART_SET.includes(k)).sort();
    expect(Object.keys(relaySchema.properties as JsonObject).sort()).toEqual(readByRelay);
    expect(relaySchema.additionalProperties).toBe(false);
    expect(text).toMatch(/range \$name, \$value := \.Values\.relay\.config/);
  });

  it('probes the root health endpoints, runs non-root with a read-only root, and is never selected by the store Service', () => {
    expect(text).toMatch(/livenessProbe:\n\s+httpGet:\n\s+path: \/health\/live/);
    expect(text).toMatch(/readinessProbe:\n\s+httpGet:\n\s+path: \/health\/ready/);
    expect(text).toMatch(/securityContext:\n\s+\{\{- include "metadata-store\.podSecurityContext" \. \| nindent 8 \}\}/);
    expect(text).toMatch(/securityContext:\n\s+\{\{- include "metadata-store\.containerSecurityContext" \. \| nindent 12 \}\}/);
    expect(defineBody('metadata-store.relaySelectorLabels')).toMatch(/app\.kubernetes\.io\/component: relay/);
    expect(text).not.toMatch(/metadata-store\.selectorLabels/);
  });
});

describe('chart README', () => {
  it('lists every value of values.yaml', () => {
    const readme = chartFile('README.md');
    const missing = leafPaths(values).filter((leaf) => !readme.includes(`| \`${leaf}\` |`));
    expect(missing).toEqual([]);
  });

  it('lists every default as it is in values.yaml', () => {
    const readme = chartFile('README.md');
    const wrong = leafPaths(values).filter((leaf) => {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${leaf}\` |`));
      const def = getPath(values, leaf).value as Json;
      return !row || !row.includes(`| \`${JSON.stringify(def)}\` |`);
    });
    expect(wrong).toEqual([]);
  });
});
