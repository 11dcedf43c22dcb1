import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Environment } from '../../src/core/config/environment';
import { injectBasePath, WebService } from '../../src/web/web.service';

function env(basePath?: string): Environment {
  return Object.assign(new Environment(), { BASE_PATH: basePath });
}

describe('WebService (serving the built UI)', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-ui-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes the normalized base path into the page and serves only built assets', () => {
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<head><meta name="base-path" content=""><script src="assets/app-X.js"></script></head>');
    fs.writeFileSync(path.join(dir, 'assets', 'app-X.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dir, 'secret.txt'), 'no');
    const web = new WebService(env('lineage/'), dir);
    web.onModuleInit();
    expect(web.indexPage()!.body.toString()).toContain('<meta name="base-path" content="/lineage">');
    expect(web.indexPage()!.contentType).toBe('text/html; charset=utf-8');
    expect(web.asset('app-X.js')!.contentType).toBe('text/javascript; charset=utf-8');
    expect(web.asset('../secret.txt')).toBeNull();
    expect(web.asset('../index.html')).toBeNull();
  });

  it('still starts when the UI was not built', () => {
    const web = new WebService(env(), path.join(dir, 'missing'));
    web.onModuleInit();
    expect(web.indexPage()).toBeNull();
  });

  it('escapes what it injects and refuses a template without the meta tag', () => {
    expect(injectBasePath('<meta name="base-path" content="">', '/a"b<')).toBe('<meta name="base-path" content="/a&quot;b&lt;">');
    expect(() => injectBasePath('<head></head>', '/x')).toThrow(/base-path/);
  });
});
