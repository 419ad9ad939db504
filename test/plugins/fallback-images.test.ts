/**
 * [fallbacks] in the alert plugins: without an image icon set ([general] img_url empty) each plugin's `imgUrl` is
 * the fallback of its kind of picture — creatures, raid bosses and quest rewards `img_url`, eggs `img_url_egg`,
 * gyms `img_url_gym`, stops `img_url_stop`, weather `img_url_weather` — and a stop alert whose webhook has no photo
 * gets `stop_url` as its stop photo. An empty fallback leaves the picture empty.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { AnyAlertPlugin, HookContext, View } from '../../core/contract.ts';
import { silentLogger } from '../../core/log/logger.ts';
import fortUpdatePlugin from '../../plugins/fort-update/index.ts';
import { fortHook, fortSide } from '../../plugins/fort-update/test/support.ts';
import { createGymPlugin } from '../../plugins/gym/index.ts';
import invasionPlugin from '../../plugins/invasion/index.ts';
import lurePlugin from '../../plugins/lure/index.ts';
import maxBattlePlugin from '../../plugins/max-battle/index.ts';
import monsterPlugin from '../../plugins/monster/index.ts';
import nestPlugin from '../../plugins/nest/index.ts';
import questPlugin from '../../plugins/quest/index.ts';
import raidPlugin from '../../plugins/raid/index.ts';
import weatherPlugin from '../../plugins/weather/index.ts';
import { testPluginSetup } from '../helpers/plugin-setup.ts';
import { gymHook } from './gym/support.ts';
import { invasionHook } from './invasion/support.ts';
import { stopHook } from './lure/support.ts';
import { maxBattleHook } from './max-battle/support.ts';
import { NOW_S, pokemonHook } from './monster/support.ts';
import { nestHook } from './nest/support.ts';
import { questHook } from './quest/support.ts';
import { eggHook, raidHook } from './raid/support.ts';
import { changeEvent, ON, type WeatherPlugin } from './weather/support.ts';

const FALLBACKS = {
  img_url: 'https://fallback.test/creature.png',
  img_url_egg: 'https://fallback.test/egg.png',
  img_url_gym: 'https://fallback.test/gym.png',
  img_url_stop: 'https://fallback.test/stop.png',
  img_url_weather: 'https://fallback.test/weather.png',
  stop_url: 'https://fallback.test/stop-photo.png',
};

function context(webhookType: string): HookContext {
  return { meta: { eventId: 'test-event', webhookType, receivedAt: NOW_S * 1000 }, log: silentLogger(), now: () => NOW_S * 1000 };
}

/** parse + observe + enrich as the pipeline runs them; the English base view */
async function viewOf(plugin: AnyAlertPlugin, webhookType: string, hook: unknown): Promise<View> {
  const ctx = context(webhookType);
  const outcome = plugin.parse(hook, ctx);
  if (!outcome.ok) throw new Error(`parse failed: ${outcome.reason}`);
  plugin.observe?.(outcome.event, ctx);
  return plugin.enrich!(outcome.event, ctx);
}

async function noIconSet(config: Record<string, unknown> = {}, rootDir?: string) {
  return testPluginSetup({ img: '', config: { fallbacks: FALLBACKS, ...config }, ...(rootDir ? { rootDir } : {}) });
}

test('creatures, nests, max battles, raid bosses and quest rewards: img_url; eggs: img_url_egg', async () => {
  const creature = await viewOf(monsterPlugin(await noIconSet()) as AnyAlertPlugin, 'pokemon', pokemonHook());
  assert.equal(creature.imgUrl, FALLBACKS.img_url);
  assert.equal((await viewOf(nestPlugin(await noIconSet()) as AnyAlertPlugin, 'nest', nestHook())).imgUrl, FALLBACKS.img_url);
  assert.equal((await viewOf(maxBattlePlugin(await noIconSet()) as AnyAlertPlugin, 'max_battle', maxBattleHook())).imgUrl, FALLBACKS.img_url);
  const raid = raidPlugin(await noIconSet()) as AnyAlertPlugin;
  assert.equal((await viewOf(raid, 'raid', raidHook())).imgUrl, FALLBACKS.img_url);
  assert.equal((await viewOf(raid, 'raid', eggHook())).imgUrl, FALLBACKS.img_url_egg);
  assert.equal((await viewOf(questPlugin(await noIconSet()) as AnyAlertPlugin, 'quest', questHook())).imgUrl, FALLBACKS.img_url);
});

