import assert from 'node:assert/strict';
import { test } from 'node:test';
import TOML from '@iarna/toml';
import { orderedLike, toToml } from '../../../core/migrate-config/toml-write.ts';

test('sections, tables inside arrays of tables and odd keys round-trip through a TOML parser', () => {
  const table = {
    processor: { port: 3030, api_secret: 'a "quoted" secret\n' },
    general: { available_languages: { de: { service: 'dienst', help: 'hilfe' } } },
    area_security: { communities: [{ name: 'ny', discord: { channels: ['1'], user_role: [] } }] },
    discord: { command_security: { 'weird key': ['1'] } },
    stats: { rarity_group_3_rare: 0.5 },
  };
  const text = toToml(table, ['converted']);
  assert.match(text, /^# converted\n/);
  assert.match(text, /\nport = 3030\n/, 'no digit separators');
  assert.match(text, /\n\[\[area_security\.communities\]\]\n/);
  assert.deepEqual(TOML.parse(text), table);
});

test('keys follow the template\'s order, unknown keys after; empty tables are left out', () => {
  const ordered = orderedLike({ b: 1, z: { }, a: { y: 1, x: 2 }, extra: true }, { a: { x: 0, y: 0 }, b: 0, z: {} });
  assert.deepEqual(Object.keys(ordered), ['a', 'b', 'extra']);
  assert.deepEqual(Object.keys(ordered.a as object), ['x', 'y']);
});
