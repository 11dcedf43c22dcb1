import { createDataSource } from '../../src/database/data-source';
import { createDatabase } from '../support/database';

describe('TypeORM entities', () => {
  it('match the migrated schema exactly: the schema diff wants no statement', async () => {
    const dataSource = createDataSource({ url: await createDatabase('entities'), poolSize: 2, connectTimeoutMs: 5000 });
    await dataSource.initialize();
    try {
      await dataSource.runMigrations();
      const diff = await dataSource.driver.createSchemaBuilder().log();
      expect(diff.upQueries.map((q) => q.query)).toEqual([]);
    } finally {
      await dataSource.destroy();
    }
  });
});
