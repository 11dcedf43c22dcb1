-- The log's payloads are compressed with lz4 where the server has it (PostgreSQL 14+ built with
-- lz4: Debian's and the PGDG packages, the official images, the major clouds). A 6 KB Trino event
-- is TOAST-compressed on every append, on the path Trino waits on: pglz cost about 120 µs more
-- PostgreSQL CPU per event than lz4 (PostgreSQL 15, batches of 16; ADR 0004, addendum), for
-- 13 % more bytes stored (1,944 against 1,725 per event). Where the server was built without
-- lz4 the column keeps the default, pglz. Either way only new values change: stored rows keep the
-- method they were written with, and a server built with lz4 reads both (a dump restored onto a
-- server without lz4 needs pg_dump --no-toast-compression).
-- The ALTER changes only the catalog, but it takes an ACCESS EXCLUSIVE lock: behind a long reader
-- it would hold every append. It gives up after 5 s instead (the migration fails and can be rerun).
DO $$
BEGIN
  SET LOCAL lock_timeout = '5s';
  ALTER TABLE lineage_events ALTER COLUMN payload SET COMPRESSION lz4;
  RESET lock_timeout;
EXCEPTION WHEN feature_not_supported THEN
  RAISE NOTICE 'this PostgreSQL has no lz4: lineage_events.payload stays compressed with pglz';
END
$$;
