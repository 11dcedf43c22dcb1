export { instrumentPg, type InstrumentPgOptions, type LineageEmitter, type PgInstrumentation } from './instrument-pg';
export { withRunContext, currentRunContext, type RunContext } from './run-context';
export { jobName, statementShape } from './job-name';
