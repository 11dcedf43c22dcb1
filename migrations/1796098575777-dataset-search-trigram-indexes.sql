-- The datasets search (`q`, a case-insensitive substring) was a sequential scan: with many
-- datasets, concurrent searches held connections for seconds. Trigram indexes serve ILIKE for a
-- `q` of three characters or more; shorter ones are bounded by the read side instead.
-- pg_trgm ships with PostgreSQL and is a trusted extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX datasets_namespace_trgm_idx ON datasets USING gin (namespace gin_trgm_ops);
CREATE INDEX datasets_name_trgm_idx ON datasets USING gin (name gin_trgm_ops);
