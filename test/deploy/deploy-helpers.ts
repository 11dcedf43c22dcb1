/**
 * Helpers for the static (render-free) checks of deploy/: file access relative to the repo root,
 * a small JSON-Schema validator for the keywords the chart's values.schema.json uses, and
 * Go-template scanning. No Helm or Docker binary is needed.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export const REPO_ROOT = path.join(__dirname, '..', '..');
export const CHART_DIR = path.join(REPO_ROOT, 'deploy', 'helm', 'metadata-store');

export function repoPath(...parts: string[]): string {
  return path.join(REPO_ROOT, ...parts);
}

export function readRepoFile(...parts: string[]): string {
  return fs.readFileSync(repoPath(...parts), 'utf8');
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Dotted paths of the leaves of a values tree; empty maps and all arrays count as leaves. */
export function leafPaths(value: Json, prefix = ''): string[] {
  if (isPlainObject(value) && Object.keys(value).length > 0) {
    return Object.entries(value).flatMap(([key, child]) => leafPaths(child, prefix ? `${prefix}.${key}` : key));
  }
  return prefix ? [prefix] : [];
}

export function getPath(value: Json, dotted: string): { found: boolean; value?: Json } {
  let current: Json = value;
  for (const segment of dotted.split('.')) {
    if (!isPlainObject(current) || !(segment in current)) return { found: false };
    current = current[segment];
  }
  return { found: true, value: current };
}

export function deepClone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

// ---------------------------------------------------------------------------------------------
// JSON Schema (draft-07 subset)
// ---------------------------------------------------------------------------------------------

/** Keywords the validator implements (or deliberately ignores as annotations). */
const ANNOTATIONS = new Set(['$schema', 'title', 'description']);
const IMPLEMENTED = new Set([
  'type',
  'properties',
  'additionalProperties',
  'required',
  'enum',
  'items',
  'minimum',
  'maximum',
  'pattern',
  'minLength',
]);

export type Schema = boolean | JsonObject;

function typeMatches(type: string, value: Json): boolean {
  switch (type) {
    case 'object':
      return isPlainObject(value);
    case 'array':
      return Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    default:
      throw new Error(`unsupported JSON Schema type "${type}"`);
  }
}

function describe(value: Json): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * Validates `value` against `schema`; returns one message per violation (empty when valid).
 * Throws on a keyword it does not implement, so the schema cannot silently outgrow the check.
 */
