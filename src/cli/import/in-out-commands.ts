import { parseArgs } from 'node:util';
import { ConfigurationError } from '../../core/config/configuration-error';
import { Environment } from '../../core/config/environment';
import { CliLog } from '../cli-log';
import { exportCommand } from './export-command';
import { importCommand } from './import-command';
import { importMarquezCommand } from './import-marquez-command';
import { ENDS_WITH_UTC_OFFSET, parseInstant } from '../../database/precise-timestamps';

function time(name: string, value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const date = parseInstant(value);
  if (Number.isNaN(date.getTime()) || !ENDS_WITH_UTC_OFFSET.test(value)) {
    throw new ConfigurationError(`--${name} ${JSON.stringify(value)}: expected a time with a UTC offset or Z (2026-12-01T00:00:00Z)`);
  }
  return date;
}

function options<T extends Record<string, { type: 'string' | 'boolean' }>>(command: string, args: string[], spec: T, required: Array<keyof T & string>) {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args, options: spec, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new ConfigurationError(`${command}: ${(error as Error).message}`);
  }
  for (const name of required) if (!values[name]) throw new ConfigurationError(`${command}: --${name} is required`);
  return values;
}

/** `export`, `import` and `import-marquez`: their options, then the command. */
export async function runInOutCommand(command: 'export' | 'import' | 'import-marquez', args: string[], env: Environment, log: CliLog): Promise<void> {
  switch (command) {
    case 'export': {
      const o = options(command, args, { out: { type: 'string' }, after: { type: 'string' }, before: { type: 'string' }, namespace: { type: 'string' } }, ['out']);
      await exportCommand(env, log, {
        out: o.out as string,
        after: time('after', o.after as string | undefined),
        before: time('before', o.before as string | undefined),
        namespace: o.namespace as string | undefined,
      });
      return;
    }
    case 'import': {
      const o = options(command, args, { from: { type: 'string' } }, ['from']);
      await importCommand(env, log, o.from as string);
      return;
    }
    case 'import-marquez': {
      const o = options(command, args, { from: { type: 'string' }, 'from-start': { type: 'boolean' } }, ['from']);
      await importMarquezCommand(env, log, o.from as string, { fromStart: o['from-start'] === true });
      return;
    }
  }
}
