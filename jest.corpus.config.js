/**
 * The conformance run against a corpus of OpenLineage events kept outside the project:
 * `npm run test:corpus <folder>` (scripts/test-corpus.mjs hands the folder on as CORPUS_DIR).
 */
const base = require('./jest.config');

module.exports = { ...base, testMatch: ['<rootDir>/test/corpus/**/*.corpus.ts'] };
