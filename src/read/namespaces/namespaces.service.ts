import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../core/errors/domain-errors';
import { NamespaceRow, NamespacesRepository } from './namespaces.repository';

@Injectable()
export class NamespacesService {
  constructor(private readonly namespaces: NamespacesRepository) {}

  list(limit: number, offset: number): Promise<NamespaceRow[]> {
    return this.namespaces.list(limit, offset);
  }

  async get(name: string): Promise<NamespaceRow> {
    const row = await this.namespaces.find(name);
    if (!row) throw new NotFoundError('NAMESPACE_NOT_FOUND', `namespace '${name}' not found`);
    return row;
  }
}
