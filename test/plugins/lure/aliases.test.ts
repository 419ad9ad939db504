import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LURE_ALIASES } from '../../../plugins/lure/variables.ts';
import { assertAliases, fullView } from '../../helpers/alias-views.ts';
import { fixtureGameData } from '../../helpers/plugin-setup.ts';
import { buildPlugin, hookContext, NOW_S, stopHook } from './support.ts';

const LOCALE = { locale: { time: 'HH:mm:ss', timeformat: 'en-gb' } };

describe('lure: the previous generations names', () => {
  test('every alias of every test sample holds its variable, on both platforms and in another language', async () => {
    const plugin = await buildPlugin();
    for (const { test: name, webhook } of plugin.testData!.webhooks) {
      const hook = { ...webhook, lure_expiration: NOW_S + 1200 };
      for (const scope of [{ language: 'en', platform: 'discord' }, { language: 'de', platform: 'telegram' }]) {
        assertAliases(await fullView(plugin, hook, hookContext(), scope), LURE_ALIASES, `${name} ${scope.language}/${scope.platform}: `);
      }
    }
  });

  test('lureType, name, the end as a clock time; declared', async () => {
    const plugin = await buildPlugin(LOCALE);
    const view = await fullView(plugin, stopHook(), hookContext(), { config: LOCALE, language: 'de' });
    assert.equal(view.lureType, view.lureTypeName);
    assert.equal(view.name, 'Bandstand');
    // Munich: NOW_S + 1800 is 09:30:00 local
    assert.equal(view.disappearTime, '09:30:00');
    assert.equal(view.distime, view.time);
    for (const name of ['lureType', 'name', 'distime', 'displayTypeId', 'gruntTypeId']) assert.ok(plugin.templateVariables!.lure!.includes(name), name);
  });

  test('an invasion at the same stop: its ids and names; none: 0 and empty', async () => {
    const plugin = await buildPlugin();
    const gameData = await fixtureGameData();
    const invaded = await fullView(plugin, stopHook({ incident_grunt_type: 4, incident_display_type: 1 }), hookContext(), { language: 'de' });
    assert.deepEqual([invaded.gruntTypeId, invaded.displayTypeId], [4, 1]);
    assert.equal(invaded.gruntName, gameData.translation('grunt_4', 'de') ?? gameData.translation('grunt_4'));
    assert.notEqual(invaded.gruntName, '');
    const quiet = await fullView(plugin, stopHook(), hookContext());
    assert.deepEqual([quiet.gruntTypeId, quiet.displayTypeId, quiet.gruntName, quiet.gruntTypeName], [0, 0, '', '']);
  });

  test('the emoji follows the platform; the webhook\'s own fields stay readable', async () => {
    const plugin = await buildPlugin();
    for (const platform of ['discord', 'telegram']) {
      const view = await fullView(plugin, stopHook(), hookContext(), { platform });
      assert.notEqual(view.lureTypeEmoji, '');
      assert.equal(view.lure_id, 503);
      assert.equal(view.power_up_level, 0);
    }
  });
});
