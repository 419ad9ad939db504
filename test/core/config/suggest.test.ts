/**
 * "Did you mean": an unknown key or section is reported with the nearest known names of its table — core, plugin
 * and platform sections, entries of arrays of tables — when they are close enough to be a slip, and alone otherwise.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { didYouMean, editDistance, nearestNames } from '../../../core/config/suggest.ts';
import { configFromObject } from '../../helpers/config.ts';

describe('edit distance and nearest names', () => {
  test('insertions, deletions, substitutions and a swap of neighbours each count one', () => {
    assert.equal(editDistance('port', 'port'), 0);
    assert.equal(editDistance('prot', 'port'), 1);
    assert.equal(editDistance('hots', 'host'), 1);
    assert.equal(editDistance('scaner', 'scanner'), 1);
    assert.equal(editDistance('zoom', 'room'), 1);
    assert.equal(editDistance('kitten', 'sitting'), 3);
    assert.equal(editDistance('', 'abc'), 3);
  });

  test('case and - for _ are no difference; far names are not offered', () => {
    assert.deepEqual(nearestNames('WebhookLogging', ['logging', 'webhookLogging']), ['webhookLogging']);
    assert.deepEqual(nearestNames('ip-whitelist', ['ip_whitelist', 'ip_blacklist']), ['ip_whitelist']);
    assert.deepEqual(nearestNames('port', ['host']), [], 'two edits in four letters');
    assert.deepEqual(nearestNames('colour', ['color', 'level']), ['color']);
    assert.deepEqual(nearestNames('worker_count', ['concurrent_matched_processors', 'batch_size']), []);
  });

  test('every name at the smallest distance is offered, at most three', () => {
    assert.deepEqual(nearestNames('cat', ['bat', 'hat', 'cats', 'rat', 'mat']), ['bat', 'hat', 'cats']);
    assert.equal(didYouMean(['a'], (n) => `"${n}"`), ' (did you mean "a"?)');
    assert.equal(didYouMean(['a', 'b', 'c'], (n) => `[${n}]`), ' (did you mean [a], [b] or [c]?)');
    assert.equal(didYouMean([], (n) => n), '');
  });
});

describe('unknown keys and sections in a file', () => {
  const warningsOf = (file: Record<string, unknown>): string[] => configFromObject(file, 'c.toml').warnings;

  test('a core key and a core section', () => {
    assert.deepEqual(warningsOf({ processor: { prot: 3031 } }), ['c.toml: unknown key "processor.prot" ignored (did you mean "processor.port"?)']);
    assert.deepEqual(warningsOf({ procesor: { port: 3031 } }), ['c.toml: unknown section [procesor] ignored (did you mean [processor]?)']);
    assert.deepEqual(warningsOf({ webhooklogging: { enabled: true } }), ['c.toml: unknown section [webhooklogging] ignored (did you mean [webhookLogging]?)']);
    assert.deepEqual(warningsOf({ database: { scaner: { host: 'db' } } }), ['c.toml: unknown section [database.scaner] ignored (did you mean [database.scanner]?)']);
  });

  test('a plugin\'s section, a plugin key in a core section, and a platform\'s key', () => {
    assert.deepEqual(warningsOf({ pvp: { level_cap: [50] } }), ['c.toml: unknown key "pvp.level_cap" ignored (did you mean "pvp.level_caps"?)']);
    assert.deepEqual(warningsOf({ wether: { change_alert: true } }), ['c.toml: unknown section [wether] ignored (did you mean [weather]?)']);
    assert.deepEqual(warningsOf({ general: { disable_raids: true } }), ['c.toml: unknown key "general.disable_raids" ignored (did you mean "general.disable_raid"?)']);
    assert.deepEqual(warningsOf({ discord: { check_roles: true } }), ['c.toml: unknown key "discord.check_roles" ignored (did you mean "discord.check_role"?)']);
    assert.deepEqual(warningsOf({ chat_b: { bot_goodby_message: 'bye' } }), ['c.toml: unknown key "telegram.bot_goodby_message" ignored (did you mean "telegram.bot_goodbye_message"?)']);
  });

  test('an entry of an array of tables', () => {
    const rule = { name: 'r', guild: '1', template: 't', params: ['{{name}}'], remove_mising: true };
    assert.deepEqual(warningsOf({ autocreate: { rules: [rule] } }), ['c.toml: unknown key "autocreate.rules[0].remove_mising" ignored (did you mean "autocreate.rules[0].remove_missing"?)']);
  });

  test('nothing close: the warning alone', () => {
    assert.deepEqual(warningsOf({ processor: { colour: 'red' } }), ['c.toml: unknown key "processor.colour" ignored']);
    assert.deepEqual(warningsOf({ scanner: { url: 'x' } }), ['c.toml: unknown section [scanner] ignored']);
  });
});
