import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { AlertPlugin } from '../../../core/contract.ts';
import { ShinyRateStore } from '../../../core/enrich/shiny-rates.ts';
import nestPlugin from '../../../plugins/nest/index.ts';
import { NEST_ALIASES } from '../../../plugins/nest/variables.ts';
import { testPluginSetup } from '../../helpers/plugin-setup.ts';
import { assertAliases, fullView } from '../../helpers/alias-views.ts';
import { buildNestPlugin, hookContext, nestHook, RESET_S } from './support.ts';

const LOCALE = { locale: { time: 'HH:mm:ss', date: 'DD/MM/YYYY', timeformat: 'en-gb' } };
/** a day and an hour after the reset */
const NOW_S = RESET_S + 25 * 3600;

describe('nest: the previous generations names', () => {
  test('every alias of every test sample holds its variable, on both platforms and in another language', async () => {
    const plugin = await buildNestPlugin();
    for (const { test: name, webhook } of plugin.testData!.webhooks) {
      const hook = { ...webhook, reset_time: RESET_S };
      for (const scope of [{ language: 'en', platform: 'discord' }, { language: 'de', platform: 'telegram' }]) {
        assertAliases(await fullView(plugin, hook, hookContext(NOW_S), scope), NEST_ALIASES, `${name} ${scope.language}/${scope.platform}: `);
      }
    }
  });

  test('the nest ends a week after its reset, as clock time and date in the park\'s zone, and time and tth* count down to it', async () => {
    const plugin = await buildNestPlugin(LOCALE);
    // Munich: the reset (00:00 UTC) is 02:00 local; a week later 02:00 on 9 April
    const view = await fullView(plugin, nestHook(), hookContext(NOW_S), { config: LOCALE });
    assert.equal(view.resetTime, '02:00:00');
    assert.equal(view.resetTimestamp, RESET_S);
    assert.equal(view.disappearTime, '02:00:00');
    assert.equal(view.disappearDate, '09/04/2026');
    assert.equal(view.distime, view.disappearTime);
    assert.equal(view.time, view.disappearTime);
    assert.deepEqual([view.tthd, view.tthh, view.tthm, view.tths], [5, 23, 0, 0]);
    assert.deepEqual(view.tth, { days: 5, hours: 23, minutes: 0, seconds: 0, firstDateWasLater: false });
    for (const name of ['nest_name', 'disappearDate', 'zoom', 'map_latitude', 'typeEmoji', 'emoji']) assert.ok(plugin.templateVariables!.nest!.includes(name), name);
  });

  test('the park\'s polygon frames the map; type emoji follow the platform', async () => {
    const plugin = await buildNestPlugin();
    for (const platform of ['discord', 'telegram']) {
      const view = await fullView(plugin, nestHook(), hookContext(NOW_S), { platform });
      assert.ok(Math.abs(Number(view.map_latitude) - 48.164) < 1e-9, String(view.map_latitude));
      assert.ok(Math.abs(Number(view.map_longitude) - 11.6055) < 1e-9, String(view.map_longitude));
      assert.ok(Number(view.zoom) > 12 && Number(view.zoom) <= 16, String(view.zoom));
      assert.notEqual(view.typeEmoji, '');
      assert.equal((view.emoji as string[]).join(''), view.typeEmoji);
      assert.equal(view.nest_name, 'Englischer Garten');
    }
  });

  test('the nest on the configured map sites', async () => {
    const plugin = await buildNestPlugin({ general: { react_map_url: 'https://map.example/', rdm_url: 'https://rdm.example/' } });
    const view = await fullView(plugin, nestHook(), hookContext(NOW_S));
    assert.equal(view.reactMapUrl, 'https://map.example/id/nests/4711');
    assert.equal(view.rdmUrl, 'https://rdm.example/@48.1642/@11.6056/18');
  });

  test('shinyPossible from the shared shiny rates, with the platform\'s emoji', async () => {
    const rates = new ShinyRateStore();
    rates.publish(new Map([[25, { encountered: 400, shiny: 2 }]]));
    const plugin = nestPlugin(await testPluginSetup({ shinyRates: rates })) as AlertPlugin;
    const shiny = await fullView(plugin, nestHook(), hookContext(NOW_S), { platform: 'telegram' });
    assert.deepEqual([shiny.shinyPossible, shiny.shinyPossibleEmoji !== ''], [true, true]);
    const plain = await fullView(plugin, nestHook({ pokemon_id: 129 }), hookContext(NOW_S));
    assert.deepEqual([plain.shinyPossible, plain.shinyPossibleEmoji], [false, '']);
  });
});
