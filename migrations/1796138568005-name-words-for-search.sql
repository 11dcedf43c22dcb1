-- Search by a common word ("orders" among a million datasets) must not build a bitmap of every
-- name that contains it: the trigram index returns matches in no order, so the first page by name
-- costs as much as all the matches. `name_words` holds each name's words (runs of letters and
-- digits, lower-cased), ordered by (word, lower-cased name): the first page of names in which a
-- word stands whole is one ordered index range. See docs/adr/0011-search-by-word.md.
--
-- A btree entry holds at most 2,704 bytes: a word is kept to its first 64 characters, and a word
-- whose entry (word, namespace and lower-cased name) would pass 2,600 bytes is not indexed (ingest
-- bounds namespace and name at 2,400 bytes, so only lower-casing that lengthens a name can).
--
-- A name never changes, so its words are written once, when its row is inserted, by the database
-- (the trigger below: its transition table holds the rows an INSERT ... ON CONFLICT inserted, not
-- those it updated), not by the projection: the words are an index of the name, like
-- datasets_name_trgm_idx, and no event can change them.

CREATE FUNCTION name_words(name text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT DISTINCT left(w, 64) FROM regexp_split_to_table(lower(name), '[^[:alnum:]]+') AS w WHERE w <> '' $$;

CREATE TABLE name_words (
  kind       text NOT NULL CONSTRAINT name_words_kind_check CHECK (kind IN ('dataset', 'job')),
  word       text COLLATE "C" NOT NULL,
  lower_name text COLLATE "C" NOT NULL,
  namespace  text COLLATE "C" NOT NULL,
  id         uuid NOT NULL,
  CONSTRAINT name_words_pkey PRIMARY KEY (kind, word, lower_name, namespace, id)
);

CREATE FUNCTION name_words_of_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO name_words (kind, word, lower_name, namespace, id)
  SELECT TG_ARGV[0], w, lower(i.name), i.namespace, i.id FROM inserted i CROSS JOIN LATERAL name_words(i.name) AS w
   WHERE octet_length(w) + octet_length(i.namespace) + octet_length(lower(i.name)) <= 2600;
  RETURN NULL;
END $$;

CREATE TRIGGER datasets_name_words AFTER INSERT ON datasets
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION name_words_of_inserted('dataset');
CREATE TRIGGER jobs_name_words AFTER INSERT ON jobs
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION name_words_of_inserted('job');

INSERT INTO name_words (kind, word, lower_name, namespace, id)
SELECT 'dataset', w, lower(d.name), d.namespace, d.id FROM datasets d CROSS JOIN LATERAL name_words(d.name) AS w
 WHERE octet_length(w) + octet_length(d.namespace) + octet_length(lower(d.name)) <= 2600;
INSERT INTO name_words (kind, word, lower_name, namespace, id)
SELECT 'job', w, lower(j.name), j.namespace, j.id FROM jobs j CROSS JOIN LATERAL name_words(j.name) AS w
 WHERE octet_length(w) + octet_length(j.namespace) + octet_length(lower(j.name)) <= 2600;
