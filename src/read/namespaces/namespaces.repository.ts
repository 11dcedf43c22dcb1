import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { NamespaceEntity } from '../../database/entities/namespace.entity';
import { selectColumns } from '../../database/entity-columns';
import { InjectReadDataSource } from '../../database/read-data-source';
import { namespaceHidden } from '../shared/hidden-nodes';

const FIELDS = ['name', 'firstSeenAt', 'lastSeenAt'] as const;
export type NamespaceRow = Pick<NamespaceEntity, (typeof FIELDS)[number]>;
const COLUMNS = selectColumns(NamespaceEntity, FIELDS);

/** Read queries on `namespaces`. */
@Injectable()
export class NamespacesRepository {
  constructor(@InjectReadDataSource() private readonly dataSource: DataSource) {}

  /** By name; hidden namespaces left out. */
  list(limit: number, offset: number): Promise<NamespaceRow[]> {
    return this.dataSource.query(`SELECT ${COLUMNS} FROM namespaces n WHERE NOT ${namespaceHidden('n')} ORDER BY name LIMIT $1 OFFSET $2`, [limit, offset]);
  }

  async find(name: string): Promise<NamespaceRow | null> {
    const rows = await this.dataSource.query(`SELECT ${COLUMNS} FROM namespaces WHERE name = $1`, [name]);
    return rows[0] ?? null;
  }
}
