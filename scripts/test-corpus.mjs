// npm run test:corpus <folder>: checks the store against a folder of OpenLineage events, e.g. the
// shared corpus (../shared/openlineage/examples). Every sub-folder holds JSON files of events
// (one event, or an array: a batch); `invalid/` holds events the store must not take as valid.
// It also serves Marquez's web UI (test/marquez-web/, or MARQUEZ_WEB_TARBALL) against the store
// filled with the corpus and the repository's fixtures, and walks every page of it in Chromium
// for a job of each producer (test/corpus/marquez-ui.corpus.ts; docs/testing.md).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const folder = process.argv[2];
if (!folder || !fs.statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
  process.stderr.write(`usage: npm run test:corpus <folder of OpenLineage events>${folder ? ` (${folder} is not a folder)` : ''}\n`);
  process.exit(2);
}
const corpus = path.resolve(folder);
process.stderr.write(`conformance run against ${corpus}\n`);
const jest = createRequire(import.meta.url).resolve('jest/bin/jest');
const result = spawnSync(process.execPath, [jest, '--runInBand', '--config', 'jest.corpus.config.js'], {
  cwd: path.join(path.dirname(new URL(import.meta.url).pathname), '..'),
  env: { ...process.env, CORPUS_DIR: corpus },
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
