/**
 * The command registry: lookup by name, alias and translated word; clashes stop the start naming both owners;
 * disabled commands are ignored.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CommandRegistry } from '../../../core/commands/registry.ts';
import type { CommandDefinition } from '../../../core/commands/types.ts';
import { isLookoutError } from '../../../core/errors.ts';

const command = (name: string, aliases: string[] = []): CommandDefinition => ({ name, aliases, run: async () => [] });
const service = command('service', ['poracle']);
const help = command('help');
const track = command('track');

describe('CommandRegistry', () => {
  test('finds a command by name and by alias, case-insensitively; unknown words are unknown', () => {
    const registry = CommandRegistry.create([{ owner: 'core', commands: [service, help] }]);
    assert.deepEqual(registry.lookup('service'), { kind: 'command', definition: service });
    assert.deepEqual(registry.lookup('POracle'), { kind: 'command', definition: service });
    assert.deepEqual(registry.lookup('nope'), { kind: 'unknown' });
    assert.equal(registry.definitions().length, 2);
  });

  test('a word claimed twice is a start-up error naming both owners', () => {
    assert.throws(
      () => CommandRegistry.create([{ owner: 'core', commands: [service, track] }, { owner: 'plugin "monster"', commands: [command('track')] }]),
      (err: unknown) => isLookoutError(err) && err.code === 'PLUGIN_INVALID' && /"track".*plugin "monster".*core/.test(err.message),
    );
    assert.throws(
      () => CommandRegistry.create([{ owner: 'core', commands: [service] }, { owner: 'platform "chat"', commands: [command('register', ['poracle'])] }]),
      (err: unknown) => isLookoutError(err) && /poracle/.test(err.message) && /platform "chat"/.test(err.message),
    );
  });

  test('a translated command word runs the command and names its language', () => {
    const registry = CommandRegistry.create([{ owner: 'core', commands: [service, help, track] }], {
      languages: { de: { service: 'dienst', help: 'hilfe', track: 'verfolgen' }, fr: { help: 'aide', service: 'dienst' } },
    });
    assert.deepEqual(registry.lookup('dienst'), { kind: 'command', definition: service, wordLanguage: 'de' });
    assert.deepEqual(registry.lookup('Hilfe'), { kind: 'command', definition: help, wordLanguage: 'de' });
    assert.deepEqual(registry.lookup('aide'), { kind: 'command', definition: help, wordLanguage: 'fr' });
    assert.deepEqual(registry.lookup('verfolgen'), { kind: 'command', definition: track, wordLanguage: 'de' });
    assert.deepEqual(registry.lookup('help'), { kind: 'command', definition: help });
    assert.equal(registry.wordFor('service', 'de'), 'dienst');
    assert.equal(registry.wordFor('service', 'it'), 'service');
  });

  test('a translation for a command nobody registered is ignored', () => {
    const registry = CommandRegistry.create([{ owner: 'core', commands: [help] }], { languages: { de: { service: 'dienst' } } });
    assert.deepEqual(registry.lookup('dienst'), { kind: 'unknown' });
  });

  test("a switched-off plugin's commands are found as switched-off, by name and by translation", () => {
    const untrack = command('untrack');
    const registry = CommandRegistry.create(
      [
        { owner: 'core', commands: [help] },
        { owner: 'plugin "monster"', commands: [track, untrack], switchedOff: true },
      ],
      { languages: { de: { track: 'verfolgen' } } },
    );
    assert.deepEqual(registry.lookup('track'), { kind: 'switched-off', definition: track });
    assert.deepEqual(registry.lookup('verfolgen'), { kind: 'switched-off', definition: track, wordLanguage: 'de' });
    assert.deepEqual(registry.lookup('untrack'), { kind: 'switched-off', definition: untrack });
    assert.deepEqual(registry.lookup('help'), { kind: 'command', definition: help });
  });

  test("a command's errors are labelled with the plugin contributing it, or core", () => {
    const registry = CommandRegistry.create([
      { owner: 'core', commands: [help] },
      { owner: 'plugin "monster"', plugin: 'monster', commands: [track] },
    ]);
    assert.equal(registry.pluginOf(help), 'core');
    assert.equal(registry.pluginOf(track), 'monster');
  });

  test('disabled commands are reported as disabled by name, alias or translation', () => {
    const registry = CommandRegistry.create([{ owner: 'core', commands: [service, help] }], { languages: { de: { help: 'hilfe' } }, disabled: ['Help', 'poracle'] });
    assert.deepEqual(registry.lookup('help'), { kind: 'disabled' });
    assert.deepEqual(registry.lookup('hilfe'), { kind: 'disabled' });
    assert.deepEqual(registry.lookup('poracle'), { kind: 'disabled' });
    assert.deepEqual(registry.lookup('service'), { kind: 'command', definition: service });
  });
});
