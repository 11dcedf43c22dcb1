import { EventLoopSlices } from '../core/event-loop-slices';
import { LoggedEvent } from '../log/logged-event';
import { groupMutations, Mutation, MutationsByTable } from './mutations';
import { datasetFacetsProcessor } from './processors/dataset-facets.processor';
import { datasetVersionsProcessor } from './processors/dataset-versions.processor';
import { datasetsProcessor } from './processors/datasets.processor';
import { jobsProcessor } from './processors/jobs.processor';
import { lineageProcessor } from './processors/lineage.processor';
import { nameWordsOf } from './processors/name-words.processor';
import { Processor } from './processors/processor';
import { runsProcessor } from './processors/runs.processor';

/** Every concern of the projection. A new table means a processor here and a table description. */
export const PROCESSORS: Processor[] = [datasetsProcessor, datasetFacetsProcessor, datasetVersionsProcessor, jobsProcessor, runsProcessor, lineageProcessor];

/** Pure: what one event states, row by row. */
export function eventMutations(event: LoggedEvent): Mutation[] {
  const rows = PROCESSORS.flatMap((process) => process(event));
  return rows.concat(nameWordsOf(rows));
}

/** Pure: what a batch of events states, grouped by table. */
export function processEvents(events: LoggedEvent[]): MutationsByTable {
  return groupMutations(events.flatMap(eventMutations));
}

/** processEvents, yielding to the event loop between slices (a batch of large events takes long). */
export async function processEventsInSlices(events: LoggedEvent[]): Promise<MutationsByTable> {
  const slices = new EventLoopSlices();
  const mutations: Mutation[] = [];
  for (const event of events) {
    for (const m of eventMutations(event)) mutations.push(m);
    await slices.next();
  }
  return groupMutations(mutations);
}
