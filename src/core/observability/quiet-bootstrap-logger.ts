import { LoggerService } from '@nestjs/common';

/** Nest's line per module and per route, at start. */
const BOOTSTRAP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

/**
 * Logs Nest's bootstrap chatter at debug instead of info, so that the first lines the service
 * prints say where it serves, not which modules it loaded.
 */
export function quietBootstrapLogger(logger: LoggerService): LoggerService {
  const isBootstrap = (params: unknown[]) => BOOTSTRAP_CONTEXTS.has(params[params.length - 1] as string);
  return {
    log: (message, ...params) => (isBootstrap(params) ? logger.debug?.(message, ...params) : logger.log(message, ...params)),
    error: (message, ...params) => logger.error(message, ...params),
    warn: (message, ...params) => logger.warn(message, ...params),
    debug: (message, ...params) => logger.debug?.(message, ...params),
    verbose: (message, ...params) => logger.verbose?.(message, ...params),
    fatal: (message, ...params) => logger.fatal?.(message, ...params),
  };
}
