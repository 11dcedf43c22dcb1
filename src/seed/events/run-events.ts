import { Run } from '../schedule';
import { World } from '../world';
import { dbtEvents } from './dbt';
import { runContext } from './run-context';
import { sparkEvents } from './spark';
import { trinoEvents } from './trino';

const BUILDERS = { trino: trinoEvents, spark: sparkEvents, dbt: dbtEvents };

/** The OpenLineage events of one run, as its producer would send them (START first). */
export function runEvents(world: World, run: Run): Array<Record<string, unknown>> {
  const context = runContext(world, run);
  return BUILDERS[context.producer.kind](context);
}