export function validate(schema: Schema, value: Json, where = '$'): string[] {
  if (schema === true) return [];
  if (schema === false) return [`${where}: not allowed`];
  for (const keyword of Object.keys(schema)) {
    if (!ANNOTATIONS.has(keyword) && !IMPLEMENTED.has(keyword)) {
      throw new Error(`${where}: JSON Schema keyword "${keyword}" is not implemented by the test validator`);
    }
  }
  const errors: string[] = [];
  if (schema.type !== undefined) {
    const types = (Array.isArray(schema.type) ? schema.type : [schema.type]) as string[];
    if (!types.some((t) => typeMatches(t, value))) {
      return [`${where}: expected ${types.join(' or ')}, got ${describe(value)}`];
    }
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(value))) {
    errors.push(`${where}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) {
      errors.push(`${where}: ${value} < minimum ${schema.minimum}`);
    }
    if (typeof schema.maximum === 'number' && value > schema.maximum) {
      errors.push(`${where}: ${value} > maximum ${schema.maximum}`);
    }
  }
  if (typeof value === 'string') {
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) {
      errors.push(`${where}: ${JSON.stringify(value)} does not match ${schema.pattern}`);
    }
    if (typeof schema.minLength === 'number' && [...value].length < schema.minLength) {
      errors.push(`${where}: shorter than ${schema.minLength}`);
    }
  }
  if (Array.isArray(value) && schema.items !== undefined) {
    value.forEach((item, i) => errors.push(...validate(schema.items as Schema, item, `${where}[${i}]`)));
  }
  if (isPlainObject(value)) {
    const properties = isPlainObject(schema.properties) ? schema.properties : {};
    for (const key of (schema.required as string[] | undefined) ?? []) {
      if (!(key in value)) errors.push(`${where}: missing required "${key}"`);
    }
    for (const [key, child] of Object.entries(value)) {
      if (key in properties) {
        errors.push(...validate(properties[key] as Schema, child, `${where}.${key}`));
      } else if (schema.additionalProperties !== undefined) {
        const extra = schema.additionalProperties as Schema;
        if (extra === false) errors.push(`${where}: unknown key "${key}"`);
        else errors.push(...validate(extra, child, `${where}.${key}`));
      }
    }
  }
  return errors;
}

/** Every object-typed subschema with its dotted location ("a.b", "list[]", "map{}"). */
export function objectSchemas(schema: Schema, where = ''): Array<{ where: string; schema: JsonObject }> {
  if (!isPlainObject(schema)) return [];
  const found: Array<{ where: string; schema: JsonObject }> = [];
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('object')) found.push({ where, schema });
  if (isPlainObject(schema.properties)) {
    for (const [key, child] of Object.entries(schema.properties)) {
      found.push(...objectSchemas(child as Schema, where ? `${where}.${key}` : key));
    }
  }
  if (isPlainObject(schema.items)) found.push(...objectSchemas(schema.items, `${where}[]`));
  if (isPlainObject(schema.additionalProperties)) {
    found.push(...objectSchemas(schema.additionalProperties, `${where}{}`));
  }
  return found;
}

/** The subschema at a dotted path, following `properties` only. */
export function schemaAt(schema: Schema, dotted: string): JsonObject | undefined {
  let current: Json = schema as Json;
  for (const segment of dotted.split('.')) {
    if (!isPlainObject(current) || !isPlainObject(current.properties) || !(segment in current.properties)) {
      return undefined;
    }
    current = current.properties[segment];
  }
  return isPlainObject(current) ? current : undefined;
}

// ---------------------------------------------------------------------------------------------
// Go templates
// ---------------------------------------------------------------------------------------------

export function chartTemplates(): Array<{ name: string; text: string }> {
  const dir = path.join(CHART_DIR, 'templates');
  return fs
    .readdirSync(dir)
    .filter((name) => /\.(ya?ml|tpl|txt)$/.test(name))
    .sort()
    .map((name) => ({ name, text: fs.readFileSync(path.join(dir, name), 'utf8') }));
}

/** `.Values.a.b` paths (also `$.Values.a.b`) referenced in a template. */
export function valuesReferences(text: string): string[] {
  const refs = new Set<string>();
  for (const match of text.matchAll(/\.Values((?:\.[A-Za-z_][A-Za-z0-9_]*)+)/g)) {
    refs.add(match[1].slice(1));
  }
  return [...refs];
}

/** The text of each `{{ ... }}` action, trim markers and surrounding spaces removed. */
export function templateActions(text: string): string[] {
  const actions: string[] = [];
  for (const match of text.matchAll(/\{\{([\s\S]*?)\}\}/g)) {
    actions.push(match[1].replace(/^-?\s*/, '').replace(/\s*-?$/, ''));
  }
  return actions;
}

/** Checks that if/range/with/define/block actions are closed by `end`, in order. */
export function blockBalance(text: string): { ok: boolean; detail: string } {
  const stack: string[] = [];
  for (const action of templateActions(text)) {
    if (action.startsWith('/*')) continue;
    const keyword = /^([a-z]+)\b/.exec(action)?.[1];
    if (keyword && ['if', 'range', 'with', 'define', 'block'].includes(keyword)) stack.push(action);
    else if (keyword === 'end') {
      if (stack.pop() === undefined) return { ok: false, detail: 'an {{ end }} without an opening block' };
    }
  }
  return stack.length === 0 ? { ok: true, detail: '' } : { ok: false, detail: `unclosed: ${stack.join(' | ')}` };
}

// ---------------------------------------------------------------------------------------------
// Dockerfile
// ---------------------------------------------------------------------------------------------

export interface Instruction {
  keyword: string;
  args: string;
}

export interface Stage {
  from: string;
  name?: string;
  instructions: Instruction[];
}

/** Parses a Dockerfile into stages of instructions (comments dropped, continuations joined). */
export function parseDockerfile(text: string): Stage[] {
  const logical: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (pending === '' && (line === '' || line.startsWith('#'))) continue;
    if (pending !== '' && line.startsWith('#')) continue;
    if (line.endsWith('\\')) {
      pending += line.slice(0, -1) + ' ';
      continue;
    }
    logical.push((pending + line).trim());
    pending = '';
  }
  if (pending.trim() !== '') logical.push(pending.trim());

  const stages: Stage[] = [];
  for (const line of logical) {
    const match = /^([A-Za-z]+)\s+([\s\S]*)$/.exec(line);
    if (!match) continue;
    const keyword = match[1].toUpperCase();
    const args = match[2].trim();
    if (keyword === 'FROM') {
      const from = /^(\S+)(?:\s+AS\s+(\S+))?/i.exec(args);
      stages.push({ from: from?.[1] ?? args, name: from?.[2], instructions: [] });
    } else if (stages.length > 0) {
      stages[stages.length - 1].instructions.push({ keyword, args });
    }
  }
  return stages;
}
