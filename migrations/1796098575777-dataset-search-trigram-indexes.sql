-- The datasets search (`q`, a case-insensitive substring of the namespace or the name) must not
-- scan the table: the lineage model indexes names by trigram; this indexes namespaces the same
-- way. A `q` shorter than a trigram is bounded by the read side instead.
CREATE INDEX datasets_namespace_trgm_idx ON datasets USING gin (namespace gin_trgm_ops);
