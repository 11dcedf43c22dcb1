/**
 * The read side's one rule for deleted nodes (ADR 0027): a dataset, job or namespace is hidden
 * while a deletion in `node_deletions` names it (or its namespace) and no event newer than the
 * deletion's `hidden_through` has named it since (its last_seen_at, an event time). Lists, search
 * and the lineage walks leave hidden nodes out; a node asked for by name is still found.
 *
 * Each fragment first asks whether any deletion exists at all (an init plan, evaluated once per
 * statement), so a store where nothing was deleted pays nothing per row.
 */
const ANY_DELETION = `(SELECT EXISTS (SELECT 1 FROM node_deletions))`;

const deletedBy = (kind: 'dataset' | 'job', row: string) =>
  `EXISTS (SELECT 1 FROM node_deletions x
            WHERE x.namespace = ${row}.namespace
              AND (x.kind = 'namespace' OR (x.kind = '${kind}' AND x.name = ${row}.name))
              AND x.hidden_through >= ${row}.last_seen_at)`;

/** SQL condition: the `datasets` row `row` (an alias) is hidden. */
export const datasetHidden = (row: string) => `(${ANY_DELETION} AND ${deletedBy('dataset', row)})`;

/** SQL condition: the `jobs` row `row` (an alias) is hidden. */
export const jobHidden = (row: string) => `(${ANY_DELETION} AND ${deletedBy('job', row)})`;

/** SQL condition: the `namespaces` row `row` (an alias) is hidden. */
export const namespaceHidden = (row: string) =>
  `(${ANY_DELETION} AND EXISTS (SELECT 1 FROM node_deletions x
                                 WHERE x.namespace = ${row}.name AND x.kind = 'namespace' AND x.hidden_through >= ${row}.last_seen_at))`;

/** SQL condition: the dataset whose id is `id` (an SQL expression) is hidden. */
export const datasetIdHidden = (id: string) =>
  `(${ANY_DELETION} AND EXISTS (SELECT 1 FROM datasets hd WHERE hd.id = ${id} AND ${deletedBy('dataset', 'hd')}))`;

/** SQL condition: the job whose id is `id` (an SQL expression) is hidden. */
export const jobIdHidden = (id: string) => `(${ANY_DELETION} AND EXISTS (SELECT 1 FROM jobs hj WHERE hj.id = ${id} AND ${deletedBy('job', 'hj')}))`;
