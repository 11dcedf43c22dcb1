// Runs after every test file (jest setupFilesAfterEnv): whatever a failing test left running
// stops: load loops first, then the processes it started.
import { stopAllChildren } from './child-processes';
import { stopAllLoads } from './load';

afterAll(async () => {
  await stopAllLoads();
  await stopAllChildren();
});
