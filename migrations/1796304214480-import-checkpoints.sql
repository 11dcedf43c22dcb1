-- Where an import from another store (`metadata-store import-marquez`) got to, so that a run
-- interrupted resumes there. Not a projection of the log: `reproject` leaves it alone.

CREATE TABLE import_checkpoints (
  source      text        PRIMARY KEY,
  position    jsonb       NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
