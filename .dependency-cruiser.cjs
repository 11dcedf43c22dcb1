/**
 * The dependency rules of DESIGN section 7 ("Code layout"): which folder may never import which.
 * `npm run check:deps` checks them; test/unit/dependency-rules.test.ts fails on a violation.
 * Type-only imports count: a type shared across a boundary couples the two sides as much as code.
 */

/**
 * What features build on: the vocabulary, storage, the log and core (config, HTTP set-up,
 * observability). Everything else in src/ is a feature (ingest, projection, read, marquez, health,
 * web, cli, seed, relay, and any folder added later) or a composition root (app.module.ts,
 * create-app.ts, main.ts).
 */
const FOUNDATIONS = ['^src/(openlineage|database|log|core)/', '^src/paths\\.ts$'];
const FEATURE = { path: '^src/', pathNot: FOUNDATIONS };

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'storage-imports-no-feature',
      comment: 'database/ and log/ are what features build on; they know no feature (the log knows no projection).',
      severity: 'error',
      from: { path: '^src/(database|log)/' },
      to: FEATURE,
    },
    {
      name: 'read-imports-no-ingest-or-projection',
      comment: 'The read side reads the tables; it never reaches into how events arrive or are projected.',
      severity: 'error',
      from: { path: '^src/read/' },
      to: { path: '^src/(ingest|projection)/' },
    },
    {
      name: 'observability-imports-no-feature',
      comment: 'core/observability hosts the metrics registry, logging and tracing that features use; it imports none of them.',
      severity: 'error',
      from: { path: '^src/core/observability/' },
      to: FEATURE,
    },
    {
      name: 'openlineage-imports-nothing-else-from-src',
      comment: 'src/openlineage/ is the pure vocabulary: it imports nothing else from src/.',
      severity: 'error',
      from: { path: '^src/openlineage/' },
      to: { path: '^src/', pathNot: '^src/openlineage/' },
    },
    {
      name: 'client-package-imports-nothing-from-src',
      comment:
        'packages/openlineage-client is published on its own: it cannot import the store. Its own tests (test/, never ' +
        'published) may start the store to post to it.',
      severity: 'error',
      from: { path: '^packages/openlineage-client/', pathNot: '^packages/openlineage-client/test/' },
      to: { path: '^src/' },
    },
    {
      name: 'imports-resolve',
      comment:
        'A relative import the check cannot resolve to a file could hide a crossing, so each must resolve. (A ' +
        "package name cannot reach into src/; a workspace package's dist/ may not be built yet.)",
      severity: 'error',
      from: { path: '^(src|packages)/' },
      to: { couldNotResolve: true, path: '^\\.' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
