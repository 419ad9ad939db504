import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, test } from 'node:test';
import { loadConfig } from '../../../core/config/index.ts';
import { isLookoutError } from '../../../core/errors.ts';
import { findRepoRoot, initConfig, withSqliteClient } from '../../../core/init.ts';
import { bundledPluginConfigs } from '../../helpers/config.ts';
import { configErrorOf } from './expect-config-error.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const scratch = mkdtempSync(join(tmpdir(), 'lookout-config-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

let counter = 0;
function tempRoot(): string {
  const root = join(scratch, `root-${++counter}`);
  mkdirSync(join(root, 'config'), { recursive: true });
  writeFileSync(join(root, 'package.json'), '{"name":"lookout-test","type":"module"}\n');
  cpSync(join(repoRoot, 'config', 'config.example.toml'), join(root, 'config', 'config.example.toml'));
  return root;
}

describe('loadConfig', () => {
  test('reads a TOML file: overrides merged, unknown keys warned with the file name', () => {
    const file = join(tempRoot(), 'config', 'config.toml');
    writeFileSync(file, '[processor]\nport = 4000\nprot = 1\n\n[[autocreate.rules]]\nname = "a"\nguild = "1"\ntemplate = "t"\nparams = ["{{name}}"]\n');
    const { config, warnings } = loadConfig(file);
    assert.equal(config.processor.port, 4000);
    assert.equal(config.autocreate.rules[0]?.name, 'a');
    assert.deepEqual(warnings, [`${file}: unknown key "processor.prot" ignored (did you mean "processor.port"?)`]);
  });

  test('invalid TOML is refused with the file name and position', () => {
    const file = join(tempRoot(), 'config', 'config.toml');
    writeFileSync(file, '[processor]\nport = \n');
    const err = configErrorOf(() => loadConfig(file));
    assert.ok(err.message.startsWith(`${file}: not valid TOML: `));
    assert.match(err.message, /row 2/);
  });

  test('a missing file is CONFIG_MISSING', () => {
    const file = join(scratch, 'absent.toml');
    assert.throws(() => loadConfig(file), (err: unknown) => isLookoutError(err) && err.code === 'CONFIG_MISSING' && err.message.includes(file));
  });
});

describe('initConfig', () => {
  test('writes config/config.toml selecting sqlite, keeping the example otherwise', () => {
    const root = tempRoot();
    assert.equal(initConfig(root), 'written');
    const written = join(root, 'config', 'config.toml');
    const { config, warnings } = loadConfig(written, bundledPluginConfigs());
    assert.equal(config.database.client, 'sqlite');
    assert.equal(config.database.filename, 'config/lookout.sqlite');
    assert.deepEqual(warnings, []);
    const example = readFileSync(join(root, 'config', 'config.example.toml'), 'utf8');
    assert.equal(readFileSync(written, 'utf8'), example.replace('client = "mysql"', 'client = "sqlite"'));
    assert.match(example, /^client = "mysql"/m);
  });

  test('never overwrites an existing config/config.toml', () => {
    const root = tempRoot();
    const target = join(root, 'config', 'config.toml');
    writeFileSync(target, '[processor]\nport = 4000\n');
    assert.equal(initConfig(root), 'exists');
    assert.equal(readFileSync(target, 'utf8'), '[processor]\nport = 4000\n');
  });

  test('switches only the [database] client line', () => {
    const text = '[other]\nclient = "mysql"\n[database]\n# client = "mysql"\nclient = "mysql"   # note\n[database.scanner]\n';
    assert.equal(withSqliteClient(text), '[other]\nclient = "mysql"\n[database]\n# client = "mysql"\nclient = "sqlite"   # note\n[database.scanner]\n');
    assert.throws(() => withSqliteClient('[database]\n'), /exactly one client = "mysql" line/);
  });

  test('finds the repo root from a nested folder', () => {
    const root = tempRoot();
    assert.equal(findRepoRoot(join(root, 'config')), root);
  });

  test('npm run init works from another cwd, then leaves the file alone', () => {
    const root = tempRoot();
    mkdirSync(join(root, 'core'));
    cpSync(join(repoRoot, 'core', 'init.ts'), join(root, 'core', 'init.ts'));
    cpSync(join(repoRoot, 'core', 'errors.ts'), join(root, 'core', 'errors.ts'));
    cpSync(join(repoRoot, 'core', 'package-root.ts'), join(root, 'core', 'package-root.ts'));
    cpSync(join(repoRoot, 'core', 'config'), join(root, 'core', 'config'), { recursive: true });
    symlinkSync(join(repoRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
    const run = (): string => execFileSync(process.execPath, ['--import', 'tsx', join(root, 'core', 'init.ts')], { cwd: join(root, 'config'), encoding: 'utf8' });
    assert.match(run(), /^wrote .*config\.toml \(database: SQLite\)/);
    assert.ok(existsSync(join(root, 'config', 'config.toml')));
    assert.equal(existsSync(join(root, 'config', 'config', 'config.toml')), false);
    const before = readFileSync(join(root, 'config', 'config.toml'), 'utf8');
    assert.match(run(), /already exists; left unchanged/);
    assert.equal(readFileSync(join(root, 'config', 'config.toml'), 'utf8'), before);
  });
});
