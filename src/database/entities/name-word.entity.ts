import { Check, Entity, PrimaryColumn } from 'typeorm';

/**
 * A word of a dataset's or job's name, for search: written by the database when the dataset or
 * job is inserted (migrations/1796138568005-name-words-for-search.sql), never by the projection.
 */
@Entity({ name: 'name_words' })
@Check('name_words_kind_check', `kind IN ('dataset', 'job')`)
export class NameWordEntity {
  @PrimaryColumn({ type: 'text' })
  kind!: 'dataset' | 'job';

  @PrimaryColumn({ type: 'text', collation: 'C' })
  word!: string;

  @PrimaryColumn({ name: 'lower_name', type: 'text', collation: 'C' })
  lowerName!: string;

  @PrimaryColumn({ type: 'text', collation: 'C' })
  namespace!: string;

  @PrimaryColumn({ type: 'uuid' })
  id!: string;
}
