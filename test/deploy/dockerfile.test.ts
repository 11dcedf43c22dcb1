/** Static checks of deploy/docker/Dockerfile and /.dockerignore (no Docker engine needed). */
import { Instruction, Stage, parseDockerfile, readRepoFile } from './deploy-helpers';

const stages = parseDockerfile(readRepoFile('deploy', 'docker', 'Dockerfile'));
const final = stages[stages.length - 1];
const all = (stage: Stage, keyword: string): Instruction[] => stage.instructions.filter((i) => i.keyword === keyword);
const last = (stage: Stage, keyword: string): Instruction | undefined => all(stage, keyword).pop();
const json = (args: string): unknown => JSON.parse(args);

describe('Dockerfile', () => {
  it('is multi-stage on a pinned Node 24 bookworm-slim image', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const text = readRepoFile('deploy', 'docker', 'Dockerfile');
    expect(text).toMatch(/^ARG NODE_IMAGE=node:24\.\d+\.\d+-bookworm-slim$/m);
    for (const stage of stages) expect(stage.from).toBe('${NODE_IMAGE}');
  });

  it('builds with `npm ci` and `npm run build` in a build stage', () => {
    const build = stages.find((s) => s.name === 'build');
    expect(build).toBeDefined();
    const runs = all(build!, 'RUN').map((i) => i.args).join('\n');
    expect(runs).toMatch(/\bnpm ci\b/);
    expect(runs).toMatch(/\bnpm run build\b/);
  });

  it("runs no install scripts: the package's `prepare` would build before the sources are there", () => {
    const installs = stages.flatMap((s) => all(s, 'RUN')).flatMap((i) => i.args.match(/npm ci[^;&\n]*/g) ?? []);
    expect(installs.length).toBeGreaterThanOrEqual(2);
    for (const install of installs) expect(install).toContain('--ignore-scripts');
  });

  it('installs production dependencies without dev dependencies', () => {
    const runs = stages.flatMap((s) => all(s, 'RUN')).map((i) => i.args).join('\n');
    expect(runs).toMatch(/npm (ci|prune) [^\n]*--omit=dev/);
    expect(runs).not.toMatch(/\bnpm install\b/);
  });

  it('copies only dist, migrations, node_modules and package.json into the runtime stage', () => {
    const copies = all(final, 'COPY').map((i) => i.args);
    const targets = copies.map((args) => args.split(/\s+/).pop());
    expect(targets.sort()).toEqual(['./dist', './migrations', './node_modules', './package.json']);
    for (const args of copies) expect(args).toMatch(/^--from=/);
  });

  it('runs the final stage as a numeric non-root user', () => {
    const user = last(final, 'USER');
    expect(user).toBeDefined();
    const match = /^(\d+)(?::(\d+))?$/.exec(user!.args);
    expect(match).not.toBeNull();
    expect(Number(match![1])).toBeGreaterThan(0);
    if (match![2] !== undefined) expect(Number(match![2])).toBeGreaterThan(0);
    // nothing after USER switches back to root
    const index = final.instructions.lastIndexOf(user!);
    expect(final.instructions.slice(index + 1).some((i) => i.keyword === 'RUN')).toBe(false);
  });

  it('has a HEALTHCHECK running `node dist/main.js healthcheck`', () => {
    const check = last(final, 'HEALTHCHECK');
    expect(check).toBeDefined();
    const cmd = /\bCMD\s+(\[.*\])$/.exec(check!.args)?.[1];
    expect(json(cmd!)).toEqual(['node', 'dist/main.js', 'healthcheck']);
  });

  it('uses ENTRYPOINT ["node", "dist/main.js"] and CMD ["serve"], so one image runs every subcommand', () => {
    expect(json(last(final, 'ENTRYPOINT')!.args)).toEqual(['node', 'dist/main.js']);
    expect(json(last(final, 'CMD')!.args)).toEqual(['serve']);
  });

  it('exposes 5000 and bakes no secrets into the image', () => {
    expect(all(final, 'EXPOSE').map((i) => i.args)).toContain('5000');
    const envs = stages.flatMap((s) => all(s, 'ENV')).map((i) => i.args).join(' ');
    expect(envs).not.toMatch(/DATABASE_URL|PASSWORD|TLS_KEY/);
  });
});

describe('.dockerignore', () => {
  const lines = readRepoFile('.dockerignore')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));

  it('keeps dependencies, build output, VCS data and local secrets out of the context', () => {
    for (const pattern of ['**/node_modules', 'dist', '.git', '.env', '.data']) expect(lines).toContain(pattern);
  });

  it('does not exclude what the build needs', () => {
    for (const needed of ['src', 'migrations', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'web']) {
      expect(lines).not.toContain(needed);
    }
  });
});
