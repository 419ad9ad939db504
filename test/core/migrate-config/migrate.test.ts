/**
 * A whole migration run on the fixtures, in a scratch checkout: the files written and copied, the refusal to
 * overwrite without --force, and the backups taken with it.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, test } from 'node:test';
import TOML from '@iarna/toml';
import { migrateConfig, REPORT_FILE, type MigrateOptions } from '../../../core/migrate-config/migrate.ts';
import { parseArguments } from '../../../core/migrate-config/main.ts';
import { bundledPluginConfigs, configFromObject } from '../../helpers/config.ts';

const NOW = new Date(Date.UTC(2026, 10, 27, 12, 0, 0));
const fixture = (name: string): string => fileURLToPath(new URL(`../../fixtures/poraclejs/${name}/config/local.json`, import.meta.url));

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'lookout-migrate-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function options(name: string, extra: Partial<MigrateOptions> = {}): MigrateOptions {
  return { rootDir: root, source: fixture(name), out: join(root, 'config', 'config.toml'), force: false, plugins: bundledPluginConfigs(), now: NOW, ...extra };
}

const read = (relative: string): string => readFileSync(join(root, relative), 'utf8');

describe('a first migration', () => {
  test('writes config.toml that the service loads, and the report beside it', async () => {
    const result = await migrateConfig(options('discord'));
    assert.equal(result.written, true);
    const { config, warnings } = configFromObject(TOML.parse(read('config/config.toml')), 'config/config.toml');
    assert.deepEqual(warnings, []);
    assert.equal(config.processor.port, 4201);
    assert.equal(config.discord.enabled, true);
    const report = read(`config/${REPORT_FILE}`);
    assert.equal(report, result.report);
    assert.match(report, /discord\.activity: the bots set no presence/);
    assert.match(report, /logger\.dailyLogLimit → logging\.max_age/);
  });

  for (const name of ['discord', 'telegram', 'communities', 'every-key']) {
    test(`${name}: the config.toml written loads without errors or warnings`, async () => {
      await migrateConfig(options(name));
      assert.deepEqual(configFromObject(TOML.parse(read('config/config.toml')), 'config/config.toml').warnings, []);
    });
  }

  test('copies the operator\'s files into config/, translations into config/locale/, geofences into config/geofences/', async () => {
    await migrateConfig(options('discord'));
    const source = (relative: string): string => readFileSync(join(fixture('discord'), '..', '..', relative), 'utf8');
    assert.equal(read('config/dts.json'), source('config/dts.json'));
    assert.equal(read('config/dts/raids.json'), source('config/dts/raids.json'));
    assert.equal(read('config/locale/de.json'), source('config/custom.de.json'));
    assert.equal(read('config/geofences/city.json'), source('geofences/city.json'));
    assert.equal(read('config/geofences/geofence.json'), source('config/geofence.json'));
  });

  test('a file equal to PoracleJS\'s shipped default is not copied (the bundled one serves)', async () => {
    const result = await migrateConfig(options('discord'));
    assert.equal(existsSync(join(root, 'config/partials.json')), false);
    assert.equal(result.files.find((f) => f.to === 'config/partials.json')?.outcome, 'skipped');
  });

  test('a geofence the configuration names but that is missing is reported', async () => {
    const result = await migrateConfig(options('telegram'));
    const note = result.files.find((f) => f.to === 'config/geofences/geofence.json');
    assert.equal(note?.outcome, 'skipped');
    assert.match(note?.detail ?? '', /not found/);
  });

  test('--out elsewhere in the checkout: the report goes beside it', async () => {
    const result = await migrateConfig(options('telegram', { out: join(root, 'staging', 'lookout.toml') }));
    assert.equal(result.reportFile, join(root, 'staging', REPORT_FILE));
    assert.ok(existsSync(join(root, 'staging', 'lookout.toml')));
  });

  test('an output outside the checkout is refused', async () => {
    await assert.rejects(migrateConfig(options('telegram', { out: join(tmpdir(), 'elsewhere.toml') })), /must be inside/);
  });
});

describe('a local.json that repeats PoracleJS\'s default.json (its first start wrote one so)', () => {
  test('only the values the operator changed are carried over and reported', async () => {
    const poracle = join(root, 'poracle', 'config');
    mkdirSync(poracle, { recursive: true });
    const shipped = JSON.parse(readFileSync(fixture('every-key'), 'utf8')) as Record<string, Record<string, unknown>>;
    writeFileSync(join(poracle, 'default.json'), JSON.stringify(shipped));
    const local = structuredClone(shipped);
    local.server!.port = '4000';
    local.discord!.activity = 'Our map';
    writeFileSync(join(poracle, 'local.json'), JSON.stringify(local));
    const result = await migrateConfig(options('telegram', { source: join(poracle, 'local.json') }));
    const written = TOML.parse(result.toml) as Record<string, Record<string, unknown>>;
    assert.equal(written.processor!.port, 4000);
    assert.equal(written.discord, undefined, 'Discord\'s defaults are not written: it has no token');
    assert.match(result.report, /^\d+ value\(s\) in local\.json equal .*default\.json and were treated as unset/);
    assert.match(result.report, /discord\.activity: the bots set no presence/);
    assert.doesNotMatch(result.report, /discord\.workerStatus/, 'unchanged defaults are not reported');
  });
});

describe('existing files', () => {
  test('the same run again changes nothing and is not blocked', async () => {
    await migrateConfig(options('discord'));
    const again = await migrateConfig(options('discord'));
    assert.equal(again.written, true);
    assert.ok(again.files.every((f) => f.outcome === 'same as existing' || f.outcome === 'skipped'), JSON.stringify(again.files));
    assert.equal(existsSync(join(root, 'config/backups')), false);
  });

  test('run again on another day (another date in the header) it is still the same', async () => {
    await migrateConfig(options('telegram'));
    const later = await migrateConfig(options('telegram', { now: new Date(Date.UTC(2026, 11, 24)) }));
    assert.equal(later.written, true);
    assert.equal(later.files[0]!.outcome, 'same as existing');
  });

  test('without --force, a different config.toml or data file blocks the run and nothing is written', async () => {
    mkdirSync(join(root, 'config'), { recursive: true });
    writeFileSync(join(root, 'config/config.toml'), '[processor]\nport = 1\n');
    writeFileSync(join(root, 'config/dts.json'), '[]\n');
    const result = await migrateConfig(options('discord'));
    assert.equal(result.written, false);
    assert.equal(result.reportFile, null);
    assert.match(result.report, /Nothing was written/);
    assert.equal(result.files.find((f) => f.to === 'config/dts.json')?.outcome, 'exists (use --force)');
    assert.equal(read('config/config.toml'), '[processor]\nport = 1\n');
    assert.equal(read('config/dts.json'), '[]\n');
    assert.equal(existsSync(join(root, 'config/geofences')), false, 'no copy was made either');
  });

  test('with --force, replaced files are backed up in config/backups/ first', async () => {
    mkdirSync(join(root, 'config'), { recursive: true });
    writeFileSync(join(root, 'config/config.toml'), '[processor]\nport = 1\n');
    writeFileSync(join(root, 'config/dts.json'), '[]\n');
    const result = await migrateConfig(options('discord', { force: true }));
    assert.equal(result.written, true);
    assert.deepEqual([...result.backups].sort(), ['config/backups/config/config.toml.bak.2026-11-27_120000', 'config/backups/config/dts.json.bak.2026-11-27_120000']);
    assert.equal(read('config/backups/config/config.toml.bak.2026-11-27_120000'), '[processor]\nport = 1\n');
    assert.equal(read('config/backups/config/dts.json.bak.2026-11-27_120000'), '[]\n');
    assert.match(read('config/config.toml'), /port = 4201/);
    assert.deepEqual(readdirSync(join(root, 'config/backups/config')).length, 2);
    assert.match(read(`config/${REPORT_FILE}`), /config\/backups\/config\/dts\.json\.bak/);
  });
});

describe('the command line', () => {
  test('the source, --out (both spellings) and --force', () => {
    assert.deepEqual(parseArguments(['/p/config/local.json']), { source: '/p/config/local.json', out: null, force: false });
    assert.deepEqual(parseArguments(['l.json', '--out', 'x.toml', '--force']), { source: 'l.json', out: 'x.toml', force: true });
    assert.deepEqual(parseArguments(['--out=x.toml', 'l.json']), { source: 'l.json', out: 'x.toml', force: false });
  });

  test('mistakes are named', () => {
    assert.match(parseArguments([]) as string, /local\.json is missing/);
    assert.match(parseArguments(['a', 'b']) as string, /one PoracleJS configuration/);
    assert.match(parseArguments(['a', '--out']) as string, /--out needs a path/);
    assert.match(parseArguments(['a', '--dry']) as string, /unknown option --dry/);
  });
});
