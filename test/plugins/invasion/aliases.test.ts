import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { weatherCellId } from '../../../core/geo/s2-cell.ts';
import { WeatherCellStore } from '../../../core/geo/weather-cells.ts';
import type { AlertPlugin } from '../../../core/contract.ts';
import invasionPlugin from '../../../plugins/invasion/index.ts';
import { INVASION_ALIASES } from '../../../plugins/invasion/variables.ts';
import { assertAliases, fullView } from '../../helpers/alias-views.ts';
import { testPluginSetup } from '../../helpers/plugin-setup.ts';
import { buildPlugin, hookContext, invasionHook, NOW_S } from './support.ts';

const LOCALE = { locale: { time: 'HH:mm:ss', timeformat: 'en-gb' } };

describe('invasion: the previous generations names', () => {
  test('every alias of every test sample holds its variable, on both platforms and in another language', async () => {
    const plugin = await buildPlugin();
    for (const { test: name, webhook } of plugin.testData!.webhooks) {
      const hook = { ...webhook, expiration: NOW_S + 1200, incident_expire_timestamp: NOW_S + 1200 };
      for (const scope of [{ language: 'en', platform: 'discord' }, { language: 'de', platform: 'telegram' }]) {
        assertAliases(await fullView(plugin, hook, hookContext(), scope), INVASION_ALIASES, `${name} ${scope.language}/${scope.platform}: `);
      }
    }
  });

  test('the issue\'s names are there and declared; the end as a clock time', async () => {
    const plugin = await buildPlugin(LOCALE);
    const view = await fullView(plugin, invasionHook(), hookContext(), { config: LOCALE });
    assert.equal(view.name, 'Fountain');
    assert.equal(view.displayTypeId, 1);
    // Munich: NOW_S + 1740 is 09:29:00 local
    assert.equal(view.disappearTime, '09:29:00');
    assert.equal(view.distime, view.time);
    for (const name of ['name', 'displayTypeId', 'gruntRewards', 'gruntLineupList', 'distime', 'genderName']) assert.ok(plugin.templateVariables!.invasion!.includes(name), name);
  });

  test('rewards as text and ids, the lineup in the previous shape, gender name and emoji', async () => {
    const plugin = await buildPlugin();
    // character 7 (bug grunt, male) has two reward slots in the fixture lineups
    const hook = invasionHook({ grunt_type: 7, character: 7, confirmed: true, lineup: [{ slot: 0, pokemon_id: 25, form: 0 }] });
    const view = await fullView(plugin, hook, hookContext(), { platform: 'telegram' });
    const list = view.gruntRewardsList as { first: { chance: number; monsters: { fullName: string }[] }; second: { chance: number; monsters: { fullName: string }[] } };
    const text = (tier: { monsters: { fullName: string }[] }) => tier.monsters.map((m) => m.fullName).join(', ');
    assert.equal(view.gruntRewards, `${list.first.chance}%: ${text(list.first)}\\n${list.second.chance}%: ${text(list.second)}`);
    assert.ok((view.gruntRewardIDs as { pokemon_id: number }[]).length > 0);
    assert.deepEqual(view.gruntLineupList, { confirmed: true, monsters: [{ id: 25, formId: 0, name: 'Pikachu', formName: '', fullName: 'Pikachu' }] });
    assert.equal(view.genderName, 'Male');
    assert.equal(view.genderEmoji, (view.genderData as { emoji: string }).emoji);
    assert.notEqual(view.genderEmoji, '');
    const none = await fullView(plugin, invasionHook(), hookContext());
    assert.equal(none.gruntLineupList, '');
  });

  test('the stop cell\'s weather as gameWeather*, with the platform\'s emoji', async () => {
    const cells = new WeatherCellStore(() => NOW_S * 1000);
    cells.publish(weatherCellId(48.1365, 11.572), 4);
    const plugin = invasionPlugin(await testPluginSetup({ weatherCells: cells })) as AlertPlugin;
    for (const platform of ['discord', 'telegram']) {
      const view = await fullView(plugin, invasionHook(), hookContext(), { platform, language: 'de' });
      assert.equal(view.gameWeatherId, 4);
      assert.notEqual(view.gameweatheremoji, '');
      assert.equal(view.gameweatheremoji, view.gameWeatherEmoji);
      assert.equal(view.gameweather, view.gameWeatherName);
    }
  });

  test('the stop on the configured map sites', async () => {
    const plugin = await buildPlugin({ general: { react_map_url: 'https://map.example/', rdm_url: 'https://rdm.example/' } });
    const view = await fullView(plugin, invasionHook(), hookContext());
    assert.equal(view.reactMapUrl, 'https://map.example/id/pokestops/stop-1');
    assert.equal(view.rdmUrl, 'https://rdm.example/@pokestop/stop-1');
  });
});
