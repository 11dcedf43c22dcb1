/** Tests run against a real PostgreSQL (started once in globalSetup) and the built service. */
module.exports = {
  rootDir: '.',
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  transform: { '^.+\\.ts$': 'ts-jest' },
  testEnvironment: 'node',
  globalSetup: '<rootDir>/test/support/global-setup.mjs',
  globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
  setupFilesAfterEnv: ['<rootDir>/test/support/stop-children.ts'],
  testTimeout: 120000,
};
