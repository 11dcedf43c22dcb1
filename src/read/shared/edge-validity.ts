/**
 * When an edge counts, as SQL conditions on an edge row aliased `e`, now ($asOf null) or as of a
 * time: the one rule per edge table that every read showing lineage applies (the graph walks, the
 * column graph, a dataset's column lineage, its dataset-level dependencies).
 */

/**
 * Whether a table edge `e` counts at time $asOf (null: now). An edge counts from the first event
 * that named it, and ends when its job's next run starts without it: a run of the job that began
 * after the edge was last seen and not after $asOf. (Runs found by `runs_job_idx`.)
 */
export const TABLE_EDGE_VALID = (asOf: string) => `
  e.first_seen_at <= coalesce((${asOf})::timestamptz, 'infinity')
  AND NOT EXISTS (SELECT 1 FROM runs r
                   WHERE r.job_id = e.job_id AND r.first_seen_at > e.last_seen_at
                     AND r.first_seen_at <= coalesce((${asOf})::timestamptz, 'infinity'))`;

/**
 * The same rule for a column edge: it ends when its output field's column lineage is stated again
 * without it. Now, that is when it is not part of the field's head (latest) statement. As of a
 * time, when a later statement is known to precede it: the head's, or one seen through a sibling
 * edge of the same output field that was seen after this one.
 */
export const COLUMN_EDGE_VALID = (asOf: string) => `
  CASE WHEN (${asOf})::timestamptz IS NULL THEN
    EXISTS (SELECT 1 FROM column_lineage_heads h
             WHERE h.dataset_id = e.output_dataset_id AND h.field = e.output_field
               AND h.event_time = e.last_seen_at AND h.event_id = e.last_event_id)
  ELSE
    e.first_seen_at <= (${asOf})::timestamptz
    AND NOT EXISTS (SELECT 1 FROM column_lineage_heads h
                     WHERE h.dataset_id = e.output_dataset_id AND h.field = e.output_field
                       AND (h.event_time, h.event_id) > (e.last_seen_at, e.last_event_id)
                       AND h.event_time <= (${asOf})::timestamptz)
    AND NOT EXISTS (SELECT 1 FROM column_lineage_edges o
                     WHERE o.output_dataset_id = e.output_dataset_id AND o.output_field = e.output_field
                       AND o.last_seen_at > e.last_seen_at
                       AND CASE WHEN o.first_seen_at > e.last_seen_at THEN o.first_seen_at ELSE o.last_seen_at END
                           <= (${asOf})::timestamptz)
  END`;

/**
 * Whether an explicit lineage edge `e` (the `lineage` facet) counts at time $asOf (null: now). It
 * counts from the first event that stated it. A declared edge ends at its declarer's next
 * declaration without it (lineage_declarations keeps every declaration, so also as of a past time);
 * an observed edge ends as a run's inputs do, when its job's next run starts without it.
 */
export const EXPLICIT_EDGE_VALID = (asOf: string) => `
  e.first_seen_at <= coalesce((${asOf})::timestamptz, 'infinity')
  AND CASE e.source
    WHEN 'declared' THEN NOT EXISTS (SELECT 1 FROM lineage_declarations l
                                      WHERE l.declarer_id = e.declarer_id
                                        AND (l.event_time, l.event_id) > (e.last_seen_at, e.last_event_id)
                                        AND l.event_time <= coalesce((${asOf})::timestamptz, 'infinity'))
    ELSE NOT EXISTS (SELECT 1 FROM runs r
                      WHERE r.job_id = e.declarer_id AND r.first_seen_at > e.last_seen_at
                        AND r.first_seen_at <= coalesce((${asOf})::timestamptz, 'infinity'))
  END`;
