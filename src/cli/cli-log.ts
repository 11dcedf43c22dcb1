/** Lines the CLI prints outside the Nest app: JSON, like the service's own logs. */
export interface CliLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

function line(level: string, msg: string): string {
  return JSON.stringify({ time: new Date().toISOString(), level, context: 'cli', msg });
}

export const cliLog: CliLog = {
  info: (msg) => process.stdout.write(`${line('info', msg)}\n`),
  warn: (msg) => process.stdout.write(`${line('warn', msg)}\n`),
  error: (msg) => process.stderr.write(`${line('error', msg)}\n`),
};
