-- Deletions an operator asked for (DELETE of a dataset, a job or a namespace; ADR 0027): each
-- hides what it names from lists, search and the lineage graph until an event newer than
-- `hidden_through` names it again. An operator action, not a projection of the log: `reproject`
-- leaves this table alone, so the hiding survives it.

CREATE TABLE node_deletions (
  id             bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind           text        NOT NULL CONSTRAINT node_deletions_kind_check CHECK (kind IN ('dataset', 'job', 'namespace')),
  namespace      text        NOT NULL,
  -- null for a namespace
  name           text,
  -- what is hidden: what no event later than this names again
  hidden_through timestamptz NOT NULL,
  requested_at   timestamptz NOT NULL DEFAULT now(),
  peer_address   text,
  user_agent     text,
  CONSTRAINT node_deletions_name_check CHECK ((kind = 'namespace') = (name IS NULL))
);

CREATE INDEX node_deletions_node_idx ON node_deletions (namespace, kind, name, hidden_through);
