// The benchmark's event: a Trino CTAS COMPLETE (columnLineage, schema, dataSource, trino_* facets),
// sent compact, with a fresh runId in place of RUN_ID_PLACEHOLDER in every copy.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const EVENT_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'trino-ctas-complete.json');
export const RUN_ID_PLACEHOLDER = '00000000-0000-7000-8000-000000000000';

const template = JSON.parse(fs.readFileSync(EVENT_FILE, 'utf8'));
const [prefix, suffix] = JSON.stringify(template).split(RUN_ID_PLACEHOLDER);

/** The compact event text with `runId` in it (what wrk sends, after the same substitution). */
export const eventText = (runId = randomUUID()) => prefix + runId + suffix;
export const EVENT_BYTES = Buffer.byteLength(eventText());

/** The compact template for wrk, written where its Lua script reads it. */
export function writeCompactTemplate(file) {
  fs.writeFileSync(file, eventText(RUN_ID_PLACEHOLDER));
  return file;
}

/** The log's columns for one event, as the store fills them (for the PostgreSQL ceiling). */
export function logRow(runId = randomUUID()) {
  const text = eventText(runId);
  return {
    event_kind: 'run',
    event_type: template.eventType,
    event_time: template.eventTime,
    run_id: runId,
    job_namespace: template.job.namespace,
    job_name: template.job.name,
    producer: template.producer,
    schema_url: template.schemaURL,
    content_hash: createHash('sha256').update(text).digest(),
    payload: text,
    payload_bytes: Buffer.byteLength(text),
    source_type: 'anonymous',
    source_principal: null,
    peer_address: '127.0.0.1',
    user_agent: 'wrk/4.1.0',
  };
}
