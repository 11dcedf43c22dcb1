// Runs after every test file (jest setupFilesAfterEnv): whatever a failing test left running
// stops: load loops first, then the processes it started; then the file's query() connections close.
import { stopAllChildren } from './child-processes';
import { closeQueryConnections } from './database';
import { stopAllLoads } from './load';

afterAll(async () => {
  await stopAllLoads();
  await stopAllChildren();
  await closeQueryConnections();
});
