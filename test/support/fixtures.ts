import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import { EventFile, readEventFile, readEventFolder, readEventFolders } from './event-files';

/** The project's own OpenLineage events (test/fixtures, described in its README). */
export const FIXTURES_DIR = path.resolve(__dirname, '..', 'fixtures');

const NOT_GOOD_EVENTS = ['invalid', 'facet-violations'];

export function fixture(relative: string): EventFile {
  return readEventFile(FIXTURES_DIR, relative);
}

/** Every file of good events, producer by producer: single events, and the batch (a JSON array). */
export function eventFixtures(): EventFile[] {
  return readEventFolders(FIXTURES_DIR, NOT_GOOD_EVENTS);
}

export function fixtureFolder(folder: string): EventFile[] {
  return readEventFolder(FIXTURES_DIR, folder);
}

/** Events whose envelope is broken: the store refuses each with a 400 naming the field. */
export function invalidFixtures(): EventFile[] {
  return readEventFolder(FIXTURES_DIR, 'invalid');
}

/** Events with a sound envelope whose facet contents break the facet's schema: stored as sent. */
export function facetViolationFixtures(): EventFile[] {
  return readEventFolder(FIXTURES_DIR, 'facet-violations');
}

/** A copy of a fixture event with another run id, so it is a new, distinct event. */
export function withRunId(relative: string, runId: string): Record<string, any> {
  const event = fixture(relative).json as Record<string, any>;
  return { ...event, run: { ...event.run, runId } };
}

/** A compact run event of job `job`, of a new run (no surrounding whitespace: its stored text is exactly this). */
export const compactRunEvent = (job: string): string =>
  JSON.stringify({
    eventType: 'START',
    eventTime: '2026-12-02T06:00:00Z',
    producer: 'https://example.com/producer',
    schemaURL: 'https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent',
    run: { runId: randomUUID() },
    job: { namespace: 'compact', name: job },
    inputs: [],
    outputs: [],
  });
