import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Where an import from another store got to (import-marquez); it resumes there. */
@Entity({ name: 'import_checkpoints' })
export class ImportCheckpointEntity {
  /** The source, without credentials: `marquez:host:port/database`. */
  @PrimaryColumn({ type: 'text' })
  source!: string;

  @Column({ type: 'jsonb' })
  position!: unknown;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
