/** The run event types OpenLineage defines; a run's state is the type of the event that set it. */
export const RUN_STATES = ['START', 'RUNNING', 'COMPLETE', 'ABORT', 'FAIL', 'OTHER'] as const;
export type RunState = (typeof RUN_STATES)[number];

/** The states that end a run: one of them beats any other state, whatever the times. */
export const TERMINAL_STATES: ReadonlySet<string> = new Set<RunState>(['COMPLETE', 'FAIL', 'ABORT']);

export function isRunState(value: unknown): value is RunState {
  return typeof value === 'string' && (RUN_STATES as readonly string[]).includes(value);
}

export function isTerminalState(state: string | null | undefined): boolean {
  return state !== null && state !== undefined && TERMINAL_STATES.has(state);
}
