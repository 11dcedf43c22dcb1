// The order jest starts test files in (jest.config.js `testSequencer`). A run is as long as its
// last worker: a long file started late runs on alone while the other worker has nothing left.
// Jest orders by the durations of the previous run, which a fresh clone (CI) does not have, and
// then by file size, which puts a short file that walks a browser for a minute near the end. So
// the files known to take longest start first, in this order; the rest follow in jest's order.
// Any order is correct: this one only makes a cold run shorter.
const Sequencer = require('@jest/test-sequencer').default;

const LONGEST_FIRST = [
  'test/projection/concurrency-and-replay.test.ts',
  'test/ui/marquez-ui.test.ts',
  'test/cli/commands.test.ts',
  'test/suite/cleanup.test.ts',
  'test/ui/cockpit.test.ts',
  'test/ops/operator-signals.test.ts',
  'test/ui/lineage-pages.test.ts',
  'test/cli/cli.test.ts',
  'test/relay/relay-process.test.ts',
  'test/ops/body-too-large.test.ts',
  'test/ui/marquez-ui-delete.test.ts',
  'test/ops/tls.test.ts',
  'test/projection/model-sequences.test.ts',
  'test/ops/config.test.ts',
  'test/ui/browse-pages.test.ts',
  'test/ui/lineage-groups.test.ts',
];

class LongestFirst extends Sequencer {
  sort(tests) {
    const rank = (test) => LONGEST_FIRST.findIndex((file) => test.path === `${test.context.config.rootDir}/${file}`);
    const known = tests.filter((test) => rank(test) >= 0).sort((a, b) => rank(a) - rank(b));
    return [...known, ...super.sort(tests.filter((test) => rank(test) < 0))];
  }
}

module.exports = LongestFirst;
module.exports.LONGEST_FIRST = LONGEST_FIRST;
