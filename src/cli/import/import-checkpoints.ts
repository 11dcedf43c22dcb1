import { DataSource } from 'typeorm';

/** All SQL on `import_checkpoints`: where an import from another store got to, per source. */
export class ImportCheckpoints<P> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly source: string,
  ) {}

  async load(): Promise<P | null> {
    const rows: Array<{ position: P }> = await this.dataSource.query('SELECT position FROM import_checkpoints WHERE source = $1', [this.source]);
    return rows[0]?.position ?? null;
  }

  async save(position: P): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO import_checkpoints (source, position) VALUES ($1, $2::jsonb)
       ON CONFLICT (source) DO UPDATE SET position = EXCLUDED.position, updated_at = now()`,
      [this.source, JSON.stringify(position)],
    );
  }

  async clear(): Promise<void> {
    await this.dataSource.query('DELETE FROM import_checkpoints WHERE source = $1', [this.source]);
  }
}
