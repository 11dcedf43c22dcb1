import { stopTestRun } from './global-setup.mjs';

export default async function globalTeardown() {
  const state = globalThis.__TEST_RUN__;
  if (state) await stopTestRun(state);
}
