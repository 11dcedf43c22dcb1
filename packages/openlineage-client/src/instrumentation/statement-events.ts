import type { RunEvent } from '../generated/spec-types';
import { EventBuilder, type OutputDatasetInput, type RunEventType } from '../events/event-builder';
import type { SqlLineage } from '../sql';
import { parentFacet, type RunContext } from './run-context';

/** One execution of a statement, as its START and COMPLETE/FAIL events describe it. */
export interface StatementRun {
  runId: string;
  jobNamespace: string;
  jobName: string;
  sql: string;
  lineage: SqlLineage;
  parent?: RunContext;
}

/** The run events of statement executions: the SQL job facet, datasets and their column lineage. */
export class StatementEvents {
  private readonly builder: EventBuilder;

  constructor(producer?: string) {
    this.builder = new EventBuilder({ producer });
  }

  start(run: StatementRun, at: Date): RunEvent {
    return this.event('START', run, at);
  }

  complete(run: StatementRun, at: Date): RunEvent {
    return this.event('COMPLETE', run, at);
  }

  fail(run: StatementRun, at: Date, error: unknown): RunEvent {
    const failure = error instanceof Error ? error : new Error(String(error));
    return this.event('FAIL', run, at, {
      message: failure.message,
      programmingLanguage: 'JavaScript',
      ...(failure.stack ? { stackTrace: failure.stack } : {}),
    });
  }

  private event(
    eventType: RunEventType,
    run: StatementRun,
    at: Date,
    errorMessage?: { message: string; programmingLanguage: string; stackTrace?: string },
  ): RunEvent {
    return this.builder.runEvent({
      eventType,
      eventTime: at,
      run: {
        runId: run.runId,
        facets: {
          ...(run.parent ? { parent: parentFacet(run.parent) } : {}),
          ...(errorMessage ? { errorMessage } : {}),
        },
      },
      job: {
        namespace: run.jobNamespace,
        name: run.jobName,
        facets: {
          sql: { query: run.sql, dialect: 'postgres' },
          jobType: { processingType: 'BATCH', integration: 'NODE_POSTGRES', jobType: 'QUERY' },
        },
      },
      inputs: run.lineage.inputs.map(({ namespace, name }) => ({ namespace, name })),
      outputs: run.lineage.outputs.map(
        ({ namespace, name, facets }): OutputDatasetInput => ({
          namespace,
          name,
          ...(facets ? { facets: { columnLineage: facets.columnLineage } } : {}),
        }),
      ),
    });
  }
}
