import { InjectDataSource } from '@nestjs/typeorm';

/**
 * The data source of every read query (the read API and the log's read queries). Reads inject
 * it through this one decorator so that pointing them at a pool of their own is a change here.
 */
export const InjectReadDataSource = (): ParameterDecorator => InjectDataSource();
