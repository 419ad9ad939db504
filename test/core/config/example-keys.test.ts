/**
 * No silent keys: every key config/config.example.toml documents is read by the code (test/core/config/key-reads.ts
 * says what counts), is a disable switch (core/switches.ts reads those by the names the plugins declare), or is
 * listed as not implemented (core/config/unimplemented.ts, a plugin's `unimplemented`); a listed key the code reads
 * must come off the list; keys listed as ignored are not documented.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, describe, test } from 'node:test';
import TOML from '@iarna/toml';
import { mergedConfigSpec, unimplementedKeysOf } from '../../../core/config/index.ts';
import { bundledPluginConfigs } from '../../helpers/config.ts';
import { keyReads, propertyReads } from './key-reads.ts';

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const exampleFile = join(rootDir, 'config', 'config.example.toml');

function isTable(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** Dotted leaf keys; a table with no keys (a record such as available_languages) counts as one key. */
function leafPaths(value: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, v]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return isTable(v) && Object.keys(v).length > 0 ? leafPaths(v, path) : [path];
  });
}

const plugins = bundledPluginConfigs();
const schemaKeys = leafPaths(mergedConfigSpec(plugins).defaults as Record<string, unknown>);
const documented = leafPaths(TOML.parse(readFileSync(exampleFile, 'utf8')));
const listed = unimplementedKeysOf(plugins);
const switches = new Set(plugins.flatMap(({ config }) => config.disableSwitches.map((s) => `general.${s.key}`)));

/** The list entry covering a key: its own, or its table's. */
function entryFor(path: string): string | undefined {
  return Object.keys(listed).find((entry) => path === entry || path.startsWith(`${entry}.`));
}

/** Reads the check cannot tie to their key: a value handed on under a narrower interface's name. Each is checked to be there. */
const CARRIED: Readonly<Record<string, { readonly file: string; readonly from: string }>> = {
  'discord.user_tracking_admins': { file: 'core/membership/delegation.ts', from: 'section' },
  'telegram.user_tracking_admins': { file: 'core/membership/delegation.ts', from: 'section' },
  // the scanner database's section handed to its connection as `config`
  ...Object.fromEntries(['host', 'port', 'user', 'password', 'database'].map((key) => [`database.scanner.${key}`, { file: 'core/scanner-db/connect.ts', from: 'config' }])),
};

describe('config.example.toml documents no key that does nothing silently', () => {
  let reads: ReturnType<typeof keyReads>;
  let all: ReturnType<typeof propertyReads>;
  before(() => {
    all = propertyReads(rootDir);
    reads = keyReads(all, schemaKeys);
  });
  const isRead = (path: string): boolean => reads.isRead(path) || (CARRIED[path] !== undefined && all.some((r) => r.name === path.split('.').at(-1) && r.file === CARRIED[path]?.file && r.from === CARRIED[path]?.from));

  test('the check finds reads through a typed path, a const alias, a plugin reader and a table further up, and not through a same-named key elsewhere', () => {
    assert.ok(reads.isRead('processor.port'), 'config.processor.port');
    assert.ok(reads.isRead('database.host'), 'const d = config.database; d.host');
    assert.ok(reads.isRead('weather.show_altered_creatures_max_count'), "WEATHER_CONFIG.read(config).weather → settings");
    assert.ok(reads.isRead('reconciliation.telegram.update_user_names'), 'options.reconciliation?.update_user_names');
    // `.host` of [database] and of [processor] are read; that is not a read of [database.scanner] host
    assert.ok(reads.readsOf('database.scanner.host').every((r) => r.from === 'scanner'));
    assert.equal(reads.isRead('tuning.worker_pool_size'), false);
  });

  test('every documented key is read, a disable switch, or listed as not implemented', () => {
    const silent = documented.filter((path) => !isRead(path) && !switches.has(path) && entryFor(path) === undefined);
    assert.deepEqual(silent, [], 'read these keys, or list them in core/config/unimplemented.ts (or the plugin\'s unimplemented) with why');
  });

  test('no listed key is read by the code any more', () => {
    const covered = (entry: string): string[] => schemaKeys.filter((key) => key === entry || key.startsWith(`${entry}.`));
    const readNow = Object.keys(listed).filter((entry) => covered(entry).some(isRead));
    const where = readNow.map((entry) => `${entry}: ${covered(entry).flatMap((key) => reads.readsOf(key).map((r) => `${r.file} (${r.from}.${r.name})`)).join(', ')}`);
    assert.deepEqual(where, [], 'take these off the unimplemented list');
  });

  test('every listed key exists in the schema; keys listed as ignored are not documented', () => {
    assert.deepEqual(Object.keys(listed).filter((entry) => !schemaKeys.some((key) => key === entry || key.startsWith(`${entry}.`))), []);
    const ignoredButDocumented = documented.filter((path) => listed[entryFor(path) ?? '']?.status === 'ignored');
    assert.deepEqual(ignoredButDocumented, []);
  });

  test('the reads named by hand are still where they are said to be', () => {
    for (const [path, { file, from }] of Object.entries(CARRIED)) {
      assert.ok(all.some((r) => r.name === path.split('.').at(-1) && r.file === file && r.from === from), `${path}: ${from}.${path.split('.').at(-1)} in ${file}`);
    }
  });
});
