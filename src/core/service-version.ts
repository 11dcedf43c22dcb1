import * as fs from 'node:fs';
import * as path from 'node:path';
import { PACKAGE_ROOT } from '../paths';

/** The commit written into dist/build-info.json by `npm run build`, if any. */
function builtCommit(): string | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, 'dist', 'build-info.json'), 'utf8')).commit ?? null;
  } catch {
    return null;
  }
}

/** Version from package.json; commit from GIT_COMMIT (set on the container) or the build. */
export function serviceVersion(): { version: string; commit: string | null } {
  const pkg = JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8'));
  return { version: pkg.version, commit: process.env.GIT_COMMIT || builtCommit() };
}
