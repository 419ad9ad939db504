/**
 * The template platforms come from the registered platform plugins: their templatePlatform and aliases, case-
 * insensitively; a name claimed for two platforms stops the start.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { acceptedPlatforms, normalisePlatform, templatePlatforms } from '../../../core/dts/platforms.ts';
import { isLookoutError } from '../../../core/errors.ts';
import { SHIPPED_PLATFORMS } from '../../fixtures/dts/platforms.ts';

test('the shipped platforms: discord (chat_a) and telegram (chat_b); a webhook platform rendering discord adds nothing', () => {
  const platforms = templatePlatforms([{ templatePlatform: 'discord', templatePlatformAliases: ['chat_a'] }, { templatePlatform: 'telegram', templatePlatformAliases: ['chat_b'] }, { templatePlatform: 'discord' }]);
  assert.deepEqual(platforms, SHIPPED_PLATFORMS);
  assert.deepEqual(platforms.names, ['discord', 'telegram']);
  assert.equal(acceptedPlatforms(platforms), 'discord, telegram, chat_a or chat_b');
  assert.equal(normalisePlatform(platforms, ' Chat_B '), 'telegram');
  assert.equal(normalisePlatform(platforms, 'DISCORD'), 'discord');
  assert.equal(normalisePlatform(platforms, ''), '');
  assert.equal(normalisePlatform(platforms, 'irc'), null);
});

test('a new platform plugin brings its own template platform and aliases', () => {
  const platforms = templatePlatforms([{ name: 'matrix', templatePlatform: 'Matrix', templatePlatformAliases: ['mx', 'chat_c'] }]);
  assert.deepEqual(platforms.names, ['matrix']);
  assert.equal(normalisePlatform(platforms, 'chat_c'), 'matrix');
  assert.equal(normalisePlatform(platforms, 'discord'), null);
  assert.equal(acceptedPlatforms(templatePlatforms([])), 'none (no platform is registered)');
});

test('one name for two platforms is refused, naming the platform', () => {
  const refused = (declared: Parameters<typeof templatePlatforms>[0]) =>
    assert.throws(() => templatePlatforms(declared), (err) => isLookoutError(err) && err.code === 'PLUGIN_INVALID' && /platform "b": template platform alias "x" already stands for "a"/.test(err.message));
  refused([{ name: 'a', templatePlatform: 'a', templatePlatformAliases: ['x'] }, { name: 'b', templatePlatform: 'b', templatePlatformAliases: ['X'] }]);
  assert.throws(() => templatePlatforms([{ templatePlatform: 'a' }, { name: 'b', templatePlatform: 'b', templatePlatformAliases: ['a'] }]), /alias "a" already stands for "a"/);
});
