import { validateEnvelope } from '../../src/openlineage/event-envelope';
import { runEvents } from '../../src/seed/events/run-events';
import { schedule } from '../../src/seed/schedule';
import { buildWorld, TRINO_NAMESPACE } from '../../src/seed/world';

type Json = Record<string, any>;

function allEvents(datasets: number, seed: number, runs = Infinity): Json[] {
  const world = buildWorld(datasets, seed);
  return schedule(world).slice(0, runs).flatMap((run) => runEvents(world, run));
}

describe('the generated events', () => {
  const events = allEvents(3000, 1);

  it('name exactly the requested number of distinct datasets', () => {
    const names = new Set(events.flatMap((e) => [...(e.inputs ?? []), ...(e.outputs ?? [])].map((d: Json) => `${d.namespace} ${d.name}`)));
    expect(names.size).toBe(3000);
  });

  it('are the same for the same seed and differ for another', () => {
    expect(allEvents(3000, 1, 150)).toEqual(events.slice(0, 300));
    expect(JSON.stringify(allEvents(3000, 2, 150))).not.toEqual(JSON.stringify(events.slice(0, 300)));
  });

  it('all pass the store\'s envelope validation', () => {
    for (const event of events) expect(validateEnvelope(event)).toMatchObject({ ok: true });
  });

  it('come as START then COMPLETE or FAIL per run id, in time order of the runs', () => {
    const byRun = new Map<string, Json[]>();
    for (const e of events) byRun.set(e.run.runId, [...(byRun.get(e.run.runId) ?? []), e]);
    expect(byRun.size).toBe(events.length / 2);
    for (const [, pair] of byRun) {
      expect(pair.map((e) => e.eventType)[0]).toBe('START');
      expect(['COMPLETE', 'FAIL']).toContain(pair[1].eventType);
      expect(pair[1].eventTime >= pair[0].eventTime).toBe(true);
    }
    const failed = events.filter((e) => e.eventType === 'FAIL');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((e) => e.run.facets.errorMessage.message)).toBe(true);
  });

  it('give Trino jobs many runs, CTAS first and INSERT after', () => {
    const trino = events.filter((e) => e.job.namespace === TRINO_NAMESPACE && e.eventType !== 'START');
    const runsPerJob = new Map<string, Json[]>();
    for (const e of trino) runsPerJob.set(e.job.name, [...(runsPerJob.get(e.job.name) ?? []), e]);
    const counts = [...runsPerJob.values()].map((runs) => runs.length).sort((a, b) => a - b);
    expect(counts[0]).toBeGreaterThanOrEqual(2);
    expect(counts[Math.floor(counts.length / 2)]).toBeGreaterThanOrEqual(3);
    expect(counts[counts.length - 1]).toBeGreaterThanOrEqual(30);
    for (const runs of runsPerJob.values()) {
      expect(runs[0].job.facets.sql.query).toMatch(/^CREATE TABLE /);
      expect(runs[runs.length - 1].job.facets.sql.query).toMatch(/^INSERT INTO /);
    }
  });

  it('shape Trino events like Trino: START without datasets, name-only input schemas, typed outputs with 1-2-0 column lineage', () => {
    const start = events.find((e) => e.job.namespace === TRINO_NAMESPACE && e.eventType === 'START')!;
    expect(start.inputs).toBeUndefined();
    expect(start.run.facets.trino_query_context.query_type).toBe('INSERT');
    const complete = events.find((e) => e.job.namespace === TRINO_NAMESPACE && e.eventType === 'COMPLETE' && e.inputs.length > 1)!;
    for (const input of complete.inputs) for (const field of input.facets.schema.fields) expect(Object.keys(field)).toEqual(['name']);
    const [output] = complete.outputs;
    expect(output.facets.schema.fields.every((f: Json) => typeof f.type === 'string')).toBe(true);
    const lineage = output.facets.columnLineage;
    expect(lineage._schemaURL).toContain('1-2-0/ColumnLineageDatasetFacet.json');
    expect(Object.keys(lineage.fields).sort()).toEqual(output.facets.schema.fields.map((f: Json) => f.name).sort());
    const transformations = Object.values(lineage.fields).flatMap((f: any) => f.inputFields.flatMap((i: Json) => i.transformations));
    expect(transformations[0]).toEqual({ type: 'DIRECT', subtype: expect.any(String), description: expect.any(String), masking: expect.any(Boolean) });
    expect(lineage.dataset.every((d: Json) => d.transformations[0].type === 'INDIRECT')).toBe(true);
    // Every input column the lineage names is one the input's schema lists.
    const readColumns = new Set(complete.inputs.flatMap((i: Json) => i.facets.schema.fields.map((f: Json) => `${i.name}.${f.name}`)));
    for (const field of Object.values(lineage.fields) as Json[]) for (const i of field.inputFields) expect(readColumns).toContain(`${i.name}.${i.field}`);
  });

  it('include Spark on S3 and dbt, with their own namespaces and parent runs', () => {
    const spark = events.find((e) => e.job.namespace === 'spark-prod' && e.eventType === 'COMPLETE')!;
    expect(spark.outputs[0].namespace).toMatch(/^s3:\/\//);
    expect(spark.run.facets.parent.job.name).toBe(spark.job.name.split('.')[0]);
    const dbt = events.filter((e) => e.job.namespace === 'dbt-prod');
    expect(dbt.length).toBeGreaterThan(0);
    const sameDay = dbt.filter((e) => e.eventTime.slice(0, 10) === dbt[0].eventTime.slice(0, 10));
    expect(new Set(sameDay.map((e) => e.run.facets.parent.run.runId)).size).toBe(1);
  });

  it('change a table\'s schema in the later runs of some jobs', () => {
    const widths = new Map<string, Set<number>>();
    for (const e of events) {
      for (const o of e.outputs ?? []) {
        if (!o.facets.schema) continue;
        widths.set(o.name, (widths.get(o.name) ?? new Set()).add(o.facets.schema.fields.length));
      }
    }
    expect([...widths.values()].filter((w) => w.size > 1).length).toBeGreaterThan(0);
  });
});
