/**
 * Three tiers (docs/testing.md): `npm test` runs all of them; `npm run test:<tier>` one.
 * - unit: pure code, no PostgreSQL, no build.
 * - in-process: the service in the test's own process (test/support/in-process-app.ts) on the
 *   embedded PostgreSQL that globalSetup starts; each test file creates its own database.
 * - process: the built service (dist/) as a child process, only where a process is the point;
 *   `process-alone` holds those of them that bound the service's latency, run with nothing beside.
 */

const os = require('node:os');
const { PROCESS_TESTS, ALONE_TESTS } = require('./test/process-tests');

// swc compiles each file on its own (tsconfig's isolatedModules says that is safe), with the
// decorator metadata Nest and TypeORM read. Like ts-jest under isolatedModules before it, it
// does not type-check: the build's tsc checks src/, `npm run typecheck` everything.
const swc = (syntax) => ['@swc/jest', { jsc: { parser: { syntax, decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true }, target: 'es2022' } }];

const shared = {
  rootDir: __dirname,
  transform: {
    '^.+\\.ts$': swc('typescript'),
    // content-disposition (under @fastify/static, which Swagger's UI loads) ships ESM only; the
    // in-process tests build the whole app, so jest compiles it to CommonJS.
    '/node_modules/content-disposition/.+\\.js$': swc('ecmascript'),
  },
  transformIgnorePatterns: ['/node_modules/(?!content-disposition/)'],
  testEnvironment: 'node',
  setupFilesAfterEnv: ['<rootDir>/test/support/cpu-per-file.ts'],
};

const onPostgres = {
  globalSetup: '<rootDir>/test/support/global-setup.mjs',
  globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
  setupFilesAfterEnv: [...shared.setupFilesAfterEnv, '<rootDir>/test/support/stop-children.ts', '<rootDir>/test/support/long-timeout.ts'],
};

const UNIT_TESTS = ['<rootDir>/test/unit/**/*.test.ts', '<rootDir>/packages/*/test/unit/**/*.test.ts', '<rootDir>/test/deploy/**/*.test.ts'];
const rooted = (files) => files.map((file) => `<rootDir>/${file}`);

module.exports = {
  projects: [
    { ...shared, displayName: 'unit', testMatch: UNIT_TESTS },
    {
      ...shared,
      ...onPostgres,
      displayName: 'in-process',
      testMatch: ['<rootDir>/test/**/*.test.ts', '<rootDir>/packages/*/test/integration/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/unit/', '<rootDir>/test/deploy/', ...PROCESS_TESTS.map((file) => `<rootDir>/${file}$`)],
    },
    { ...shared, ...onPostgres, displayName: 'process', testMatch: rooted(PROCESS_TESTS.filter((file) => !ALONE_TESTS.includes(file))) },
    { ...shared, ...onPostgres, displayName: 'process-alone', testMatch: rooted(ALONE_TESTS) },
  ],
  testSequencer: '<rootDir>/test/longest-first.js',
  // One worker more than the machine has cores (jest's default is one fewer): in-process and
  // process tests spend part of their time waiting on PostgreSQL, a browser or a child process,
  // and a third worker fills that time on two cores. `npm test`, `npm run test:<tier>` and
  // `npx jest <path>` all get it; --runInBand still means one.
  maxWorkers: os.availableParallelism() + 1,
  // A failed test can leave in-process work behind (an HTTP server, a retry loop) that keeps
  // Node's event loop alive; the processes it started are stopped by the hooks above first.
  forceExit: true,
};
