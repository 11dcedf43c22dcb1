import { EventLoopSlices } from '../core/event-loop-slices';
import { LoggedEvent } from '../log/logged-event';
import { groupMutations, Mutation, MutationsByTable } from './mutations';
import { datasetFacetsProcessor } from './processors/dataset-facets.processor';
import { datasetVersionsProcessor } from './processors/dataset-versions.processor';
import { datasetsProcessor } from './processors/datasets.processor';
import { explicitLineageProcessor } from './processors/explicit-lineage.processor';
import { jobsProcessor } from './processors/jobs.processor';
import { lineageProcessor } from './processors/lineage.processor';
import { nameWordsOf } from './processors/name-words.processor';
import { Processor } from './processors/processor';
import { qualityProcessor } from './processors/quality.processor';
import { runsProcessor } from './processors/runs.processor';

/** Every concern of the projection. A new table means a processor here and a table description. */
export const PROCESSORS: Processor[] = [datasetsProcessor, datasetFacetsProcessor, datasetVersionsProcessor, jobsProcessor, runsProcessor, lineageProcessor, explicitLineageProcessor, qualityProcessor];

/** Pure: what one event states, row by row; `named`: the dataset and job ids whose name words the batch already states. */
export function eventMutations(event: LoggedEvent, named = new Set<string>()): Mutation[] {
  const rows = PROCESSORS.flatMap((process) => process(event));
  return rows.concat(nameWordsOf(rows, named));
}

/** Pure: what a batch of events states, grouped by table. */
export function processEvents(events: LoggedEvent[]): MutationsByTable {
  const named = new Set<string>();
  return groupMutations(events.flatMap((event) => eventMutations(event, named)));
}

/** processEvents, yielding to the event loop between slices (a batch of large events takes long). */
export async function processEventsInSlices(events: LoggedEvent[]): Promise<MutationsByTable> {
  const slices = new EventLoopSlices();
  const named = new Set<string>();
  const mutations: Mutation[] = [];
  for (const event of events) {
    for (const m of eventMutations(event, named)) mutations.push(m);
    await slices.next();
  }
  return groupMutations(mutations);
}
