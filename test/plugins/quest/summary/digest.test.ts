/**
 * The quest summary through the plugin's public members, with a runtime standing in for the core: `hold` keeps the
 * matches of summary rules and returns the others; a digest (sent by the trigger route) is one `questSummary`
 * alert per reward group and chunk, with the chunk's quests, the group's count, clean bit and latest end, and a
 * multi-pin map asked of `poracle-questsummary`; quests that ended are dropped and counted; the buffer survives a
 * stop and a new start (its file), and a damaged entry in the file is counted, not fatal.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DtsEngine } from '../../../../core/dts/engine.ts';
import { dtsTree, type DtsTree } from '../../../fixtures/dts/tree.ts';
import { SHIPPED } from '../../../fixtures/dts/platforms.ts';
import type { Knex } from 'knex';
import type { AlertPluginRuntime, Match, PluginAlert, PluginStaticMap, View } from '../../../../core/contract.ts';
import { createMetrics } from '../../../../core/metrics/metrics.ts';
import { silentLogger } from '../../../../core/log/logger.ts';
import type { Human } from '../../../../core/model.ts';
import questPlugin from '../../../../plugins/quest/index.ts';
import { SUMMARY_BUFFER_FILE } from '../../../../plugins/quest/summary/buffer-file.ts';
import { ManualClock } from '../../../helpers/manual-clock.ts';
import { metricValue } from '../../../helpers/metrics.ts';
import { human } from '../../../helpers/humans.ts';
import { testPluginSetup } from '../../../helpers/plugin-setup.ts';
import { hookContext, NOW_S, parsed, questHook, reward, type QuestPlugin } from '../support.ts';

interface Sent {
  readonly alert: PluginAlert;
  readonly view: View;
}

function fakeRuntime(clock: ManualClock, humans: readonly Human[]) {
  const sent: Sent[] = [];
  const texts: Array<{ id: string; text: string }> = [];
  const maps: PluginStaticMap[] = [];
  const metrics = createMetrics({ collectProcess: false });
  const runtime: AlertPluginRuntime = {
    log: silentLogger(),
    clock,
    db: {} as Knex,
    metrics: metrics.registry,
    snapshot: () => ({ humans: new Map(humans.map((h) => [h.id, h])) }) as unknown as ReturnType<AlertPluginRuntime['snapshot']>,
    reloadState: async () => true,
    translator: () => (text, vars) => text.replace(/\{(\w+)\}/g, (_, name: string) => String(vars?.[name] ?? '')),
    async sendText(h, text) {
      texts.push({ id: h.id, text });
      return true;
    },
    async sendAlert(alert) {
      sent.push({ alert, view: alert.view({ language: 'en', platform: 'discord' }) });
      return true;
    },
    async staticMap(request) {
      maps.push(request);
      return `https://tiles.test/map-${maps.length}.png`;
    },
  };
  return { runtime, sent, maps, metrics, texts };
}

async function plugin(rootDir: string, config: Record<string, unknown> = {}): Promise<QuestPlugin> {
  return questPlugin(await testPluginSetup({ config: { summariser: { max_per_message: 2 }, ...config }, rootDir, stickers: true })) as QuestPlugin;
}

function matchFor(h: Human, clean: number): Match {
  return { human: h, table: 'quest', ruleUid: 1, alertType: 'quest', templateId: null, ping: '', clean };
}

async function trigger(p: QuestPlugin, humanId: string): Promise<unknown> {
  const route = p.apiRoutes!.find((r) => r.method === 'POST' && r.path === '/summaries/:id/:alertType/trigger')!;
  return route.handler({ params: { id: humanId, alertType: 'quest' }, query: {}, body: undefined }, { reloadState: async () => true, log: silentLogger() });
}

const CANDY = reward(2, { item_id: 1301, amount: 3 });
const DUST = reward(3, { amount: 500 });
const NOW = NOW_S * 1000 + 3_600_000;

describe('quest summary digests', () => {
  it('holds summary matches, then sends one message per reward group and chunk with a multi-pin map', async () => {
    const rootDir = mkdtempSync(join(tmpdir(), 'quest-summary-'));
    const p = await plugin(rootDir);
    const clock = new ManualClock(NOW);
    const ash = human('ash', { type: 'discord:user', latitude: 48.1365, longitude: 11.572 });
    const misty = human('misty', { type: 'discord:user' });
    const { runtime, sent, maps, metrics } = fakeRuntime(clock, [ash, misty]);
    await p.start!(runtime);
    const stops = [
      { pokestop_id: 's1', pokestop_name: 'Old Mill', latitude: 48.1365, longitude: 11.572, rewards: [CANDY] },
      { pokestop_id: 's2', pokestop_name: 'Fountain', latitude: 48.14, longitude: 11.58, rewards: [CANDY] },
      { pokestop_id: 's3', pokestop_name: 'Library', latitude: 48.135, longitude: 11.565, rewards: [CANDY], with_ar: true },
      { pokestop_id: 's4', pokestop_name: 'Park Gate', latitude: 48.138, longitude: 11.57, rewards: [DUST] },
    ];
    for (const [i, stop] of stops.entries()) {
      const kept = p.hold!(parsed(p, questHook(stop)), [matchFor(ash, i === 0 ? 5 : 4), matchFor(misty, 0)], hookContext());
      assert.deepEqual(kept.map((m) => m.human.id), ['misty'], 'the summary match is held, the other sent now');
    }
    assert.equal(await metricValue(metrics, 'lookout_quest_summary_held_total', {}), 4);

    await trigger(p, 'ash');
    assert.deepEqual(
      sent.map((s) => [s.alert.alertType, s.view['rewardName'], s.view['count'], s.view['chunk'], s.view['chunks'], (s.view['quests'] as View[]).map((q) => q['pokestopName'])]),
      [
        ['questSummary', 'Rare Candy', 3, 1, 2, ['Old Mill', 'Fountain']],
        ['questSummary', 'Rare Candy', 3, 2, 2, ['Library']],
        ['questSummary', '500 Stardust', 1, 1, 1, ['Park Gate']],
      ],
    );
    const first = sent[0]!;
    assert.equal(first.alert.clean, 1, 'one of the candy rules has clean');
    assert.equal(sent[2]!.alert.clean, 0);
    assert.equal(first.alert.human.id, 'ash');
    assert.equal(first.alert.ownLimit, true);
    assert.ok(first.alert.expiresAt! > NOW);
    assert.equal(first.view['staticMap'], 'https://tiles.test/map-1.png');
    assert.match(String(first.view['imgUrl']), /reward\/item\/1301/);
    const quest = (first.view['quests'] as View[])[0]!;
    assert.equal(quest['googleMapUrl'], 'https://www.google.com/maps/search/?api=1&query=48.1365,11.572');
    assert.equal((sent[1]!.view['quests'] as View[])[0]!['withAR'], true);
    assert.deepEqual(maps.map((m) => m.template), ['questsummary', 'questsummary', 'questsummary']);
    const pins = maps[0]!.variables['points'] as Array<Record<string, unknown>>;
    assert.deepEqual(pins.map((pin) => [pin['name'], pin['latitude'], pin['longitude']]), [['Old Mill', 48.1365, 11.572], ['Fountain', 48.14, 11.58]]);
    assert.equal(typeof maps[0]!.variables['zoom'], 'number');
    assert.ok(Math.abs(Number(maps[0]!.variables['latitude']) - 48.13825) < 0.001);
    assert.equal(await metricValue(metrics, 'lookout_quest_summary_digests_total', {}), 1);
    assert.equal(await metricValue(metrics, 'lookout_quest_summary_messages_total', {}), 3);

    sent.length = 0;
    await trigger(p, 'ash');
    assert.equal(sent.length, 0, 'the buffer is empty after a digest');
    await p.stop!();
  });

  it('over dm_summary_limit the digest is dropped and counted; the user is told once per period', async () => {
    const p = await plugin(mkdtempSync(join(tmpdir(), 'quest-summary-')), { alert_limits: { dm_summary_limit: 1, timing_period: 600 } });
    const clock = new ManualClock(NOW);
    const ash = human('ash', { type: 'discord:user' });
    const { runtime, sent, metrics, texts } = fakeRuntime(clock, [ash]);
    await p.start!(runtime);
    for (const stop of ['a', 'b', 'c']) {
      p.hold!(parsed(p, questHook({ pokestop_id: stop, rewards: [CANDY] })), [matchFor(ash, 4)], hookContext());
      await trigger(p, 'ash');
    }
    assert.equal(sent.length, 1, 'one digest within the period');
    assert.equal(await metricValue(metrics, 'lookout_quest_summary_dropped_total', { reason: 'limit' }), 2);
    assert.deepEqual(texts, [{ id: 'ash', text: 'You have received 1 quest summaries in 600 seconds, the most this service sends you in that time; the quests held for this one were dropped.' }]);
    await clock.advanceTo(NOW + 600_000);
    p.hold!(parsed(p, questHook({ pokestop_id: 'd', rewards: [CANDY] })), [matchFor(ash, 4)], hookContext());
    await trigger(p, 'ash');
    assert.equal(sent.length, 2, 'a new period');
    await p.stop!();
  });

  it('drops and counts quests that ended before the digest', async () => {
    const rootDir = mkdtempSync(join(tmpdir(), 'quest-summary-'));
    const p = await plugin(rootDir);
    const clock = new ManualClock(NOW);
    const ash = human('ash', { type: 'discord:user' });
    const { runtime, sent, metrics } = fakeRuntime(clock, [ash]);
    await p.start!(runtime);
    p.hold!(parsed(p, questHook({ rewards: [CANDY] })), [matchFor(ash, 4)], hookContext());
    await clock.advanceTo(NOW + 2 * 86_400_000);
    await trigger(p, 'ash');
    assert.equal(sent.length, 0);
    assert.equal(await metricValue(metrics, 'lookout_quest_summary_dropped_total', { reason: 'expired' }), 1);
    await p.stop!();
  });

  it('keeps the held quests across a stop and a start; a damaged entry is counted', async () => {
    const rootDir = mkdtempSync(join(tmpdir(), 'quest-summary-'));
    const ash = human('ash', { type: 'discord:user' });
    const first = await plugin(rootDir);
    const one = fakeRuntime(new ManualClock(NOW), [ash]);
    await first.start!(one.runtime);
    first.hold!(parsed(first, questHook({ pokestop_id: 'a', rewards: [CANDY] })), [matchFor(ash, 4)], hookContext());
    first.hold!(parsed(first, questHook({ pokestop_id: 'b', rewards: [DUST] })), [matchFor(ash, 4)], hookContext());
    await first.stop!();
    const file = join(rootDir, SUMMARY_BUFFER_FILE);
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { humans: Record<string, unknown[]> };
    assert.equal(stored.humans['ash']!.length, 2);
    stored.humans['ash']!.push({ rewardType: 'x' });
    writeFileSync(file, JSON.stringify(stored));

    const second = await plugin(rootDir);
    const two = fakeRuntime(new ManualClock(NOW), [ash]);
    await second.start!(two.runtime);
    assert.equal(await metricValue(two.metrics, 'lookout_quest_summary_dropped_total', { reason: 'unreadable' }), 1);
    assert.equal(await metricValue(two.metrics, 'lookout_quest_summary_buffered', {}), 2);
    await trigger(second, 'ash');
    assert.deepEqual(two.sent.map((s) => s.view['rewardName']), ['Rare Candy', '500 Stardust']);
    await second.stop!();
  });

  it('a missing or unreadable file starts empty', async () => {
    const rootDir = mkdtempSync(join(tmpdir(), 'quest-summary-'));
    mkdirSync(join(rootDir, '.cache'));
    writeFileSync(join(rootDir, SUMMARY_BUFFER_FILE), '{not json');
    const p = await plugin(rootDir);
    const { runtime, metrics } = fakeRuntime(new ManualClock(NOW), []);
    await p.start!(runtime);
    assert.equal(await metricValue(metrics, 'lookout_quest_summary_buffered', {}), 0);
    await p.stop!();
  });

  it('with quest_summary_enabled off nothing is held and the routes answer 503', async () => {
    const p = await plugin(mkdtempSync(join(tmpdir(), 'quest-summary-')), { tracking: { quest_summary_enabled: false } });
    assert.equal(p.hold, undefined);
    assert.equal(p.start, undefined);
    const answer = (await trigger(p, 'ash')) as { code: number };
    assert.equal(answer.code, 503);
  });
});

describe('the bundled questSummary templates', () => {
  let tree: DtsTree;
  let engine: DtsEngine;
  before(async () => {
    const read = (path: string): string => readFileSync(new URL(`../../../../${path}`, import.meta.url), 'utf8');
    tree = dtsTree({ 'fallbacks/dts.json': read('fallbacks/dts.json'), 'fallbacks/partials.json': read('fallbacks/partials.json') });
    engine = await DtsEngine.load({ rootDir: tree.root, log: silentLogger(), ...SHIPPED, defaultTemplateId: '1', fallbackLanguage: 'en' });
  });
  after(() => tree.remove());

  it('discord and telegram: the count, reward, part, stops, AR mark and map', async () => {
    const p = await plugin(mkdtempSync(join(tmpdir(), 'quest-summary-')), { summariser: { max_per_message: 2 } });
    const ash = human('ash', { type: 'discord:user' });
    const { runtime, sent } = fakeRuntime(new ManualClock(NOW), [ash]);
    await p.start!(runtime);
    for (const [id, name, ar] of [['s1', 'Old Mill', false], ['s2', 'Fountain', true], ['s3', 'Library', false]] as const) {
      p.hold!(parsed(p, questHook({ pokestop_id: id, pokestop_name: name, with_ar: ar, rewards: [CANDY] })), [matchFor(ash, 4)], hookContext());
    }
    await trigger(p, 'ash');
    await p.stop!();
    const view = sent[0]!.view;
    const discord = JSON.stringify(engine.renderTemplate({ type: 'questSummary', platform: 'discord', language: 'en', id: null, view }).body);
    for (const part of ['3 × Rare Candy · part 1 of 2', 'Old Mill', 'Fountain](', '📷', 'https://tiles.test/map-1.png']) assert.ok(discord.includes(part), `discord shows ${part}: ${discord}`);
    assert.ok(!discord.includes('Library'), 'the second part has the third stop');
    const telegram = JSON.stringify(engine.renderTemplate({ type: 'questSummary', platform: 'telegram', language: 'en', id: null, view }).body);
    for (const part of ['*3 × Rare Candy* (part 1 of 2)', 'Old Mill', 'Map of these stops](https://tiles.test/map-1.png)']) assert.ok(telegram.includes(part), `telegram shows ${part}: ${telegram}`);
    const single = JSON.stringify(engine.renderTemplate({ type: 'questSummary', platform: 'discord', language: 'en', id: null, view: { ...view, chunks: 1 } }).body);
    assert.ok(!single.includes('part'), 'no part number when the group is one message');
  });
});
