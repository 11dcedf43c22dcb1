import { RunEntity } from '../../src/database/entities/run.entity';
import { TERMINAL_STATES } from '../../src/openlineage/run-state';
import { runMention } from '../../src/projection/processors/rows';
import { PROJECTION_TABLES, RowOf, TABLES } from '../../src/projection/tables';
import { runsTable } from '../../src/projection/tables/runs.tables';
import { fixed, ProjectionTable, ranked } from '../../src/projection/tables/table';
import { shuffled } from '../support/model-snapshot';

const JOB = '00000000-0000-5000-8000-000000000001';
const RUN = '0195f8b0-0000-7000-8000-0000000000a1';
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));

/** A run row as one event states it. */
function runEvent(minute: number, eventId: string, state: RowOf<'runs'>['state'], extra: Partial<RowOf<'runs'>> = {}): RowOf<'runs'> {
  const stamp = { at: at(minute), eventId };
  return {
    ...runMention(RUN, JOB, stamp),
    ...(state ? { state, stateAt: stamp.at, stateEventId: eventId, endedAt: TERMINAL_STATES.has(state) ? stamp.at : null } : {}),
    startedAt: state === 'START' ? stamp.at : null,
    ...extra,
  };
}

describe('projection tables', () => {
  it('give every column of every projection table exactly one rule', () => {
    expect(PROJECTION_TABLES).toHaveLength(23);
    for (const name of PROJECTION_TABLES) expect(TABLES[name].name).toBe(name);
    expect(() => new ProjectionTable(RunEntity, { key: ['id'], rules: [fixed('jobId')] })).toThrow(/without one: state, /);
    expect(
      () => new ProjectionTable(RunEntity, { key: ['id'], rules: [...runsTable['rules'], ranked(['jobId'], { keep: 'greatest' })] } as never),
    ).toThrow(/exactly one rule/);
  });

  it('keep a terminal state over a later START, RUNNING or OTHER, and the latest of two terminal states', () => {
    const rows = [
      runEvent(1, '1', 'START'),
      runEvent(5, '5', 'COMPLETE'),
      runEvent(9, '9', 'RUNNING'),
      runEvent(7, '7', 'OTHER'),
      runEvent(3, '3', null), // a mention as a parent: no state
    ];
    for (let seed = 1; seed <= 20; seed++) {
      const [run] = runsTable.coalesce(shuffled(rows, seed).map((r) => ({ ...r })));
      expect([run.state, run.stateAt, run.endedAt, run.startedAt, run.firstSeenAt, run.lastSeenAt]).toEqual(['COMPLETE', at(5), at(5), at(1), at(1), at(9)]);
    }
    const [failedLater] = runsTable.coalesce([runEvent(5, '5', 'COMPLETE'), runEvent(6, '6', 'FAIL')]);
    expect(failedLater.state).toBe('FAIL');
  });

  it('keep each derived group from the latest event that stated it, whatever else later events say', () => {
    const nominal = (minute: number) => ({ nominalStartTime: at(minute), nominalEndTime: null, nominalTimeAt: at(minute), nominalTimeEventId: String(minute) });
    const error = { errorMessage: 'boom', errorMessageAt: at(8), errorMessageEventId: '8' };
    const rows = [runEvent(2, '2', 'START', nominal(2)), runEvent(8, '8', 'FAIL', error), runEvent(4, '4', 'RUNNING', nominal(4)), runEvent(9, '9', null)];
    for (let seed = 1; seed <= 20; seed++) {
      const [run] = runsTable.coalesce(shuffled(rows, seed).map((r) => ({ ...r })));
      expect([run.nominalStartTime, run.errorMessage, run.state]).toEqual([at(4), 'boom', 'FAIL']);
    }
  });

  it('order equal times by event id as a number, not as text', () => {
    const [byId] = runsTable.coalesce([runEvent(5, '10', 'COMPLETE', { jobVersionId: 'a' }), runEvent(5, '9', 'COMPLETE', { jobVersionId: 'b' })]);
    expect(byId.jobVersionId).toBe('a');
  });

  it('write one upsert per table that ranks state with the one terminal set and leaves unchanged rows alone', () => {
    const statement = runsTable.upsert([runEvent(1, '1', 'START')])!;
    expect(statement.sql).toMatch(/^INSERT INTO runs AS x \(id, job_id, state, .*\)\s+SELECT .* FROM \(SELECT c0 AS id/s);
    expect(statement.sql).toContain(`IN (${[...TERMINAL_STATES].map((s) => `'${s}'`).join(', ')})`);
    expect(statement.sql).toMatch(/ON CONFLICT \(id\) DO UPDATE SET .* WHERE /s);
    expect(TABLES.event_datasets.upsert([{ eventId: '1', datasetId: JOB, role: 'input' }])!.sql).toMatch(/ON CONFLICT \(event_id, dataset_id, role\) DO NOTHING$/);
    expect(runsTable.upsert([])).toBeNull();
  });

  it('send one row per key, however its uuid is written', () => {
    const upper = { ...runEvent(2, '2', 'COMPLETE'), id: RUN.toUpperCase() };
    expect(runsTable.coalesce([runEvent(1, '1', 'START'), upper])).toHaveLength(1);
  });
});
