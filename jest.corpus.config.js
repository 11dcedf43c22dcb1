/**
 * The conformance run against a corpus of OpenLineage events kept outside the project:
 * `npm run test:corpus <folder>` (scripts/test-corpus.mjs hands the folder on as CORPUS_DIR).
 * It runs as the process tier does (jest.config.js): the built service on the test PostgreSQL.
 */
const { projects, ...base } = require('./jest.config');

const processTier = projects.find((project) => project.displayName === 'process');

module.exports = { ...base, ...processTier, displayName: 'corpus', testMatch: ['<rootDir>/test/corpus/**/*.corpus.ts'] };
