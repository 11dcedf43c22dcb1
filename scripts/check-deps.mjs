#!/usr/bin/env node
// `npm run check:deps`: checks DESIGN section 7's dependency rules (.dependency-cruiser.cjs) over
// src/ and packages/ of the current directory, whichever exist. Exits non-zero on a violation,
// printing each as `rule: from → to`.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const config = path.join(root, '.dependency-cruiser.cjs');
const bin = path.join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');

const folders = ['src', 'packages'].filter((folder) => fs.existsSync(folder));
if (folders.length === 0) {
  process.stderr.write(`check:deps: neither src/ nor packages/ in ${process.cwd()}\n`);
  process.exit(2);
}
const result = spawnSync(process.execPath, [bin, '--config', config, ...folders], { stdio: 'inherit' });
process.exit(result.status ?? 1);
