import * as fs from 'node:fs';
import * as path from 'node:path';

/** The shared OpenLineage corpus: reference data, read in place, never copied into the project. */
export const EXAMPLES_DIR = path.resolve(__dirname, '..', '..', '..', 'shared', 'openlineage', 'examples');

export interface ExampleFile {
  file: string;
  text: string;
  json: unknown;
}

function read(relative: string): ExampleFile {
  const text = fs.readFileSync(path.join(EXAMPLES_DIR, relative), 'utf8');
  return { file: relative, text, json: JSON.parse(text) };
}

function list(dir: string): string[] {
  return fs
    .readdirSync(path.join(EXAMPLES_DIR, dir))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => `${dir}/${f}`);
}

/** Every file that holds events: one event each, except the batch (a JSON array). */
export function eventFiles(): ExampleFile[] {
  const dirs = fs
    .readdirSync(EXAMPLES_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== 'invalid' && d.name !== 'spec-facets')
    .map((d) => d.name)
    .sort();
  return dirs.flatMap(list).map(read);
}

export function example(relative: string): ExampleFile {
  return read(relative);
}

export function trinoEvents(): ExampleFile[] {
  return list('trino').map(read);
}

export function invalidFiles(): ExampleFile[] {
  return list('invalid').map(read);
}
