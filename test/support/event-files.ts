import * as fs from 'node:fs';
import * as path from 'node:path';

/** A JSON file of events: one event, or a JSON array of events (a batch body). */
export interface EventFile {
  /** Path relative to the folder it was read from, e.g. `trino/ctas-complete.json`. */
  file: string;
  text: string;
  json: unknown;
}

export function readEventFile(root: string, relative: string): EventFile {
  const text = fs.readFileSync(path.join(root, relative), 'utf8');
  return { file: relative, text, json: JSON.parse(text) };
}

/** The `.json` files of one sub-folder, sorted. */
export function readEventFolder(root: string, folder: string): EventFile[] {
  return fs
    .readdirSync(path.join(root, folder))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => readEventFile(root, `${folder}/${f}`));
}

/** The `.json` files of every sub-folder except `exclude`, sorted by folder then name. */
export function readEventFolders(root: string, exclude: string[]): EventFile[] {
  return fs
    .readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !exclude.includes(d.name))
    .map((d) => d.name)
    .sort()
    .flatMap((folder) => readEventFolder(root, folder));
}
