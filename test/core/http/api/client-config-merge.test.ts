/**
 * The alert plugins' parts of the client configuration answers (AlertPlugin.clientConfig): where their fields go
 * (before a key, last, into an object of the same name), the clashes refused (with the core, between plugins) and
 * at route building, the secrets they name scrubbed, and the registry's shape check of the member.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Plugin } from '../../../../core/contract.ts';
import type { Config } from '../../../../core/config/index.ts';
import { isLookoutError } from '../../../../core/errors.ts';
import { mergeClientConfig, pluginSecrets } from '../../../../core/http/api/client-config-merge.ts';
import type { ClientConfigContribution } from '../../../../core/http/api/client-config-parts.ts';
import { clientConfigRoutes } from '../../../../core/http/api/client-config.ts';
import { PluginRegistry } from '../../../../core/registry.ts';
import { configFromObject } from '../../../helpers/config.ts';
import { bareConfigDeps } from './config-harness.ts';

const config = configFromObject({ general: { locale: 'en' } }).config;
const from = (plugin: string, contribution: ClientConfigContribution) => ({ plugin, contribution });
const CORE = { status: 'ok', prefix: '!', tracking: { maxDistance: 0 }, map: { zoom: 15 } };

function answerOf(...sources: ReturnType<typeof from>[]): { readonly json: string; readonly clashes: readonly string[] } {
  const merged = mergeClientConfig('webClient', CORE, sources, config);
  return { json: JSON.stringify(merged.answer), clashes: merged.clashes };
}

describe('client configuration parts', () => {
  test('new fields go before the named key, or last when there is none or it is not in the answer', () => {
    assert.equal(answerOf(from('a', { webClient: { before: 'tracking', fields: () => ({ pvp: { caps: [50] }, x: 1 }) } })).json, '{"status":"ok","prefix":"!","pvp":{"caps":[50]},"x":1,"tracking":{"maxDistance":0},"map":{"zoom":15}}');
    assert.equal(answerOf(from('a', { webClient: { fields: () => ({ x: 1 }) } })).json, '{"status":"ok","prefix":"!","tracking":{"maxDistance":0},"map":{"zoom":15},"x":1}');
    assert.equal(answerOf(from('a', { webClient: { before: 'nowhere', fields: () => ({ x: 1 }) } })).json, '{"status":"ok","prefix":"!","tracking":{"maxDistance":0},"map":{"zoom":15},"x":1}');
  });

  test('an object merges key by key into the object of the same name, in place, its keys after the existing ones', () => {
    const { json, clashes } = answerOf(
      from('a', { webClient: { fields: () => ({ tracking: { gymBattles: true } }) } }),
      from('b', { webClient: { before: 'map', fields: () => ({ tracking: { nests: false }, extra: { n: 1 } }) } }),
      from('c', { webClient: { fields: () => ({ extra: { m: 2 } }) } }),
    );
    assert.deepEqual(clashes, []);
    assert.equal(json, '{"status":"ok","prefix":"!","tracking":{"maxDistance":0,"gymBattles":true,"nests":false},"extra":{"n":1,"m":2},"map":{"zoom":15}}');
  });

  test('a field given twice is a clash naming both givers; the core keeps its value', () => {
    const overCore = answerOf(from('a', { webClient: { fields: () => ({ status: 'hacked', tracking: { maxDistance: 9 } }) } }));
    assert.deepEqual(overCore.clashes, ['webClient field "status" is given by the core and by plugin "a"', 'webClient field "tracking.maxDistance" is given by the core and by plugin "a"']);
    assert.match(overCore.json, /"status":"ok"/);
    const twice = answerOf(from('a', { webClient: { fields: () => ({ pvp: { caps: [50] } }) } }), from('b', { webClient: { fields: () => ({ pvp: { caps: [40] }, map: 'flat' }) } }));
    assert.deepEqual(twice.clashes, ['webClient field "pvp.caps" is given by plugin "a" and by plugin "b"', 'webClient field "map" is given by the core and by plugin "b"']);
  });

  test('a plugin part of the other answer is left out; the secrets are every plugin\'s, in plugin order', () => {
    assert.equal(answerOf(from('a', { poracleWeb: { fields: () => ({ x: 1 }) } })).json, JSON.stringify(CORE));
    const secrets = pluginSecrets([from('a', { secrets: () => ['k1'] }), from('b', {}), from('c', { secrets: (c: Config) => [c.general.locale] })], config);
    assert.deepEqual(secrets, ['k1', 'en']);
  });

  test('the routes are not built when plugins clash; a named secret never leaves', async () => {
    assert.throws(
      () => clientConfigRoutes(bareConfigDeps(config, { clientConfig: [from('a', { poracleWeb: { fields: () => ({ staticKey: ['KEY'] }) } })] })),
      (err: unknown) => isLookoutError(err) && err.code === 'PLUGIN_INVALID' && err.message.includes('poracleWeb field "staticKey" is given by the core and by plugin "a"'),
    );
    const routes = clientConfigRoutes(bareConfigDeps(config, { clientConfig: [from('a', { secrets: () => ['SECRET-VALUE'], poracleWeb: { fields: () => ({ note: 'has SECRET-VALUE inside' }) } })] }));
    const body = (await routes.find((r) => r.path === '/config/poracleWeb')?.handler({ params: {}, query: {}, body: undefined })) as { note: string };
    assert.equal(body.note, 'has  inside');
  });
});

describe('AlertPlugin.clientConfig at registration', () => {
  const plugin = (clientConfig: unknown) => ({ kind: 'alert', name: 'a', webhookTypes: [], alertTypes: [], clientConfig }) as unknown as Plugin;
  const problem = (clientConfig: unknown): string => {
    try {
      PluginRegistry.create([plugin(clientConfig)]);
      return '';
    } catch (err) {
      return isLookoutError(err) && err.code === 'PLUGIN_INVALID' ? err.message : 'other error';
    }
  };

  test('a well-formed contribution registers', () => {
    assert.equal(problem({ webClient: { before: 'tracking', fields: () => ({}) }, poracleWeb: { fields: () => ({}) }, secrets: () => [] }), '');
    assert.equal(problem({}), '');
  });

  test('a malformed one is refused, naming plugin, member and what is wrong', () => {
    assert.match(problem([]), /plugin "a": "clientConfig" must be \{ webClient\?, poracleWeb\?, secrets\?\(config\) \}/);
    assert.match(problem({ templates: { fields: () => ({}) } }), /"clientConfig" has an unknown member "templates"/);
    assert.match(problem({ webClient: { fields: {} } }), /"clientConfig" "webClient\.fields" must be a function/);
    assert.match(problem({ poracleWeb: { fields: () => ({}), before: '' } }), /"poracleWeb\.before" must be a non-empty string/);
    assert.match(problem({ poracleWeb: { fields: () => ({}), after: 'x' } }), /"poracleWeb" has an unknown member "after"/);
    assert.match(problem({ webClient: 'pvp' }), /"webClient" must be \{ before\?, fields\(config\) \}/);
    assert.match(problem({ secrets: ['k'] }), /"secrets" must be a function/);
  });
});
