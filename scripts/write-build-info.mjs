// Writes dist/build-info.json at build time: the commit the build came from, for /version and
// metadata_store_build_info. GIT_COMMIT wins (the image is built without .git); otherwise git.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

const commit = process.env.GIT_COMMIT || gitCommit();
fs.writeFileSync(path.join(root, 'dist', 'build-info.json'), `${JSON.stringify({ commit, builtAt: new Date().toISOString() })}\n`);
