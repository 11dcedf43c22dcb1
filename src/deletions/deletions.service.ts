import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../core/errors/domain-errors';
import { NodeDeletionsRepository, Requester } from './node-deletions.repository';

/**
 * Deletion as Marquez's UI asks for it (ADR 0027): a dataset, a job or a namespace is hidden from
 * lists, search and the lineage graph until a newer event names it again. The log keeps every
 * event; the deletion is an operator action of its own, which `reproject` leaves alone.
 */
@Injectable()
export class DeletionsService {
  constructor(private readonly deletions: NodeDeletionsRepository) {}

  async deleteDataset(namespace: string, name: string, by: Requester): Promise<void> {
    if (!(await this.deletions.deleteNode('dataset', namespace, name, by))) {
      throw new NotFoundError('DATASET_NOT_FOUND', `no dataset ${name} in namespace ${namespace}`);
    }
  }

  async deleteJob(namespace: string, name: string, by: Requester): Promise<void> {
    if (!(await this.deletions.deleteNode('job', namespace, name, by))) {
      throw new NotFoundError('JOB_NOT_FOUND', `no job ${name} in namespace ${namespace}`);
    }
  }

  async deleteNamespace(namespace: string, by: Requester): Promise<void> {
    if (!(await this.deletions.deleteNamespace(namespace, by))) throw new NotFoundError('NAMESPACE_NOT_FOUND', `no namespace ${namespace}`);
  }
}
