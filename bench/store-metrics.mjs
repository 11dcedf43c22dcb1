// The store's own group-commit counters, read from its /metrics.

/**
 * Since the store started: commits (the statement-time histogram's count) and the seconds their
 * statements took; transactions and the events they held (the events-per-commit histogram).
 */
export async function ingestCommitMetrics(storeUrl) {
  const text = await (await fetch(`${storeUrl}/metrics`)).text();
  const read = (name) => Number(new RegExp(`^metadata_store_ingest_${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  return { commits: read('commit_seconds_count'), statementSeconds: read('commit_seconds_sum'), batches: read('batch_events_count'), events: read('batch_events_sum') };
}
