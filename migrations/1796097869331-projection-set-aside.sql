-- Events the projection could not apply (their data made PostgreSQL refuse the write): each stays
-- in the log, is listed here with the reason, and `reproject` tries it again.
CREATE TABLE projection_set_aside (
  event_id     bigint      PRIMARY KEY REFERENCES lineage_events (id),
  set_aside_at timestamptz NOT NULL DEFAULT now(),
  reason       text        NOT NULL
);
