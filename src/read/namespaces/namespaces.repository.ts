import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { InjectReadDataSource } from '../../database/read-data-source';

export interface NamespaceRow {
  name: string;
  firstSeenAt: Date;
  lastSeenAt: Date;
}

const COLUMNS = `name, first_seen_at AS "firstSeenAt", last_seen_at AS "lastSeenAt"`;

/** Read queries on `namespaces`. */
@Injectable()
export class NamespacesRepository {
  constructor(@InjectReadDataSource() private readonly dataSource: DataSource) {}

  list(limit: number, offset: number): Promise<NamespaceRow[]> {
    return this.dataSource.query(`SELECT ${COLUMNS} FROM namespaces ORDER BY name LIMIT $1 OFFSET $2`, [limit, offset]);
  }

  async find(name: string): Promise<NamespaceRow | null> {
    const rows = await this.dataSource.query(`SELECT ${COLUMNS} FROM namespaces WHERE name = $1`, [name]);
    return rows[0] ?? null;
  }
}
