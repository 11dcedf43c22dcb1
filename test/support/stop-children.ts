// Runs after every test file (jest setupFilesAfterEnv): whatever a failing test left running stops.
import { stopAllChildren } from './child-processes';

afterAll(stopAllChildren);
