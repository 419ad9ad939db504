/**
 * `npm run build` and `npm start` (core/launch.mjs): a build compiles the source folders into dist/ with their other
 * files beside the code and stamps itself; a start runs the compiled code, compiling first when a source changed or
 * a plugin folder was added. Tried on a small tree of its own (with the project's TypeScript), then on the project:
 * the compiled service starts, answers /health and finds its bundled and plugin fallbacks and the studio page.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, test } from 'node:test';

const root = resolve(import.meta.dirname, '../..');

function write(dir: string, path: string, text: string): void {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), text);
}

/** A tree with the launcher, a main that prints what it finds, and one plugin folder with a data file. */
function smallTree(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lookout-launch-'));
  write(dir, 'package.json', JSON.stringify({ name: 'tiny', type: 'module', private: true }));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  copyFileSync(join(root, 'tsconfig.json'), join(dir, 'tsconfig.json'));
  copyFileSync(join(root, 'tsconfig.build.json'), join(dir, 'tsconfig.build.json'));
  mkdirSync(join(dir, 'core'));
  copyFileSync(join(root, 'core', 'launch.mjs'), join(dir, 'core', 'launch.mjs'));
  write(dir, 'core/main.ts', "import { readdirSync, readFileSync } from 'node:fs';\nconst here = new URL('../plugins/', import.meta.url);\nfor (const name of readdirSync(here)) process.stdout.write(`${import.meta.url.includes('/dist/') ? 'compiled' : 'sources'} ${name}: ${readFileSync(new URL(`${name}/data.json`, here), 'utf8').trim()}\\n`);\n");
  write(dir, 'plugins/alpha/index.ts', 'export const alpha: number = 1;\n');
  write(dir, 'plugins/alpha/data.json', '"first"\n');
  write(dir, 'plugins/alpha/test/alpha.test.ts', 'this is not compiled\n');
  return dir;
}

function launch(dir: string, command: string): { status: number | null; out: string } {
  const run = spawnSync(process.execPath, [join(dir, 'core', 'launch.mjs'), command], { cwd: dir, encoding: 'utf8' });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

describe('build and start (core/launch.mjs)', () => {
  test('builds into dist/ with the other files beside the code; starts it; builds again only when a source changed', () => {
    const dir = smallTree();
    const first = launch(dir, 'start');
    assert.equal(first.status, 0, first.out);
    assert.match(first.out, /compiling first \(no build yet\)/);
    assert.match(first.out, /compiled alpha: "first"/, 'the compiled main found the copied data file');
    assert.ok(existsSync(join(dir, 'dist', 'plugins', 'alpha', 'index.js')));
    assert.ok(!existsSync(join(dir, 'dist', 'plugins', 'alpha', 'test')), 'tests are not built');

    const again = launch(dir, 'start');
    assert.equal(again.status, 0, again.out);
    assert.doesNotMatch(again.out, /compiling/, 'a current build starts at once');

    write(dir, 'plugins/alpha/data.json', '"second"\n');
    const future = new Date(Date.now() + 5_000);
    utimesSync(join(dir, 'plugins/alpha/data.json'), future, future);
    const changed = launch(dir, 'start');
    assert.match(changed.out, /compiling first \(sources changed since the last build\)/);
    assert.match(changed.out, /compiled alpha: "second"/);

    write(dir, 'plugins/beta/index.ts', 'export const beta: number = 2;\n');
    write(dir, 'plugins/beta/data.json', '"dropped in"\n');
    const added = launch(dir, 'start');
    assert.match(added.out, /compiling first \(source files were added or removed\)/);
    assert.match(added.out, /compiled beta: "dropped in"/);
  });

  test('a source that does not compile stops the build with tsc\'s message', () => {
    const dir = smallTree();
    write(dir, 'plugins/alpha/index.ts', 'export const alpha: number = "one";\n');
    const run = launch(dir, 'build');
    assert.notEqual(run.status, 0);
    assert.match(run.out, /TS2322/);
    assert.match(run.out, /tsc failed/);
  });

  test('the project compiled: starts from dist/, answers /health, finds its fallbacks and the studio page', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lookout-compiled-'));
    const config = join(dir, 'config.toml');
    const example = readFileSync(join(root, 'config', 'config.example.toml'), 'utf8');
    writeFileSync(
      config,
      `[processor]\nhost = "127.0.0.1"\nport = 0\napi_secret = "s3cret"\n[database]\nclient = "sqlite"\nfilename = ${JSON.stringify(join(dir, 'db.sqlite'))}\n[logging]\nlevel = "info"\nfile_logging_enabled = false\n[resources]\nmasterfile_url = "http://127.0.0.1:9/master.json"\ninvasions_url = "http://127.0.0.1:9/grunts.json"\nlocales_url = "http://127.0.0.1:9/locales"\n`,
    );
    assert.ok(example.length > 0);
    const child = spawn(process.execPath, [join(root, 'core', 'launch.mjs'), 'start'], { cwd: root, env: { ...process.env, LOOKOUT_CONFIG: config }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const checks = new Promise<{ health: number; studio: number; templates: string }>((resolveChecks, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const line = out.split('\n').find((l) => l.includes('"msg":"listening"'));
        const listening = line ? /"port":(\d+)/.exec(line) : null;
        if (!listening) return;
        child.stdout.removeAllListeners('data');
        const base = `http://127.0.0.1:${listening[1]}`;
        void (async () => {
          const health = (await fetch(`${base}/health`)).status;
          const studio = (await fetch(`${base}/studio/`)).status;
          const templates = await (await fetch(`${base}/api/dts/templates`, { headers: { 'x-service-secret': 's3cret' } })).text();
          return { health, studio, templates };
        })().then(resolveChecks, reject);
      });
      child.on('exit', (code) => reject(new Error(`exited ${code} before listening:\n${out}`)));
    });
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), 240_000);
    try {
      const { health, studio, templates } = await checks;
      assert.equal(health, 200);
      assert.equal(studio, 200, 'the studio page was copied beside the compiled code');
      assert.match(templates, /"monster"/, 'a plugin\'s bundled templates were found');
      assert.match(out, /"code":"compiled"[^\n]*"msg":"starting"/, 'the compiled code ran');
    } finally {
      clearTimeout(killer);
      child.removeAllListeners('exit');
      const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
      child.kill('SIGTERM');
      await exited;
    }
  });
});
