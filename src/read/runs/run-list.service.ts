import { Injectable } from '@nestjs/common';
import { MAX_OFFSET } from '../shared/page-query';
import { RunView } from '../shared/views';
import { RunListFilter, RunListRepository } from './run-list.repository';
import { RunsService } from './runs.service';

/** The run list across jobs: "what failed in the last hour". */
@Injectable()
export class RunListService {
  constructor(
    private readonly list: RunListRepository,
    private readonly runs: RunsService,
  ) {}

  async page(filter: RunListFilter, limit: number, offset: number): Promise<{ runs: RunView[]; totalCount: number }> {
    const [ids, totalCount] = await Promise.all([this.list.ids(filter, limit, offset), this.list.count(filter, MAX_OFFSET)]);
    return { runs: await this.runs.views(ids), totalCount };
  }
}
