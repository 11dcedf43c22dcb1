/** Tests run against a real PostgreSQL (started once in globalSetup) and the built service. */
module.exports = {
  rootDir: '.',
  testMatch: ['<rootDir>/test/**/*.test.ts', '<rootDir>/packages/*/test/unit/**/*.test.ts', '<rootDir>/packages/*/test/integration/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': 'ts-jest',
    // content-disposition (under @fastify/static, which Swagger's UI loads) ships ESM only; the
    // in-process tests build the whole app, so jest compiles it to CommonJS.
    '/node_modules/content-disposition/.+\\.js$': ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs' } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!content-disposition/)'],
  testEnvironment: 'node',
  globalSetup: '<rootDir>/test/support/global-setup.mjs',
  globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
  setupFilesAfterEnv: ['<rootDir>/test/support/stop-children.ts'],
  testTimeout: 120000,
  // A failed test can leave in-process work behind (an HTTP server, a retry loop) that keeps
  // Node's event loop alive; the processes it started are stopped by the hooks above first.
  forceExit: true,
};
