import * as fs from 'node:fs';
import * as path from 'node:path';
import { PACKAGE_ROOT } from './paths';

/** Version from package.json; commit from GIT_COMMIT (set at image build) or a BUILD_INFO file. */
export function serviceVersion(): { version: string; commit: string | null } {
  const pkg = JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8'));
  return { version: pkg.version, commit: process.env.GIT_COMMIT || null };
}
