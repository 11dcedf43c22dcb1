// Trino-shaped run events for load, concurrency and reproject measurements: START then COMPLETE
// (or FAIL) per query id, over a small pool of tables so that many queries touch the same rows.
// CommonJS so that both the jest tests and the plain-Node measurement scripts can load it.
'use strict';
const { createHash } = require('node:crypto');

const NAMESPACE = 'trino://generated:8080';
const PRODUCER = 'https://github.com/trinodb/trino/plugin/trino-openlineage';
const SCHEMA_URL = 'https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent';
const COLUMNS = ['id', 'customer_id', 'amount', 'region', 'created_at', 'status'];
const TYPES = ['bigint', 'bigint', 'decimal(12,2)', 'varchar', 'timestamp(3)', 'varchar'];

function uuid(text) {
  const h = createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-7${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const tableName = (t) => `hive.gen.t${t}`;
const dataSource = { name: 'hive.gen', uri: `${NAMESPACE}/hive.gen` };

/**
 * `count` events (count/2 queries, each a START and a COMPLETE or, one in ten, a FAIL). Event
 * times are spread so that time order differs from generation order. `seed` makes the ids
 * distinct between calls; the same arguments give the same events.
 */
function generatedTrinoEvents(count, seed = 'gen', tables = 40) {
  const queries = Math.ceil(count / 2);
  const events = [];
  for (let i = 0; i < queries; i++) {
    const queryId = `20260101_${seed}_${String(i).padStart(6, '0')}`;
    const runId = uuid(`${seed}:${i}`);
    const start = Date.UTC(2026, 0, 1) + ((i * 7919) % queries) * 2000;
    const inputs = [i % tables, (i * 3 + 1) % tables];
    const output = (i * 5 + 2) % tables;
    // Every 500 queries the output schemas gain a column: new versions over time.
    const width = 4 + (Math.floor(i / 500) % 3);
    const sql = `INSERT INTO ${tableName(output)} SELECT ... FROM ${inputs.map(tableName).join(' JOIN ')}`;
    const job = {
      namespace: NAMESPACE,
      name: queryId,
      facets: {
        jobType: { processingType: 'BATCH', integration: 'TRINO', jobType: 'QUERY' },
        sql: { query: sql, dialect: 'trino' },
      },
    };
    const run = (facets) => ({ runId, facets: { trino_metadata: { query_id: queryId }, ...facets } });
    events.push({ eventTime: new Date(start).toISOString(), eventType: 'START', producer: PRODUCER, schemaURL: SCHEMA_URL, run: run({}), job });
    const end = new Date(start + 1000 + (i % 3) * 300).toISOString();
    if (i % 10 === 9) {
      events.push({
        eventTime: end, eventType: 'FAIL', producer: PRODUCER, schemaURL: SCHEMA_URL,
        run: run({ errorMessage: { message: `Query ${queryId} failed: division by zero`, programmingLanguage: 'JAVA' } }), job,
      });
      continue;
    }
    const inputFields = (t) => COLUMNS.slice(0, 2 + (t % 3)).map((name) => ({ name }));
    const fields = COLUMNS.slice(0, width).map((name, c) => ({ name, type: TYPES[c] }));
    const columnLineage = {
      fields: Object.fromEntries(
        fields.map((f, c) => [
          f.name,
          { inputFields: [{ namespace: NAMESPACE, name: tableName(inputs[c % 2]), field: COLUMNS[c % 2], transformations: [{ type: 'DIRECT', subtype: c === 0 ? 'IDENTITY' : 'TRANSFORMATION', masking: false }] }] },
        ]),
      ),
      dataset: [{ namespace: NAMESPACE, name: tableName(inputs[1]), field: 'id', transformations: [{ type: 'INDIRECT', subtype: 'JOIN' }] }],
    };
    const outputFacets = { dataSource, schema: { fields }, columnLineage };
    if (i % 50 === 0) outputFacets.tags = { tags: [{ key: 'tier', value: `t${i % 3}`, source: 'USER' }, { key: 'pii', value: 'true', field: 'customer_id' }] };
    events.push({
      eventTime: end, eventType: 'COMPLETE', producer: PRODUCER, schemaURL: SCHEMA_URL,
      run: run({ nominalTime: { nominalStartTime: new Date(start).toISOString(), nominalEndTime: end } }),
      job,
      inputs: inputs.map((t) => ({ namespace: NAMESPACE, name: tableName(t), facets: { dataSource, schema: { fields: inputFields(t) } } })),
      outputs: [{ namespace: NAMESPACE, name: tableName(output), facets: outputFacets }],
    });
  }
  return events.slice(0, count);
}

module.exports = { generatedTrinoEvents };
