import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { TransportConfig } from '../transports/create-transport';

/** openlineage.yml, as far as this client reads it. */
export interface OpenLineageConfig {
  transport?: TransportConfig;
  [section: string]: unknown;
}

export interface ResolvedConfig {
  config: OpenLineageConfig;
  /** The file read, if any. */
  file?: string;
  /** OPENLINEAGE_DISABLED=true: emit nothing. */
  disabled: boolean;
}

export interface ConfigSources {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  home?: string;
}

/**
 * Reads the configuration as the official clients do: the file named by OPENLINEAGE_CONFIG, else
 * ./openlineage.yml, else ~/.openlineage/openlineage.yml; then OPENLINEAGE__<SECTION>__<KEY>
 * variables override it (keys lower-cased, values parsed as JSON when they are JSON); when no
 * transport is configured, OPENLINEAGE_URL (with OPENLINEAGE_ENDPOINT, OPENLINEAGE_API_KEY)
 * makes an http transport; with none at all, events go to the console.
 */
export function loadConfig(sources: ConfigSources = {}): ResolvedConfig {
  const env = sources.env ?? process.env;
  const file = configFile(env, sources.cwd ?? process.cwd(), sources.home ?? homedir());
  const fromFile = file ? readConfigFile(file) : {};
  const config = deepMerge(fromFile, configFromVariables(env)) as OpenLineageConfig;
  config.transport ??= legacyHttpTransport(env) ?? { type: 'console' };
  return { config, file, disabled: (env.OPENLINEAGE_DISABLED ?? '').trim().toLowerCase() === 'true' };
}

function configFile(env: NodeJS.ProcessEnv, cwd: string, home: string): string | undefined {
  if (env.OPENLINEAGE_CONFIG) {
    const named = resolve(cwd, env.OPENLINEAGE_CONFIG);
    if (!existsSync(named)) throw new Error(`OPENLINEAGE_CONFIG names ${named}, which does not exist`);
    return named;
  }
  return [join(cwd, 'openlineage.yml'), join(home, '.openlineage', 'openlineage.yml')].find((candidate) => existsSync(candidate));
}

function readConfigFile(file: string): OpenLineageConfig {
  const parsed: unknown = parseYaml(readFileSync(file, 'utf8'));
  if (parsed === null || parsed === undefined) return {};
  if (!isPlainObject(parsed)) throw new Error(`${file}: expected a YAML mapping at the top level`);
  return parsed;
}

const PREFIX = 'OPENLINEAGE__';

function configFromVariables(env: NodeJS.ProcessEnv): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  for (const name of Object.keys(env).sort()) {
    const value = env[name];
    if (!name.startsWith(PREFIX) || value === undefined) continue;
    const path = name.slice(PREFIX.length).split('__').map((key) => key.toLowerCase());
    if (path.some((key) => key === '')) continue;
    let node = config;
    for (const key of path.slice(0, -1)) {
      if (!isPlainObject(node[key])) node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
    node[path[path.length - 1]] = parseValue(value);
  }
  return config;
}

function legacyHttpTransport(env: NodeJS.ProcessEnv): TransportConfig | undefined {
  if (!env.OPENLINEAGE_URL) return undefined;
  return {
    type: 'http',
    url: env.OPENLINEAGE_URL,
    ...(env.OPENLINEAGE_ENDPOINT ? { endpoint: env.OPENLINEAGE_ENDPOINT } : {}),
    ...(env.OPENLINEAGE_API_KEY ? { auth: { type: 'api_key' as const, apiKey: env.OPENLINEAGE_API_KEY } } : {}),
  };
}

/** JSON when it parses (numbers, booleans, objects, lists), the string otherwise. */
function parseValue(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function deepMerge(base: Record<string, unknown>, override: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    out[key] = isPlainObject(out[key]) && isPlainObject(value) ? deepMerge(out[key] as Record<string, unknown>, value) : value;
  }
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
