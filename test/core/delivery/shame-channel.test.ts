/**
 * Locating [alert_limits] shame_channel: a registered id keeps its own type; otherwise a platform serving a
 * `…:channel` type, the one rendering the stopped target's templates first; null when nothing fits.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { PlatformPlugin } from '../../../core/contract.ts';
import { resolveShameChannel, type ShameLookups } from '../../../core/delivery/shame-channel.ts';

function platform(name: string, targetTypes: string[], templatePlatform = name): PlatformPlugin {
  return { kind: 'platform', name, targetTypes, templatePlatform, deliver: async () => ({ ok: true }) };
}

const alpha = platform('alpha', ['alpha:user', 'alpha:channel', 'alpha:thread']);
const beta = platform('beta', ['beta:user', 'beta:group', 'beta:channel']);
const hook = platform('hook', ['hook'], 'alpha');

function lookups(platforms: readonly PlatformPlugin[], registered: Record<string, string> = {}): ShameLookups {
  return {
    platforms,
    platformForTarget: (type) => platforms.find((p) => p.targetTypes.includes(type)),
    registeredType: (id) => registered[id],
  };
}

const shame = (type: string, id = '42') => ({ id, type, name: 'shame channel', language: null });

describe('resolveShameChannel', () => {
  test('a registered human id is reported to with its own type and platform', () => {
    const found = resolveShameChannel('42', lookups([alpha, beta], { '42': 'beta:group' }), alpha);
    assert.deepEqual(found?.target, shame('beta:group'));
    assert.equal(found?.platform, beta);
  });

  test('an unregistered id goes to the channel type of the platform rendering the same templates as the stopped one', () => {
    const all = lookups([alpha, beta, hook]);
    assert.deepEqual(resolveShameChannel('42', all, beta)?.target, shame('beta:channel'));
    assert.equal(resolveShameChannel('42', all, beta)?.platform, beta);
    assert.equal(resolveShameChannel('42', all, alpha)?.platform, alpha);
    assert.equal(resolveShameChannel('42', all, hook)?.platform, alpha, 'a webhook target stopped: the platform of its templates');
  });

  test('without a platform rendering the same templates, the first platform serving channels', () => {
    const other = platform('other', ['other:user']);
    assert.equal(resolveShameChannel('42', lookups([other, beta, alpha]), other)?.platform, beta);
    assert.equal(resolveShameChannel('42', lookups([beta, alpha]))?.platform, beta, 'no stopped platform given');
  });

  test('a registered type no platform serves falls back to the channel rule', () => {
    assert.deepEqual(resolveShameChannel('42', lookups([alpha], { '42': 'gone:user' }), alpha)?.target, shame('alpha:channel'));
  });

  test('null when no platform serves a channel type', () => {
    assert.equal(resolveShameChannel('42', lookups([hook, platform('other', ['other:user'])]), hook), null);
    assert.equal(resolveShameChannel('42', lookups([])), null);
  });
});
