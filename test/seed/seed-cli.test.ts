import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

const MAIN = path.resolve(__dirname, '../../dist/seed/main.js');

describe('npm run seed', () => {
  it.each([[[]], [['--datasets', 'many']], [['--datasets', '50']], [['--datasets', '1000', '--seed', '-1']], [['--datasets', '1000', '--size', '2']]])(
    'refuses %j with one line saying what is wrong, before touching any database',
    (args) => {
      const result = spawnSync(process.execPath, [MAIN, ...args], { env: { PATH: process.env.PATH }, encoding: 'utf8', timeout: 30000 });
      expect(result.status).toBe(1);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(/^seed failed: .*(--datasets|--seed|--size).*; usage: npm run seed -- --datasets N/);
    },
  );
});