test('gyms: img_url_gym; lures, invasions and stop updates: img_url_stop; a gym update: img_url_gym; weather: img_url_weather', async () => {
  const root = mkdtempSync(join(tmpdir(), 'lookout-fallbacks-'));
  try {
    const gym = await createGymPlugin(await noIconSet({}, root), { stateDebounceMs: 1 });
    assert.equal((await viewOf(gym.plugin as AnyAlertPlugin, 'gym_details', gymHook())).imgUrl, FALLBACKS.img_url_gym);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  assert.equal((await viewOf(lurePlugin(await noIconSet()) as AnyAlertPlugin, 'pokestop', stopHook())).imgUrl, FALLBACKS.img_url_stop);
  assert.equal((await viewOf(invasionPlugin(await noIconSet()) as AnyAlertPlugin, 'invasion', invasionHook())).imgUrl, FALLBACKS.img_url_stop);
  const forts = fortUpdatePlugin(await noIconSet()) as AnyAlertPlugin;
  const noPicture = { old: fortSide({ image_url: null }), new: fortSide({ image_url: null }) };
  assert.equal((await viewOf(forts, 'fort_update', fortHook(noPicture))).imgUrl, FALLBACKS.img_url_stop);
  const gymSides = { old: fortSide({ type: 'gym', image_url: null }), new: fortSide({ type: 'gym', image_url: null }) };
  assert.equal((await viewOf(forts, 'fort_update', fortHook(gymSides))).imgUrl, FALLBACKS.img_url_gym);
  assert.equal((await viewOf(forts, 'fort_update', fortHook())).imgUrl, 'https://example.invalid/bench.jpg', "the fort's own picture first");
  const weather = weatherPlugin(await noIconSet(ON)) as WeatherPlugin;
  assert.equal((await weather.enrich!(changeEvent(weather, 1, 2), context('weather'))).imgUrl, FALLBACKS.img_url_weather);
});

test('stop_url: the stop photo of lure, invasion and quest alerts whose webhook has none; the webhook\'s own first', async () => {
  const lure = lurePlugin(await noIconSet()) as AnyAlertPlugin;
  assert.equal((await viewOf(lure, 'pokestop', stopHook({ url: '' }))).stopUrl, FALLBACKS.stop_url);
  assert.equal((await viewOf(lure, 'pokestop', stopHook())).stopUrl, 'https://example.invalid/stop.jpg');
  const invasion = invasionPlugin(await noIconSet()) as AnyAlertPlugin;
  assert.equal((await viewOf(invasion, 'invasion', invasionHook({ url: '' }))).stopUrl, FALLBACKS.stop_url);
  const quest = questPlugin(await noIconSet()) as AnyAlertPlugin;
  const view = await viewOf(quest, 'quest', questHook({ pokestop_url: '' }));
  assert.deepEqual([view.stopUrl, view.pokestopUrl], [FALLBACKS.stop_url, FALLBACKS.stop_url]);
});

test('an empty fallback leaves the picture and the stop photo empty', async () => {
  const setup = await testPluginSetup({ img: '', config: { fallbacks: { img_url_stop: '', stop_url: '' } } });
  const view = await viewOf(lurePlugin(setup) as AnyAlertPlugin, 'pokestop', stopHook({ url: '' }));
  assert.deepEqual([view.imgUrl, view.stopUrl], ['', '']);
});
