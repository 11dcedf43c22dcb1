import { InjectDataSource } from '@nestjs/typeorm';
import { READ_DATABASE } from './database.module';

/**
 * The data source of every read query (the read API and the log's read queries): the read pool
 * (READ_DATABASE), with its own connections, statement timeout and wait timeout.
 */
export const InjectReadDataSource = (): ParameterDecorator => InjectDataSource(READ_DATABASE);
