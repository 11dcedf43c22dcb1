import { jobName, statementShape, withRunContext, currentRunContext } from '../../../src/instrumentation';
import type { SqlLineage } from '../../../src/sql';

const lineage = (outputs: string[], inputs: string[]): SqlLineage => ({
  inputs: inputs.map((name) => ({ namespace: 'postgres://db:5432', name })),
  outputs: outputs.map((name) => ({ namespace: 'postgres://db:5432', name })),
  warnings: [],
});

describe('job names: one per statement shape', () => {
  test('literals, numbers, comments, spacing and keyword case do not change the shape', () => {
    expect(statementShape("select * FROM t  WHERE a = 'x' AND b > 10 -- note\n")).toBe(
      statementShape("SELECT *\n  from t where a='y' and b>2 /* other */"),
    );
  });

  test('quoted identifiers keep their case; different tables or columns make different shapes', () => {
    expect(statementShape('SELECT "Id" FROM t')).toBe('select "Id" from t');
    expect(statementShape('SELECT a FROM t')).not.toBe(statementShape('SELECT b FROM t'));
  });

  test('the name says the operation and the table, then a hash of the shape', () => {
    const sql = 'INSERT INTO public.copy (id) SELECT id FROM public.orders WHERE id > 5';
    const name = jobName(sql, lineage(['shop.public.copy'], ['shop.public.orders']));
    expect(name).toMatch(/^insert\.shop\.public\.copy\.[0-9a-f]{10}$/);
    expect(jobName(sql.replace('5', '7'), lineage(['shop.public.copy'], ['shop.public.orders']))).toBe(name);
    expect(jobName('CREATE TABLE x AS SELECT 1 AS a FROM t', lineage(['shop.public.x'], ['shop.public.t']), 'app.')).toMatch(
      /^app\.create_table\.shop\.public\.x\.[0-9a-f]{10}$/,
    );
    expect(jobName('SELECT a FROM t', lineage([], ['shop.public.t']))).toMatch(/^select\.shop\.public\.t\./);
  });
});

describe('run context', () => {
  test('is the caller-supplied parent inside the callback, across awaits, and absent outside', async () => {
    const parent = { runId: '0190c5d2-0000-7000-8000-000000000001', job: { namespace: 'airflow', name: 'dag.task' } };
    expect(currentRunContext()).toBeUndefined();
    const seen = await withRunContext(parent, async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return currentRunContext();
    });
    expect(seen).toBe(parent);
    expect(currentRunContext()).toBeUndefined();
  });
});
