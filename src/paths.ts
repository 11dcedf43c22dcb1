import * as path from 'node:path';

/** The package root: dist/ and src/ both sit directly below it. */
export const PACKAGE_ROOT = path.resolve(__dirname, '..');
export const MIGRATIONS_DIR = path.join(PACKAGE_ROOT, 'migrations');
// Not dist/web: tsc compiles src/web there.
export const WEB_DIST_DIR = path.join(PACKAGE_ROOT, 'dist', 'ui');
/** The projector thread's entry, always the build's (tests that run src/ start it from dist/ too). */
export const PROJECTOR_THREAD_ENTRY = path.join(PACKAGE_ROOT, 'dist', 'projection', 'projector', 'projector.thread.js');
