// `npm test`'s pretest: builds dist/ (what the process tests run) only when it is older than its
// sources. `npm ci` builds it already (prepare), so a fresh clone does not build twice; an edited
// source, a switched branch or a missing dist/ rebuilds. A new commit with no changed file only
// rewrites dist/build-info.json (/version names the commit).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILD_INFO = path.join(root, 'dist', 'build-info.json');
const INPUTS = ['src', 'web', 'migrations', 'packages', 'tsconfig.build.json', 'tsconfig.json', 'package.json', 'package-lock.json', 'scripts/write-build-info.mjs'];

/** What a build writes or installs, not what it reads (a workspace package's own dist/). */
const SKIPPED = new Set(['node_modules', 'dist']);

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  const entries = fs.readdirSync(target).filter((entry) => !SKIPPED.has(entry));
  return Math.max(stat.mtimeMs, ...entries.map((entry) => newestMtime(path.join(target, entry))));
}

function headCommit() {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

function run(script) {
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const built = fs.statSync(BUILD_INFO, { throwIfNoEntry: false });
const newerInput = built && INPUTS.find((input) => newestMtime(path.join(root, input)) > built.mtimeMs);
if (!built || newerInput) {
  console.log(built ? `dist/ is older than ${newerInput}: building` : 'no dist/: building');
  run('build');
} else if (process.env.GIT_COMMIT === undefined && JSON.parse(fs.readFileSync(BUILD_INFO, 'utf8')).commit !== headCommit()) {
  execFileSync(process.execPath, [path.join(root, 'scripts', 'write-build-info.mjs')], { stdio: 'inherit' });
  console.log('dist/ is up to date with its sources; dist/build-info.json now names the current commit');
} else {
  console.log('dist/ is up to date with its sources: not rebuilding');
}
