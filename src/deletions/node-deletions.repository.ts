import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** Who asked: no authentication by decision, so where the request came from. */
export interface Requester {
  peerAddress: string | null;
  userAgent: string | null;
}

/**
 * The writes of `node_deletions` (the read side's rule is read/shared/hidden-nodes.ts). A deletion
 * hides through the later of now and the last event time the node (or, for a namespace, anything
 * in it) was seen at: a producer whose clock runs ahead cannot leave a deleted node showing.
 */
@Injectable()
export class NodeDeletionsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Records the deletion; false when there is no such dataset or job. */
  async deleteNode(kind: 'dataset' | 'job', namespace: string, name: string, by: Requester): Promise<boolean> {
    const table = kind === 'dataset' ? 'datasets' : 'jobs';
    const rows = await this.dataSource.query(
      `INSERT INTO node_deletions (kind, namespace, name, hidden_through, peer_address, user_agent)
       SELECT $1, t.namespace, t.name, greatest(now(), t.last_seen_at), $4, $5
         FROM ${table} t WHERE t.namespace = $2 AND t.name = $3
       RETURNING id`,
      [kind, namespace, name, by.peerAddress, by.userAgent],
    );
    return rows.length > 0;
  }

  /** Records the deletion of a namespace, with every dataset and job in it; false when there is no such namespace. */
  async deleteNamespace(namespace: string, by: Requester): Promise<boolean> {
    const rows = await this.dataSource.query(
      `INSERT INTO node_deletions (kind, namespace, name, hidden_through, peer_address, user_agent)
       SELECT 'namespace', n.name,  NULL,
              greatest(now(), n.last_seen_at,
                       (SELECT max(last_seen_at) FROM datasets WHERE namespace = n.name),
                       (SELECT max(last_seen_at) FROM jobs WHERE namespace = n.name)),
              $2, $3
         FROM namespaces n WHERE n.name = $1
       RETURNING id`,
      [namespace, by.peerAddress, by.userAgent],
    );
    return rows.length > 0;
  }
}
